/// One fully-qualified emoji from Unicode's emoji-test.txt.
public struct Emoji: Hashable, Sendable {
  /// The code points, exactly as Unicode lists them (VS16 and ZWJ included).
  public let scalars: [Unicode.Scalar]
  /// Unicode's short name, e.g. "grinning face".
  public let name: String
  public let group: String
  public let subgroup: String
  /// The Emoji version that introduced it, e.g. "1.0" or "15.0".
  public let version: String
  /// The skin-tone variants that belong to this emoji (empty for variants themselves).
  public var skinToneVariants: [Emoji] = []
  /// What people call it beside its name (`EmojiKeywords`), lower case.
  public var keywords: [String] = []
  /// The short names chat apps know it by (`tada`, `+1`, `heart_eyes`),
  /// as `EmojiKeywords.aliases` has them, without their colons.
  public var aliases: [String] = []
  /// Words GitHub tags it with that CLDR's keywords lack (🤣: "lol"; 😀:
  /// "happy"), lower case (`EmojiKeywords.tags`): search finds it by them.
  public var tags: [String] = []
  /// Its name in the user's language (CLDR's `tts` annotation), when that
  /// is not English and CLDR has one for it.
  public var localName: String?
  /// Its keywords in the user's language, likewise (empty in English).
  public var localKeywords: [String] = []

  /// The name to show: the user's language's, else Unicode's.
  public var shownName: String { localName ?? name }
  /// The keywords to show beside `shownName`: in the same language.
  public var shownKeywords: [String] { localName == nil ? keywords : localKeywords }

  public init(
    scalars: [Unicode.Scalar], name: String, group: String, subgroup: String, version: String
  ) {
    self.scalars = scalars
    self.name = name
    self.group = group
    self.subgroup = subgroup
    self.version = version
  }

  /// The emoji as text.
  public var string: String {
    var string = ""
    string.unicodeScalars.append(contentsOf: scalars)
    return string
  }

  /// `U+1F469 U+200D U+1F4BB`: the code points, as Unicode writes them
  /// (four hex digits at least: ©️ is `U+00A9 U+FE0F`), for the status
  /// line, an export and a pick's `--format codepoints`.
  public var codePoints: String {
    scalars.map { scalar in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }.joined(separator: " ")
  }

  /// A stable key for the emoji: its code points in hex, e.g. `1f469-200d-1f4bb`.
  /// Unlike a grid position, it survives a new catalog version.
  public var identifier: String {
    scalars.map { String($0.value, radix: 16) }.joined(separator: "-")
  }

  /// Whether a skin-tone modifier is among the code points.
  public var hasSkinTone: Bool {
    scalars.contains(where: Self.isSkinToneModifier)
  }

  /// The code points without skin-tone modifiers: the base emoji's.
  var scalarsWithoutSkinTone: [Unicode.Scalar] {
    scalars.filter { !Self.isSkinToneModifier($0) }
  }

  public static func isSkinToneModifier(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F3FB...0x1F3FF).contains(scalar.value)
  }

  /// The emoji in `tone`: its variant whose every person has that tone
  /// (👍🏽 for 👍, 🧑🏽‍🤝‍🧑🏽 for 🧑‍🤝‍🧑, not a pair of two tones), or itself
  /// when it has none or no tone is asked for.
  public func inTone(_ tone: SkinTone?) -> Emoji {
    guard let tone, !skinToneVariants.isEmpty else { return self }
    // Asked on every frame for the status line: a scan, nothing allocated.
    return skinToneVariants.first { variant in
      var toned = false
      for scalar in variant.scalars where Self.isSkinToneModifier(scalar) {
        guard scalar == tone.modifier else { return false }
        toned = true
      }
      return toned
    } ?? self
  }
}

/// One of Unicode's five skin tones (the Fitzpatrick scale's modifiers),
/// light (1) to dark (5).
public enum SkinTone: Int, CaseIterable, Codable, Sendable {
  case light = 1
  case mediumLight, medium, mediumDark, dark

  /// U+1F3FB … U+1F3FF.
  public var modifier: Unicode.Scalar { Unicode.Scalar(0x1F3FA + UInt32(rawValue))! }

  /// As Unicode's names say it: "medium-light skin tone".
  public var name: String {
    ["light", "medium-light", "medium", "medium-dark", "dark"][rawValue - 1] + " skin tone"
  }

  /// The tone after this one, and none after the darkest (`t`).
  public static func next(after tone: SkinTone?) -> SkinTone? {
    guard let tone else { return .light }
    return SkinTone(rawValue: tone.rawValue + 1)
  }
}
