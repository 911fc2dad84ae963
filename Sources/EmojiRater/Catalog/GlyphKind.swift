import EmojiModel

/// The ways of spelling an emoji that terminals draw in different numbers
/// of columns. The app asks the terminal about one sample of each
/// (`WidthProbe`) and draws an emoji whole only if the terminal keeps every
/// kind it is made of in two columns.
public enum GlyphKind: Hashable, Sendable {
  /// One code point, by the Emoji version that brought it (😀 in "1.0",
  /// 🫨 in "15.0"). Each terminal's width table stops at a version of its
  /// own (libvterm 0.1.4 at 4.0, mlterm 3.9 at 12.1, glibc 2.36 at 14.0),
  /// and gives what comes after it one column, or none: one sample per
  /// version tells where this one stops.
  case single(version: String)
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
  /// A skin tone on a text-style base (🖐🏻 ☝🏻 ✌🏻): kitty 0.26 gives these
  /// one column where it gives the base with VS16 (🖐️) two.
  case skinToneOnTextStyle
  /// A pair of regional indicator letters (🇺🇸).
  case flag
  /// A black flag with tag letters naming a region (🏴󠁧󠁢󠁥󠁮󠁧󠁿).
  case subdivisionFlag
  /// Digit, `#` or `*`, VS16 and the combining keycap (1️⃣).
  case keycap
  /// A text-style character made emoji by VS16 (❤️).
  case presentationSelector

  /// What the kind is called in `emoji-rater doctor`'s report.
  public var name: String {
    switch self {
    case .single(let version): "single code point, Emoji \(version)"
    case .zwj: "ZWJ sequence"
    case .zwjInTwoReads: "ZWJ sequence, read in two pieces"
    case .zwjWithTextStyleFirst: "ZWJ sequence, text-style first"
    case .skinTone: "skin tone"
    case .skinToneOnTextStyle: "skin tone, text-style base"
    case .flag: "flag"
    case .subdivisionFlag: "subdivision flag"
    case .keycap: "keycap"
    case .presentationSelector: "VS16 (emoji style)"
    }
  }

  /// The kinds a terminal must keep in two columns for `emoji` to be drawn
  /// whole: its own, and, for a sequence that starts with a text-style
  /// character, VS16's (that character is then counted two columns wide,
  /// which is right only where its emoji style is). A sequence's first code
  /// point must also be known here (`GlyphPolicy.narrow`: a terminal that
  /// does not know 🫷 does not know 🫷🏻).
  public static func requirements(of emoji: Emoji) -> Set<GlyphKind> {
    let scalars = emoji.scalars
    let textStyleFirst = scalars.first.map(isTextStyle) ?? false
    switch SequenceKind(scalars) {
    case .single: return [.single(version: emoji.version)]
    case .presentationSelector: return [.presentationSelector]
    case .keycap: return [.keycap]
    case .flag: return [.flag]
    case .subdivisionFlag: return [.subdivisionFlag]
    case .skinTone:
      return textStyleFirst ? [.skinToneOnTextStyle, .presentationSelector] : [.skinTone]
    case .zwj:
      var kinds: Set<GlyphKind> =
        textStyleFirst
        ? [.zwjWithTextStyleFirst, .presentationSelector, .zwjInTwoReads] : [.zwj, .zwjInTwoReads]
      if emoji.hasSkinTone { kinds.insert(.skinTone) }
      return kinds
    }
  }

  /// The one kind `emoji` is a plain sample of, if it is one: a ZWJ
  /// sequence with skin tones mixes two kinds, and samples neither.
  static func sampledKind(of emoji: Emoji) -> GlyphKind? {
    let textStyleFirst = emoji.scalars.first.map(isTextStyle) ?? false
    switch SequenceKind(emoji.scalars) {
    case .single: return .single(version: emoji.version)
    case .presentationSelector: return .presentationSelector
    case .keycap: return .keycap
    case .flag: return .flag
    case .subdivisionFlag: return .subdivisionFlag
    case .skinTone: return textStyleFirst ? .skinToneOnTextStyle : .skinTone
    case .zwj:
      guard !emoji.hasSkinTone else { return nil }
      return textStyleFirst ? .zwjWithTextStyleFirst : .zwj
    }
  }

  /// A character whose default look is text, one column (❤, ☝, 🏳): it is
  /// an emoji in two columns only with VS16 after it.
  static func isTextStyle(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isEmoji && !scalar.properties.isEmojiPresentation
  }

  /// Each kind found in `catalog`, in the report's order (single code
  /// points by Emoji version, then the sequences), with its first plain
  /// example there: the sample the terminal is asked about. All are sent in
  /// one write and answered in one round trip.
  public static func samples(in catalog: EmojiCatalog) -> [(kind: GlyphKind, sample: Emoji)] {
    var found: [GlyphKind: Emoji] = [:]
    // Skin tones too, shown or not: they are what every base emoji carries.
    for emoji in catalog.sections.lazy.flatMap(\.votableEmoji) {
      guard let kind = sampledKind(of: emoji), found[kind] == nil else { continue }
      found[kind] = emoji
    }
    // Joined emoji read in two pieces: the plain ZWJ sample, cut after its joiner.
    found[.zwjInTwoReads] = found[.zwj]
    let versions = found.keys.compactMap { kind -> String? in
      if case .single(let version) = kind { return version }
      return nil
    }.sorted { (Double($0) ?? 0) < (Double($1) ?? 0) }
    let order: [GlyphKind] =
      versions.map { .single(version: $0) } + [
        .zwj, .zwjInTwoReads, .zwjWithTextStyleFirst, .skinTone, .skinToneOnTextStyle, .flag,
        .subdivisionFlag, .keycap, .presentationSelector,
      ]
    return order.compactMap { kind in found[kind].map { (kind, $0) } }
  }
}
