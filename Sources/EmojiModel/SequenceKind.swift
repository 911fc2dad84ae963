/// How an emoji is spelled in code points, which decides how safely a
/// terminal can draw it.
public enum SequenceKind: String, CaseIterable, Sendable {
  /// One code point with emoji presentation (😀): two columns everywhere.
  case single
  /// A text-default character made emoji by VS16 (❤️): one column to
  /// `wcwidth`, two in many terminals.
  case presentationSelector
  /// Digit, `#` or `*`, VS16, then the combining keycap (1️⃣).
  case keycap
  /// A pair of regional indicator letters (🇺🇸).
  case flag
  /// A black flag with tag letters naming a region (🏴󠁧󠁢󠁥󠁮󠁧󠁿 England).
  case subdivisionFlag
  /// An emoji with a skin-tone modifier (👍🏽).
  case skinTone
  /// Emoji joined by zero-width joiners (👩‍💻): ncurses drops the joiner and
  /// terminals disagree on the width.
  case zwj

  public init(_ scalars: [Unicode.Scalar]) {
    let values = scalars.map(\.value)
    if values.contains(0x200D) {
      self = .zwj
    } else if values.contains(0x20E3) {
      self = .keycap
    } else if values.count == 2, values.allSatisfy({ (0x1F1E6...0x1F1FF).contains($0) }) {
      self = .flag
    } else if values.contains(where: { (0xE0020...0xE007F).contains($0) }) {
      self = .subdivisionFlag
    } else if scalars.contains(where: Emoji.isSkinToneModifier) {
      self = .skinTone
    } else if values.contains(0xFE0F) {
      self = .presentationSelector
    } else {
      self = .single
    }
  }
}
