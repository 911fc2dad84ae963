/// Column widths for the in-memory canvas, which has no `wcwidth` to ask.
///
/// It is deliberately simple: the app draws emoji only through
/// `Canvas.glyph` with an explicit width, so text only ever holds ASCII,
/// punctuation and box drawing (one column), marks (none) and, in names,
/// the odd accented letter.
public enum TextWidth {
  public static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x7F { return 1 }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if properties.isEmojiPresentation { return 2 }
    if isEastAsianWide(value) { return 2 }
    return 1
  }

  public static func columns(of string: String) -> Int {
    string.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
  }

  /// The main East Asian wide blocks (CJK, Hangul, full-width forms).
  private static func isEastAsianWide(_ value: UInt32) -> Bool {
    (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x20000...0x3FFFD).contains(value)
  }
}
