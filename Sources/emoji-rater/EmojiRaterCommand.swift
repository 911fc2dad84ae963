import ArgumentParser
import EmojiRater
import Foundation
import Loading
import Support
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// The command line, and nothing else: it turns arguments into options and
/// hands over to the app (`browse`, the default) or the benchmark (`bench`).
/// The root takes no options of its own, so each subcommand's are its own.
@main
struct EmojiRaterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "emoji-rater",
    abstract: "Browse and rate every Unicode emoji in a scrollable terminal grid.",
    discussion: """
      Run without a subcommand to browse: emoji-rater [--mode sync|async|prefetch]
      [--latency 500-2000ms] [--skin-tones] [--items N] … (see 'emoji-rater help browse').

      Keys (? in the app shows them too):
      \(KeyMap.helpText)

      Votes are kept in $XDG_DATA_HOME/emoji-rater/ratings.json (or \
      ~/.local/share/emoji-rater/ratings.json; --ratings PATH for another file). \
      'emoji-rater export' prints them as CSV or JSON, 'emoji-rater stats' totals \
      them per group.
      """,
    version: AppVersion.current,
    subcommands: [
      BrowseCommand.self, BenchCommand.self, ExportCommand.self, StatsCommand.self, SearchCommand.self,
      DoctorCommand.self, ServeCommand.self, VoterCommand.self, ConfigCommand.self,
    ],
    defaultSubcommand: BrowseCommand.self
  )

  /// As ArgumentParser's own, except that every message goes to standard
  /// error through `StandardError` (which shows any control character a
  /// quoted argument or file brought along, and sends none), and that a
  /// command line it cannot use (an unknown option, a value out of range)
  /// exits with status 2, as most Unix tools do, rather than its 64: the
  /// same status as every other refusal to start. Help and the version go
  /// to standard output, status 0, as ArgumentParser writes them.
  ///
  /// The config file's settings go in first (`ConfigDefaults`); a file
  /// that is wrong stops every command that reads it, naming the line.
  static func main() {
    let given = Array(CommandLine.arguments.dropFirst())
    let commandLine: ConfigDefaults.CommandLine
    do {
      commandLine = try ConfigDefaults.commandLine(given, environment: ProcessInfo.processInfo.environment)
    } catch {
      StandardError.write(
        "emoji-rater: the config file: \(error)\nMend the file or move it aside; 'emoji-rater config --help' says what it may hold."
      )
      Foundation.exit(2)
    }
    do {
      var command = try parseAsRoot(commandLine.arguments)
      try command.run()
    } catch {
      let status = exitCode(for: error)
      var message = fullMessage(for: error)
      if status == .success {
        if !message.isEmpty { print(message) }
        Foundation.exit(0)
      }
      // A clash between the file and the command line (--failure-rate
      // given, server set in the file) names options the person never
      // typed: say where they came from.
      if let file = commandLine.file, status == .validationFailure, (try? parseAsRoot(given)) != nil {
        message +=
          "\n(Some of these options are the config file's, \(SafeText.escaped(file.path)): "
          + "'emoji-rater config' shows each setting and where it comes from.)"
      }
      if !message.isEmpty { StandardError.write(message) }
      Foundation.exit(status == .validationFailure ? 2 : status.rawValue)
    }
  }
}

