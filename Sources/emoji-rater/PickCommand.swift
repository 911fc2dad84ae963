import ArgumentParser
import EmojiRater

/// `emoji-rater pick`: the grid, drawn on the terminal, printing the emoji
/// chosen to standard output, for a pipe or `$( )`.
struct PickCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pick",
    abstract: "Choose emoji in the grid and print them, for a pipe or $( ).",
    discussion: """
      The grid and its search, drawn on the terminal (/dev/tty) as fzf does, so standard \
      output can be a pipe: type to search; Enter prints the selected emoji, or those Tab \
      marked, one a line, and exits 0; Esc prints nothing and exits 1; Ctrl-C exits 130. \
      It takes every option of the app (see 'emoji-rater help browse'). Shell, tmux and \
      window-manager bindings are in docs/pick.md.

      Keys:
      \(KeyMap.helpText(picking: true))
      """
  )

  @Option(help: ArgumentHelp("Start with this search typed.", valueName: "text"))
  var query: String?

  @Option(
    help: ArgumentHelp(
      "What to print of each emoji chosen: the emoji, its name, its code points (U+1F389) or its shortcode (:tada:).",
      valueName: "format"))
  var format = PickFormat.emoji

  @OptionGroup var options: BrowseOptions

  func run() throws {
    var launch = try options.appOptions()
    launch.pick = PickOptions(query: query, format: format)
    let started = launch
    let status = MainActor.assumeIsolated { AppLauncher.launch(started) }
    throw ExitCode(status)
  }
}

extension PickFormat: ExpressibleByArgument {
  public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}
