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

  public init(_ emoji: Emoji, policy: GlyphPolicy = .safe, community: CommunityTally? = nil) {
    self.emoji = emoji
    self.community = community
    glyph = policy.glyph(for: emoji)
    asciiGlyph = CellGlyph.ascii(for: emoji)
  }

  private init(_ other: EmojiPresentation, community: CommunityTally?) {
    emoji = other.emoji
    glyph = other.glyph
    asciiGlyph = other.asciiGlyph
    self.community = community
  }

  /// The same emoji with the community's votes as they are now.
  public func with(community: CommunityTally) -> EmojiPresentation {
    EmojiPresentation(self, community: community)
  }

  /// The glyph this canvas can draw.
  @MainActor
  public func drawableGlyph(on canvas: any Canvas) -> CellGlyph {
    let drawable = glyph.parts.allSatisfy { part in
      part.scalars.count == 1
        ? canvas.canDraw(part.scalars[0], width: part.width)
        : canvas.canDraw(sequence: part.scalars, width: part.width)
    }
    return drawable ? glyph : asciiGlyph
  }

  public static func == (lhs: EmojiPresentation, rhs: EmojiPresentation) -> Bool {
    lhs === rhs || (lhs.emoji == rhs.emoji && lhs.community == rhs.community)
  }
}
