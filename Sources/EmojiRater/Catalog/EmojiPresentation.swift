import EmojiModel
import Terminal

/// What a load delivers for one item: the emoji's record, the community's
/// votes on it where a ratings server counts them, and the glyphs a cell
/// draws for it, worked out once, on the loader's thread, instead of on
/// every frame. A class, so handing it to each visible cell every frame is
/// one reference, not a copy of the record's strings and arrays.
public final class EmojiPresentation: Sendable, Equatable {
  public let emoji: Emoji
  /// The emoji whole, or its stand-in, as the glyph policy says.
  public let glyph: CellGlyph
  /// The stand-in for a terminal without UTF-8, or one whose C library does
  /// not know the emoji.
  public let asciiGlyph: CellGlyph
  /// The community's votes, from a ratings server (nil without one).
  public let community: CommunityTally?
  /// The emoji in each skin tone, light to dark, its glyphs worked out
  /// with its own (empty for an emoji without tones, and for the tones
  /// themselves).
  private let tones: [EmojiPresentation]

  public init(_ emoji: Emoji, policy: GlyphPolicy = .safe, community: CommunityTally? = nil) {
    self.emoji = emoji
    self.community = community
    glyph = policy.glyph(for: emoji)
    asciiGlyph = CellGlyph.ascii(for: emoji)
    tones =
      emoji.skinToneVariants.isEmpty
      ? []
      : SkinTone.allCases.map { tone in
        var toned = emoji.inTone(tone)
        toned.skinToneVariants = []
        return EmojiPresentation(toned, policy: policy, community: community)
      }
  }

  private init(_ other: EmojiPresentation, community: CommunityTally?) {
    emoji = other.emoji
    glyph = other.glyph
    asciiGlyph = other.asciiGlyph
    self.community = community
    tones = other.tones.map { $0.with(community: community) }
  }

  /// The same emoji with the community's votes as they are now.
  public func with(community: CommunityTally?) -> EmojiPresentation {
    EmojiPresentation(self, community: community)
  }

  /// The emoji as the person chose to see every emoji with tones
  /// (`Emoji.inTone`); itself without a tone or tones.
  public func inTone(_ tone: SkinTone?) -> EmojiPresentation {
    guard let tone, !tones.isEmpty else { return self }
    return tones[tone.rawValue - 1]
  }

  /// The glyph this canvas can draw.
  @MainActor
  public func drawableGlyph(on canvas: any Canvas) -> CellGlyph {
    // A loop, not `allSatisfy`: a closure written in main-actor code checks
    // its actor per call, and this runs for every cell drawn.
    for part in glyph.parts {
      let drawable =
        part.scalars.count == 1
        ? canvas.canDraw(part.scalars[0], width: part.width)
        : canvas.canDraw(sequence: part.scalars, width: part.width)
      if !drawable { return asciiGlyph }
    }
    return glyph
  }

  public static func == (lhs: EmojiPresentation, rhs: EmojiPresentation) -> Bool {
    lhs === rhs || (lhs.emoji == rhs.emoji && lhs.community == rhs.community)
  }
}