/// `emoji-rater [browse]`: the interactive app.
struct BrowseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Browse the emoji grid (the default).",
    discussion: """
      Each emoji's data comes from a simulated slow server (--latency), or over
      HTTP from 'emoji-rater serve' (--source http://127.0.0.1:8080). Loading
      modes: sync loads on the main thread, one cell a frame (the choppy "before");
      async loads in the background when a cell shows; prefetch also loads the
      rows near the screen ahead of time.

      Emoji sequences (👩‍💻, 🇺🇸, ❤️) are drawn whole where this terminal keeps
      them in two columns (asked at start in about 150 ms; see 'emoji-rater
      doctor'), as stand-ins elsewhere (--glyphs).

      Needs a terminal: standard input and output must not be redirected.
      NO_COLOR turns colours off; a locale that is not UTF-8 draws in ASCII.
      """
  )

  @Flag(
    inversion: .prefixedNo, exclusivity: .chooseLast,
    help: "Show every skin-tone variant after its base emoji.")
  var skinTones = false

  @Option(
    name: .long,
    help: ArgumentHelp("Read emoji from another copy of Unicode's emoji-test.txt.", valueName: "path"))
  var emojiData: String?

  @Flag(
    inversion: .prefixedNo, exclusivity: .chooseLast,
    help:
      "Take the mouse for scrolling and voting (--no-mouse leaves it to the terminal, for selecting and copying text)."
  )
  var mouse = true

  @Option(
    help: ArgumentHelp(
      "How cells load: sync, async or prefetch (switch live with m; default: the last run's, else prefetch).",
      valueName: "mode"))
  var mode: LoadingMode?

  @Option(
    help: ArgumentHelp(
      "The grid's order: catalog, or with --source URL the community's, top (most voted up) or controversial (switch with o).",
      valueName: "order"))
  var order = CommunityOrder.catalog

  @OptionGroup var content: ContentOptions

  @Option(
    help: ArgumentHelp(
      "How emoji are drawn: auto (as this terminal was found to draw each kind), full (every kind whole), safe (stand-ins for sequences) or ascii; then per kind, KIND=whole, stand-in or letters (auto,flags=letters; kinds as emoji-rater doctor names them). (default: \(GlyphSettings()))",
      valueName: "glyphs"), transform: ArgumentValue.glyphSettings)
  var glyphs = GlyphSettings()

  @Option(help: ArgumentHelp("The share of loads that fail, from 0 to 1.", valueName: "rate"))
  var failureRate: Double = 0

  @Option(
    help: ArgumentHelp(
      "Loads in flight at most, like a connection pool; 0 for no bound (default: sized for the terminal and latency).",
      valueName: "n"))
  var maxConcurrent: Int?

  @Option(
    help: ArgumentHelp("Rows to prefetch beyond each edge (default: adapts to the scroll).", valueName: "n"))
  var prefetchRows: Int?

  @Option(
    help: ArgumentHelp("Items the loader keeps in its cache (at least six screens' worth).", valueName: "n")
  )
  var cacheSize = LoadingOptions.defaultCacheSize

  @Option(help: ArgumentHelp("Seed for latencies and failures, to repeat a run.", valueName: "n"))
  var seed: UInt64?

  @Option(
    help: ArgumentHelp("Frames per second to aim for (the HUD's budget), e.g. 30, 60 or 120.", valueName: "n")
  )
  var fps: Int = 60

  @Option(
    help: ArgumentHelp(
      "On exit, write the session's full statistics as JSON to this file.", valueName: "path"))
  var statsJson: String?

  @OptionGroup var ratings: RatingsOption

  @OptionGroup var language: LanguageOption

  func validate() throws {
    if content.source == .ownServer {
      throw ValidationError(
        "--source serve is for bench; start 'emoji-rater serve' and give its address, e.g. --source http://127.0.0.1:8080"
      )
    }
    if order != .catalog {
      guard case .given(let source) = content.source, source.server != nil, content.items == nil else {
        throw ValidationError(
          "--order \(order.rawValue) is the community's order: it needs a ratings server, --source URL (and no --items)"
        )
      }
    }
    if failureRate > 0, content.source != .given(.simulated) {
      throw ValidationError(
        "--failure-rate is the simulated source's; with --source, give it to 'emoji-rater serve' instead")
    }
    guard (0...1).contains(failureRate) else {
      throw ValidationError("--failure-rate must be between 0 and 1 (e.g. 0.05), not \(failureRate)")
    }
    if let maxConcurrent, !(0...Self.maximumConcurrent).contains(maxConcurrent) {
      throw ValidationError(
        "--max-concurrent must be a whole number from 0 (no bound) to \(Self.maximumConcurrent), not \(maxConcurrent)"
      )
    }
    if let prefetchRows, !(1...Self.maximumPrefetchRows).contains(prefetchRows) {
      throw ValidationError(
        "--prefetch-rows must be a whole number from 1 to \(Self.maximumPrefetchRows), not \(prefetchRows)")
    }
    guard (1...240).contains(fps) else {
      throw ValidationError(
        "--fps must be a whole number of frames per second from 1 to 240 (e.g. 30, 60 or 120), not \(fps)")
    }
    guard (1...Self.maximumCacheSize).contains(cacheSize) else {
      throw ValidationError(
        "--cache-size must be a whole number from 1 to \(Self.maximumCacheSize), not \(cacheSize)")
    }
  }

  // Far past any use, short of where memory or arithmetic gives out.
  static let maximumConcurrent = 10_000
  static let maximumPrefetchRows = 10_000
  static let maximumCacheSize = 10_000_000

  mutating func run() throws {
    var options = AppOptions()
    options.includeSkinTones = skinTones
    options.emojiDataPath = emojiData
    options.mouse = mouse
    options.items = content.items
    options.mode = mode
    options.order = order
    options.loading.latency = content.latency
    if case .given(let source) = content.source { options.loading.source = source }
    options.loading.failureRate = failureRate
    options.loading.maxConcurrent = maxConcurrent
    options.loading.prefetchRows = prefetchRows
    options.loading.cacheSize = cacheSize
    if let seed { options.loading.seed = seed }
    options.framesPerSecond = fps
    options.statsJSONPath = statsJson
    options.ratings = ratings.location
    options.glyphs = glyphs
    options.language = try language.language()
    let launch = options
    let status = MainActor.assumeIsolated { AppLauncher.launch(launch) }
    throw ExitCode(status)
  }
}
