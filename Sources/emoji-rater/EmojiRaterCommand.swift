import ArgumentParser
import EmojiRater
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// The command line, and nothing else: it turns arguments into `AppOptions`
/// and hands over to the app.
@main
struct EmojiRaterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "emoji-rater",
    abstract: "Browse and rate every Unicode emoji in a scrollable terminal grid.",
    discussion: """
      Keys: arrows or h j k l move, PgUp/PgDn page, Home/End (g/G) first and last,
      Tab/Shift-Tab next and previous section, the mouse wheel scrolls and a click
      selects, ? shows every key, q or Ctrl-C quits.

      Needs a terminal: standard input and output must not be redirected.
      NO_COLOR turns colours off; a locale that is not UTF-8 draws in ASCII.
      """,
    version: AppVersion.current
  )

  @Flag(name: .long, help: "Show every skin-tone variant after its base emoji.")
  var skinTones = false

  @Option(
    name: .long,
    help: ArgumentHelp("Read emoji from another copy of Unicode's emoji-test.txt.", valueName: "path"))
  var emojiData: String?

  @Flag(name: .long, help: "Leave the mouse to the terminal (for selecting and copying text).")
  var noMouse = false

  mutating func run() throws {
    var options = AppOptions()
    options.includeSkinTones = skinTones
    options.emojiDataPath = emojiData
    options.mouse = !noMouse
    let launch = options
    let status = MainActor.assumeIsolated { AppLauncher.launch(launch) }
    throw ExitCode(status)
  }
}
