#if canImport(Glibc)
  import Glibc
#endif

/// Text from outside — a paste, a name from a data file, an identifier from
/// a ratings file — made safe to put on a terminal: no control character
/// (C0, DEL, C1: an `ESC` could start a sequence the terminal obeys) and no
/// bidirectional override or isolate, which can make text read in another
/// order than it is stored.
public enum SafeText {
  /// Whether a scalar must never reach the terminal as it is.
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }

  /// `text` without the unsafe scalars; line breaks and tabs become spaces.
  public static func printable(_ text: some StringProtocol) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\n" || scalar == "\r" || scalar == "\t" {
        result.append(" ")
      } else if !isUnsafe(scalar) {
        result.append(scalar)
      }
    }
    return String(result)
  }
}

extension SafeText {
  /// `text` with every unsafe scalar shown, never sent: `ESC` becomes the
  /// six characters `\u{1b}`, a line break `\u{a}`. For a message that
  /// quotes input (a file's line, an option's value, a server's answer, a
  /// path): what a person reads is exactly what was there, and a terminal
  /// obeys none of it.
  public static func escaped(_ text: some StringProtocol) -> String {
    escaped(text, keepingLineBreaks: false)
  }

  /// As `escaped`, keeping line breaks: for a whole message of several
  /// lines on its way to standard error, the last guard for any quote that
  /// was not escaped where it was made.
  public static func escapedKeepingLineBreaks(_ text: some StringProtocol) -> String {
    escaped(text, keepingLineBreaks: true)
  }

  private static func escaped(_ text: some StringProtocol, keepingLineBreaks: Bool) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return String(text) }
    var result = ""
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar), !(keepingLineBreaks && scalar == "\n") {
        result += "\\u{" + String(scalar.value, radix: 16) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

/// Standard error, for messages: every one goes out through `write`, which
/// escapes whatever control character a quoted input brought along.
public enum StandardError {
  /// Writes `message` and a line break.
  public static func write(_ message: String) {
    FileDescriptor.write(Array((SafeText.escapedKeepingLineBreaks(message) + "\n").utf8), to: STDERR_FILENO)
  }
}
