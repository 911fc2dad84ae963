import Terminal
import Testing

@Suite struct PasteReaderTests {
  static let second: UInt64 = 1_000_000_000

  func characters(_ text: String) -> [PasteReader.Piece] {
    text.unicodeScalars.map { .character($0.value) }
  }

  @Test func keysOutsideAPasteAreKeys() {
    var reader = PasteReader()
    let events = characters("jq").flatMap { reader.take($0, at: 0) }
    #expect(events == [.key(.character("j")), .key(.character("q"))])
  }

  @Test func aBracketedPasteIsOneEventOfText() {
    var reader = PasteReader()
    var events: [InputEvent] = []
    for piece in [.pasteStart] + characters("cat q\n😀") + [.event(.key(.up)), .pasteEnd] {
      events += reader.take(piece, at: 10)
    }
    #expect(events == [.paste(Paste(text: "cat q\n😀"))])
    #expect(!reader.isPasting)
    #expect(reader.take(.character(UInt32(("j" as Unicode.Scalar).value)), at: 11) == [.key(.character("j"))])
  }

  @Test func aLongPasteKeepsItsBeginningAndCountsTheRest() {
    var reader = PasteReader()
    var events = reader.take(.pasteStart, at: 0)
    for _ in 0..<5_000 { events += reader.take(.character(0x61), at: 1) }
    events += reader.take(.pasteEnd, at: 2)
    #expect(
      events == [
        .paste(
          Paste(
            text: String(repeating: "a", count: PasteReader.maximumLength),
            droppedCharacters: 5_000 - PasteReader.maximumLength))
      ])
  }

  @Test func aPasteWhoseEndNeverComesIsGivenUpAfterASecondOfSilence() {
    var reader = PasteReader()
    _ = reader.take(.pasteStart, at: 0)
    #expect(reader.take(.character(0x71), at: Self.second / 2) == [])  // Still pasting: q is text.
    let events = reader.take(.character(0x71), at: Self.second / 2 + Self.second + 1)
    #expect(events == [.paste(Paste(text: "q")), .key(.character("q"))])
  }

  @Test func aResizeDuringAPasteStillHappens() {
    var reader = PasteReader()
    _ = reader.take(.pasteStart, at: 0)
    #expect(reader.take(.event(.resize), at: 1) == [.resize])
    #expect(reader.take(.event(.key(.up)), at: 2) == [])
    #expect(reader.isPasting)
  }

  @Test func aResizeDoesNotKeepAStrayPasteAlive() {
    var reader = PasteReader()
    _ = reader.take(.pasteStart, at: 0)
    #expect(reader.take(.event(.resize), at: Self.second * 3 / 4) == [.resize])
    let events = reader.take(.character(0x71), at: Self.second + 1)
    #expect(events == [.paste(Paste(text: "")), .key(.character("q"))])
  }

  @Test func aStrayEndIsNothing() {
    var reader = PasteReader()
    #expect(reader.take(.pasteEnd, at: 0) == [])
  }
}
