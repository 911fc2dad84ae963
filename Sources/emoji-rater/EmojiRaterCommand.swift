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
      \(KeyMap.helpText())

      Votes are kept in $XDG_DATA_HOME/emoji-rater/ratings.json (or \
      ~/.local/share/emoji-rater/ratings.json; --ratings PATH for another file). \
      'emoji-rater export' prints them as CSV or JSON, 'emoji-rater stats' totals \
      them per group.
      """,
    version: AppVersion.current,
    subcommands: [
      BrowseCommand.self, BenchCommand.self, ExportCommand.self, StatsCommand.self, SearchCommand.self,
      DoctorCommand.self, ServeCommand.self, VoterCommand.self, ConfigCommand.self, PickCommand.self,
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

  @OptionGroup var options: BrowseOptions

  func run() throws {
    let launch = try options.appOptions()
    let status = MainActor.assumeIsolated { AppLauncher.launch(launch) }
    throw ExitCode(status)
  }
}
