import Support

/// Why the screen could not start, worded for the person at the keyboard:
/// what went wrong and what to do about it.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
  case notATerminal(stream: String)
  case terminalTypeUnset
  case unknownTerminalType(String)
  case cannotStart(String)

  public var description: String {
    switch self {
    case .notATerminal(let stream):
      "\(stream) is not a terminal: emoji-rater is an interactive app; run it in a terminal"
        + " without redirecting it (subcommands and --help work anywhere)"
    case .terminalTypeUnset:
      "TERM is not set, so the terminal's capabilities are unknown; set it, e.g."
        + " `export TERM=xterm-256color`"
    case .unknownTerminalType(let name):
      "the terminal type '\(SafeText.escaped(name))' (from TERM) is not in the terminfo database; set TERM to one"
        + " that is, e.g. `export TERM=xterm-256color`, or install ncurses-term"
    case .cannotStart(let reason):
      "cannot start the screen: \(reason)"
    }
  }
}
