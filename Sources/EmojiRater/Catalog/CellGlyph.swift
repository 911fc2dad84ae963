import EmojiModel

/// What a grid cell draws for an emoji: the emoji whole, or a stand-in of at
/// most two parts in a two-column slot and an ASCII marker in the column
/// after it.
///
/// Terminals disagree about the width of emoji sequences, so a cell sends a
/// sequence whole only where the terminal was found to keep its kind in two
/// columns (`GlyphPolicy`); elsewhere it draws one safe stand-in per kind,
/// and the status line gives the full name and code points. The stand-ins
/// (documented in the README):
///
/// | kind                      | drawn as                           |
/// | ------------------------- | ---------------------------------- |
/// | single code point  😀     | itself                             |
/// | VS16  ❤️                  | the base character, text style     |
/// | keycap  1️⃣               | the key's character, reversed      |
/// | flag  🇺🇸                  | the two region letters, `US`       |
/// | subdivision flag  🏴󠁧󠁢󠁥󠁮󠁧󠁿 | 🏴 with marker `+`                  |
/// | skin tone  👍🏽            | the base emoji with the tone 1–5    |
/// | ZWJ sequence  👩‍💻         | its first emoji with marker `+`     |
public struct CellGlyph: Equatable, Sendable {
  /// One code point, or a whole emoji sequence in one terminal cell, and
  /// the columns it is given.
  public struct Part: Equatable, Sendable {
    public var scalars: [Unicode.Scalar]
    public var width: Int

    public init(scalar: Unicode.Scalar, width: Int) {
      scalars = [scalar]
      self.width = width
    }

    public init(sequence: [Unicode.Scalar], width: Int) {
      scalars = sequence
      self.width = width
    }
  }

  /// Drawn left to right in the glyph slot; together at most `slotWidth` wide.
  public var parts: [Part]
  /// An ASCII character in the marker column (`+` for a sequence, a skin tone digit).
  public var marker: Character?
  /// Drawn reversed, like a key cap.
  public var isKeycap: Bool

  /// Columns the glyph slot takes in a cell.
  public static let slotWidth = 2

  public init(parts: [Part], marker: Character? = nil, isKeycap: Bool = false) {
    self.parts = parts
    self.marker = marker
    self.isKeycap = isKeycap
  }

  /// The stand-in for `emoji` that every terminal draws at a known width.
  public static func safe(for emoji: Emoji) -> CellGlyph {
    let scalars = emoji.scalars
    let first = scalars[0]
    switch SequenceKind(scalars) {
    case .single, .presentationSelector:
      return CellGlyph(parts: [part(first)])
    case .keycap:
      return CellGlyph(parts: [part(first)], isKeycap: true)
    case .flag:
      return CellGlyph(parts: scalars.map { Part(scalar: regionLetter($0), width: 1) })
    case .subdivisionFlag, .zwj:
      return CellGlyph(parts: [part(first)], marker: "+")
    case .skinTone:
      let tone = scalars.first(where: Emoji.isSkinToneModifier).map { $0.value - 0x1F3FB + 1 } ?? 0
      return CellGlyph(parts: [part(first)], marker: Character(String(tone)))
    }
  }

  /// The stand-in for a terminal without a UTF-8 locale: two ASCII letters,
  /// the initials of the name (the status line spells it out), with the
  /// same markers as `safe(for:)`.
  public static func ascii(for emoji: Emoji) -> CellGlyph {
    let safe = safe(for: emoji)
    if safe.parts.allSatisfy({ $0.scalars.allSatisfy(\.isASCII) }) { return safe }
    let words = emoji.name.split { !$0.isLetter && !$0.isNumber }
    var letters = words.prefix(2).compactMap { $0.unicodeScalars.first(where: \.isASCII) }
    if letters.count < 2, let word = words.first, word.unicodeScalars.count > 1 {
      letters = Array(word.unicodeScalars.filter(\.isASCII).prefix(2))
    }
    let parts = letters.map { Part(scalar: $0, width: 1) }
    return CellGlyph(parts: parts.isEmpty ? [Part(scalar: "?", width: 1)] : parts, marker: safe.marker)
  }

  /// A code point on its own gets the whole slot: an emoji fills it, and a
  /// narrower text-style character (VS16 dropped) is padded by the canvas.
  private static func part(_ scalar: Unicode.Scalar) -> Part {
    Part(scalar: scalar, width: slotWidth)
  }

  /// 🇺 (regional indicator U) → `U`.
  private static func regionLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    Unicode.Scalar(scalar.value - 0x1F1E6 + 0x41) ?? "?"
  }
}
