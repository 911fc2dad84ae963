import ArgumentParser
import ConfigFile
import Foundation
import Support

/// `emoji-rater config [OPTIONS]`: what the app would start with, setting
/// by setting, and where each value comes from.
struct ConfigCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "config",
    abstract: "Print the settings the app starts with, and where each comes from.",
    discussion: """
      Defaults for the app's options can be kept in $XDG_CONFIG_HOME/emoji-rater/config.toml \
      (~/.config/emoji-rater/config.toml without it), one TOML line each: an option's long \
      name, = and a value (server for --source):

        server = "http://127.0.0.1:8080"
        mode = "async"
        skin-tones = true

      The command line wins over the file. export, stats, search and voter read the \
      settings they have an option for (ratings, lang, skin-tones, server); bench, serve \
      and doctor read none. A line no option would take is an error that names it, for \
      every command that reads the file. Give this command the app's options to see what \
      they would change.
      """
  )

  @Argument(
    parsing: .allUnrecognized,
    help: ArgumentHelp("The app's options, as 'emoji-rater browse' takes them.", valueName: "options"))
  var given: [String] = []

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    guard let path = ConfigFile.path(environment: environment) else {
      throw ValidationError("no place for a config file: set HOME or XDG_CONFIG_HOME")
    }
    // main() read it already and stopped if it was wrong; this reads it
    // again for its lines, which the command line does not carry.
    let file = try ConfigFile.read(path)
    let fromFile = try file?.arguments(for: "browse", options: ConfigDefaults.options) ?? []
    let browse = try BrowseCommand.parse(fromFile + given).options
    print(
      file == nil
        ? "config file: \(SafeText.printable(path)) (there is none: every setting below is the default or the command line's)"
        : "config file: \(SafeText.printable(path))")
    let rows = ConfigDefaults.settings.map { setting in
      [setting.option.key, SafeText.printable(setting.shown(browse)), source(of: setting.option, in: file)]
    }
    let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
    for row in rows {
      print(
        row[0].padding(toLength: widths[0] + 2, withPad: " ", startingAt: 0)
          + row[1].padding(toLength: max(widths[1], row[1].count) + 2, withPad: " ", startingAt: 0)
          + row[2])
    }
  }

  /// The command line, the file's line, or the default.
  private func source(of option: ConfigOption, in file: ConfigFile?) -> String {
    let typed = given.contains { word in
      option.names.contains { word == $0 || word.hasPrefix($0 + "=") }
    }
    if typed { return "command line" }
    if let setting = file?.settings.first(where: { $0.key == option.key }) {
      return setting.line > 0 ? "config file, line \(setting.line)" : "config file"
    }
    return "default"
  }
}
