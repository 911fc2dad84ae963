import Support

#if canImport(Glibc)
  import Glibc
#endif

/// Where a pick draws and where it prints: as fzf does, the grid goes to
/// the controlling terminal, `/dev/tty`, so standard output can be a pipe
/// or `$( )` and carry only the choice.
public struct PickTerminal: Sendable {
  /// The standard output the pick was started with, kept for the choice.
  let output: Int32
  let format: PickFormat

  /// Makes the terminal standard output (and standard input, when that is
  /// not a terminal either), so that everything that draws, reads keys or
  /// restores the screen finds it where it always looks; the old standard
  /// output is kept for the choice. Nothing is changed if it fails.
  static func takeOver(format: PickFormat) -> Result<PickTerminal, PickTerminalError> {
    let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard terminal >= 0 else { return .failure(.noTerminal(String(cString: strerror(errno)))) }
    defer { close(terminal) }
    let output = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
    guard output >= 0 else { return .failure(.noTerminal(String(cString: strerror(errno)))) }
    _ = dup2(terminal, STDOUT_FILENO)
    if isatty(STDIN_FILENO) != 1 { _ = dup2(terminal, STDIN_FILENO) }
    return .success(PickTerminal(output: output, format: format))
  }

  /// Prints what was chosen, a line an emoji, on the standard output the
  /// pick was started with; nothing for a pick left without a choice.
  func print(_ outcome: PickOutcome) {
    guard case .chosen(let emoji) = outcome, !emoji.isEmpty else { return }
    let text = emoji.map { SafeText.printable(format.line(for: $0)) + "\n" }.joined()
    // A reader gone (`| head -0`) is its business: no SIGPIPE for it.
    signal(SIGPIPE, SIG_IGN)
    _ = FileDescriptor.write(Array(text.utf8), to: output)
  }
}

public enum PickTerminalError: Error, CustomStringConvertible {
  case noTerminal(String)

  public var description: String {
    switch self {
    case .noTerminal(let reason):
      "pick draws on the terminal, and /dev/tty cannot be opened (\(reason)): run it from a terminal"
    }
  }
}
