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
