import ArgumentParser
import ConfigFile
import EmojiModel
import EmojiRater
import Foundation

/// config.toml's settings, put on the command line ahead of the person's
/// own, so that each is read, checked and explained by the option it stands
/// for, and the command line still wins (the last of an option counts).
enum ConfigDefaults {
  /// A setting for every option of the app (`browse`, and `pick`, which
  /// takes them all), by its long name, `server` for `--source`; and the
  /// other commands with the same option.
  /// `bench`, `serve` and `doctor` read none: a benchmark's figures and a
  /// server's behaviour are what their command lines say, on any machine.
  static let settings: [Setting] = [
    Setting("server", .value(option: "--source"), also: ["voter"]) { $0.content.source.description },
    Setting("mode", .value(option: "--mode")) { $0.mode?.rawValue ?? "the last run's, else prefetch" },
    Setting("order", .value(option: "--order")) { $0.order.rawValue },
    Setting("glyphs", .value(option: "--glyphs")) { $0.glyphs.description },
    Setting("lang", .value(option: "--lang"), also: ["search"]) { browse in
      let language = try? UserLanguage.choose(
        requested: browse.language.code, environment: ProcessInfo.processInfo.environment)
      return language?.note ?? browse.language.code ?? ""
    },
    Setting("skin-tones", .flag(on: "--skin-tones", off: "--no-skin-tones"), also: ["search"]) {
      String($0.skinTones)
    },
    Setting("mouse", .flag(on: "--mouse", off: "--no-mouse")) { String($0.mouse) },
    Setting("history", .flag(on: "--history", off: "--no-history")) { String($0.history) },
    Setting("skin-tone", .value(option: "--skin-tone")) { options in
      switch options.skinTone {
      case nil: "the last run's, else none"
      case let choice?: choice.tone.map { "\($0.rawValue) (\($0.name))" } ?? "none"
      }
    },
    Setting("ratings", .value(option: "--ratings"), also: ["export", "stats", "voter"]) { browse in
      (try? browse.ratings.location.path(environment: ProcessInfo.processInfo.environment))
        ?? "none: set HOME or XDG_DATA_HOME"
    },
    Setting("latency", .value(option: "--latency")) { $0.content.latency.description },
    Setting("failure-rate", .value(option: "--failure-rate")) { String($0.failureRate) },
    Setting("max-concurrent", .value(option: "--max-concurrent")) {
      $0.maxConcurrent.map(String.init) ?? "sized for the terminal and latency"
    },
    Setting("prefetch-rows", .value(option: "--prefetch-rows")) {
      $0.prefetchRows.map(String.init) ?? "adapts to the scroll"
    },
    Setting("cache-size", .value(option: "--cache-size")) { String($0.cacheSize) },
    Setting("fps", .value(option: "--fps")) { String($0.fps) },
    Setting("items", .value(option: "--items")) { $0.content.items.map(String.init) ?? "the catalog's" },
    Setting("emoji-data", .value(option: "--emoji-data")) { $0.emojiData ?? "built in" },
    Setting("seed", .value(option: "--seed")) { $0.seed.map(String.init) ?? "a new one each run" },
    Setting("stats-json", .value(option: "--stats-json")) { $0.statsJson ?? "none" },
  ]

  /// One setting: the option it stands for, and how `emoji-rater config`
  /// shows the value the app would start with.
  struct Setting: Sendable {
    let option: ConfigOption
    let shown: @Sendable (BrowseOptions) -> String

    init(
      _ key: String, _ kind: ConfigOption.Kind, also commands: Set<String> = [],
      shown: @escaping @Sendable (BrowseOptions) -> String
    ) {
      option = ConfigOption(key: key, kind: kind, commands: commands.union(["browse", "pick"]))
      self.shown = shown
    }
  }

  static var options: [ConfigOption] { settings.map(\.option) }

  /// What a command line reads with the config file's settings in it.
  struct CommandLine {
    var arguments: [String]
    /// The file, when it gave this command anything.
    var file: ConfigFile?
  }

  /// `given` (the arguments after the program's name) with the settings
  /// of the file at `environment`'s config path first, after the
  /// subcommand's name. Only a command with a setting reads the file (and
  /// `config`, which shows them); help, the version and completion scripts
  /// never do, so a broken file cannot hide them.
  static func commandLine(_ given: [String], environment: [String: String]) throws(ConfigFileError)
    -> CommandLine
  {
    let unchanged = CommandLine(arguments: given, file: nil)
    let subcommands = EmojiRaterCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
    let named = given.first.flatMap { subcommands.contains($0) ? $0 : nil }
    let command = named ?? "browse"
    let asksForHelp = given.contains {
      ["-h", "--help", "--version", "--generate-completion-script", "--experimental-dump-help"].contains($0)
        || $0.hasPrefix("---")
    }
    let readsTheFile =
      command == ConfigCommand.configuration.commandName
      || options.contains { $0.commands.contains(command) }
    guard readsTheFile, !asksForHelp, given.first != "help",
      let path = ConfigFile.path(environment: environment),
      let file = try ConfigFile.read(path)
    else { return unchanged }
    try check(file)
    let settings = try file.arguments(for: command, options: options)
    guard !settings.isEmpty else { return unchanged }
    let arguments = named.map { [$0] + settings + given.dropFirst() } ?? settings + given
    return CommandLine(arguments: arguments, file: file)
  }

  /// Reads the file's settings as the app's command line, alone, so that
  /// a value no option takes is blamed on its line, whichever command runs.
  static func check(_ file: ConfigFile) throws(ConfigFileError) {
    let arguments = try file.arguments(for: "browse", options: options)
    do {
      _ = try BrowseCommand.parse(arguments)
    } catch {
      let message = BrowseCommand.message(for: error)
      guard let setting = file.setting(namedIn: message, options: options) else {
        throw ConfigFileError(path: file.path, line: nil, reason: message)
      }
      throw file.error(setting, "\(setting.key) = \(setting.value): \(message)")
    }
  }
}
