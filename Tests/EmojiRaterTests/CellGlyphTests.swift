import EmojiModel
import Testing

@testable import EmojiRater

@Suite struct CellGlyphTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: true)

  static func emoji(_ name: String) -> Emoji {
    for section in catalog.sections {
      if let emoji = section.emoji.first(where: { $0.name == name }) { return emoji }
    }
    fatalError("no emoji named \(name)")
  }

  @Test func everyKindIsRecognised() {
    #expect(SequenceKind(Self.emoji("grinning face").scalars) == .single)
    #expect(SequenceKind(Self.emoji("red heart").scalars) == .presentationSelector)
    #expect(SequenceKind(Self.emoji("keycap: 1").scalars) == .keycap)
    #expect(SequenceKind(Self.emoji("flag: United States").scalars) == .flag)
    #expect(SequenceKind(Self.emoji("flag: England").scalars) == .subdivisionFlag)
    #expect(SequenceKind(Self.emoji("thumbs up: medium skin tone").scalars) == .skinTone)
    #expect(SequenceKind(Self.emoji("woman technologist").scalars) == .zwj)
  }

  @Test func aSingleCodePointIsDrawnAsItselfInTwoColumns() {
    #expect(
      CellGlyph.safe(for: Self.emoji("grinning face")) == CellGlyph(parts: [.init(scalar: "😀", width: 2)]))
  }

  @Test func vs16DropsTheSelector() {
    #expect(
      CellGlyph.safe(for: Self.emoji("red heart")) == CellGlyph(parts: [.init(scalar: "\u{2764}", width: 2)]))
  }

  @Test func keycapIsItsCharacterReversed() {
    #expect(
      CellGlyph.safe(for: Self.emoji("keycap: #"))
        == CellGlyph(parts: [.init(scalar: "#", width: 2)], isKeycap: true))
  }

  @Test func flagIsItsRegionLetters() {
    #expect(
      CellGlyph.safe(for: Self.emoji("flag: United States"))
        == CellGlyph(parts: [.init(scalar: "U", width: 1), .init(scalar: "S", width: 1)]))
  }

  @Test func subdivisionFlagIsTheBlackFlagMarked() {
    #expect(
      CellGlyph.safe(for: Self.emoji("flag: Scotland"))
        == CellGlyph(parts: [.init(scalar: "🏴", width: 2)], marker: "+"))
  }

  @Test func skinToneIsTheBaseWithTheToneNumber() {
    #expect(
      CellGlyph.safe(for: Self.emoji("thumbs up: medium skin tone"))
        == CellGlyph(parts: [.init(scalar: "👍", width: 2)], marker: "3"))
    #expect(CellGlyph.safe(for: Self.emoji("thumbs up: dark skin tone")).marker == "5")
  }

  @Test func zwjSequenceIsItsFirstEmojiMarked() {
    #expect(
      CellGlyph.safe(for: Self.emoji("woman technologist"))
        == CellGlyph(parts: [.init(scalar: "👩", width: 2)], marker: "+"))
  }

  @Test func asciiFallbackUsesInitialsAndKeepsMarkers() {
    #expect(CellGlyph.ascii(for: Self.emoji("grinning face")).parts.flatMap(\.scalars) == ["g", "f"])
    #expect(CellGlyph.ascii(for: Self.emoji("woman technologist")).parts.flatMap(\.scalars) == ["w", "t"])
    #expect(CellGlyph.ascii(for: Self.emoji("woman technologist")).marker == "+")
    #expect(CellGlyph.ascii(for: Self.emoji("flag: Japan")).parts.flatMap(\.scalars) == ["J", "P"])
  }

  /// Whatever the emoji, a cell's glyph fits its two-column slot and its
  /// marker is ASCII: the grid's columns cannot drift.
  @Test func everyEmojiFitsTheSlot() {
    for section in Self.catalog.sections {
      for emoji in section.emoji {
        for glyph in [CellGlyph.safe(for: emoji), CellGlyph.ascii(for: emoji)] {
          let width = glyph.parts.reduce(0) { $0 + $1.width }
          #expect((1...CellGlyph.slotWidth).contains(width), "\(emoji.name)")
          #expect(glyph.marker.map { $0.isASCII } ?? true, "\(emoji.name)")
        }
        #expect(
          CellGlyph.ascii(for: emoji).parts.allSatisfy { $0.scalars.allSatisfy(\.isASCII) }, "\(emoji.name)")
      }
    }
  }
}
