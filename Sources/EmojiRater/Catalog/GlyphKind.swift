/// The ways of spelling an emoji that terminals draw in different numbers
/// of columns. The app asks the terminal about one sample of each
/// (`WidthProbe`) and draws an emoji whole only if the terminal keeps every
/// kind it is made of in two columns.
public enum GlyphKind: Hashable, Sendable {
  /// One code point from Emoji 14.0 or before (😀): the C library knows these.
  case single
  /// One code point new in an Emoji version from 15.0 on (🫨 in "15.0"):
  /// a terminal draws it only once its own table has it.
  case newSingle(version: String)
  /// Emoji joined by zero-width joiners (👩‍💻).
  case zwj
  /// The same, read by the terminal in two pieces cut just after a joiner,
  /// as a large frame may be: tmux 3.3a then forgets the join, and the
  /// emoji after it takes cells of its own.
  case zwjInTwoReads
  /// Joined emoji whose first is a text-style character made emoji by VS16
  /// (🏳️‍🌈): some terminals join the others and not these.
  case zwjWithTextStyleFirst
  /// An emoji with a skin-tone modifier (👍🏽).
  case skinTone
  /// A pair of regional indicator letters (🇺🇸).
  case flag
  /// A black flag with tag letters naming a region (🏴󠁧󠁢󠁥󠁮󠁧󠁿).
  case subdivisionFlag
  /// Digit, `#` or `*`, VS16 and the combining keycap (1️⃣).
  case keycap
  /// A text-style character made emoji by VS16 (❤️).
  case presentationSelector

  /// The first Emoji version a C library's table may not know (glibc 2.36 stops at 14.0).
  static let firstNewVersion = 15.0

  /// What the kind is called in `emoji-rater doctor`'s report.
  public var name: String {
    switch self {
    case .single: "single code point, Emoji 14 and before"
    case .newSingle(let version): "single code point, Emoji \(version)"
    case .zwj: "ZWJ sequence"
    case .zwjInTwoReads: "ZWJ sequence, read in two pieces"
    case .zwjWithTextStyleFirst: "ZWJ sequence, text-style first"
    case .skinTone: "skin tone"
    case .flag: "flag"
    case .subdivisionFlag: "subdivision flag"
    case .keycap: "keycap"
    case .presentationSelector: "VS16 (emoji style)"
    }
  }

  /// The kinds a terminal must keep in two columns for `emoji` to be drawn
  /// whole: its own, and, for a sequence that starts with a text-style
  /// character, VS16's (that character is then counted two columns wide,
  /// which is right only where its emoji style is).
  public static func requirements(of emoji: Emoji) -> Set<GlyphKind> {
    let scalars = emoji.scalars
    let textStyleFirst = scalars.first.map(isTextStyle) ?? false
    switch SequenceKind(scalars) {
    case .single:
      return [(Double(emoji.version) ?? 0) < firstNewVersion ? .single : .newSingle(version: emoji.version)]
    case .presentationSelector: return [.presentationSelector]
    case .keycap: return [.keycap]
    case .flag: return [.flag]
    case .subdivisionFlag: return [.subdivisionFlag]
    case .skinTone:
      return textStyleFirst ? [.skinTone, .presentationSelector] : [.skinTone]
    case .zwj:
      var kinds: Set<GlyphKind> =
        textStyleFirst
        ? [.zwjWithTextStyleFirst, .presentationSelector, .zwjInTwoReads] : [.zwj, .zwjInTwoReads]
      if emoji.hasSkinTone { kinds.insert(.skinTone) }
      return kinds
    }
  }

  /// A character whose default look is text, one column (❤, ☝, 🏳): it is
  /// an emoji in two columns only with VS16 after it.
  static func isTextStyle(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isEmoji && !scalar.properties.isEmojiPresentation
  }

  /// Each kind found in `catalog`, in the report's order, with its first
  /// example there: the sample the terminal is asked about. A sample is the
  /// plainest of its kind (a skin tone on an emoji-style base, a ZWJ
  /// sequence without skin tones), so that it tests that kind alone.
  public static func samples(in catalog: EmojiCatalog) -> [(kind: GlyphKind, sample: Emoji)] {
    var found: [GlyphKind: Emoji] = [:]
    // Skin tones too, shown or not: they are what every base emoji carries.
    for emoji in catalog.sections.lazy.flatMap(\.votableEmoji) {
      // A sample tests one kind, beside what every sequence of its kind
      // needs (a joined one, to survive a cut read; one with a text-style
      // first, VS16).
      var kinds = requirements(of: emoji).subtracting([.zwjInTwoReads])
      if kinds == [.zwjWithTextStyleFirst, .presentationSelector] { kinds = [.zwjWithTextStyleFirst] }
      guard kinds.count == 1, let kind = kinds.first, found[kind] == nil else { continue }
      found[kind] = emoji
    }
    // Joined emoji read in two pieces: the plain ZWJ sample, cut after its joiner.
    found[.zwjInTwoReads] = found[.zwj]
    let newVersions = found.keys.compactMap { kind -> String? in
      if case .newSingle(let version) = kind { return version }
      return nil
    }.sorted { (Double($0) ?? 0) < (Double($1) ?? 0) }
    let order: [GlyphKind] =
      [.single] + newVersions.map { .newSingle(version: $0) } + [
        .zwj, .zwjInTwoReads, .zwjWithTextStyleFirst, .skinTone, .flag, .subdivisionFlag, .keycap,
        .presentationSelector,
      ]
    return order.compactMap { kind in found[kind].map { (kind, $0) } }
  }
}
