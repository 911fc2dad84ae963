import Terminal
import Testing

private let red = Style(foreground: .red, bold: true)

@MainActor private func canvas(columns: Int, rows: Int = 1, isUnicode: Bool = true) -> TextCanvas {
  TextCanvas(size: Size(rows: rows, columns: columns), isUnicode: isUnicode)
}

@MainActor @Suite struct TextCanvasTests {
  @Test func startsBlank() {
    let screen = canvas(columns: 4, rows: 2)
    #expect(screen.lines == ["", ""])
    #expect(screen.style(row: 1, column: 3) == .plain)
  }

  @Test func textStopsAtMaxWidth() {
    let screen = canvas(columns: 20)
    #expect(screen.text("hello world", row: 0, column: 2, maxWidth: 5, style: .plain) == 5)
    #expect(screen.lines == ["  hello"])
  }

  @Test func textStopsAtTheCanvasEdge() {
    let screen = canvas(columns: 10)
    #expect(screen.text("abcdef", row: 0, column: 7) == 3)
    #expect(screen.lines == ["       abc"])
    #expect(screen.text("xyz", row: 0, column: 10) == 0)
    #expect(screen.lines == ["       abc"])
  }

  @Test func textOutsideTheRowsIsClipped() {
    let screen = canvas(columns: 5, rows: 2)
    screen.text("abc", row: 2, column: 0)
    screen.text("abc", row: -1, column: 0)
    #expect(screen.text == "\n")
  }

  @Test func wideCharactersTakeTwoColumnsAndPrintOnce() {
    let screen = canvas(columns: 10)
    #expect(screen.text("a日b", row: 0, column: 0) == 4)
    screen.text("c", row: 0, column: 4)
    #expect(screen.lines == ["a日bc"])
  }

  @Test func aWideCharacterThatDoesNotFitIsNotSplit() {
    let screen = canvas(columns: 10)
    #expect(screen.text("ab日", row: 0, column: 0, maxWidth: 3, style: .plain) == 2)
    #expect(screen.lines == ["ab"])
  }

  @Test func aWideGlyphTakesItsSlotAndPrintsOnce() {
    let screen = canvas(columns: 10)
    screen.text("abcdef", row: 0, column: 0)
    screen.glyph("😀", row: 0, column: 2, width: 2, style: red)
    #expect(screen.lines == ["ab😀ef"])
    #expect(screen.style(row: 0, column: 2) == red)
    #expect(screen.style(row: 0, column: 3) == red)
    #expect(screen.style(row: 0, column: 4) == .plain)
  }

  @Test func aNarrowGlyphInAWideSlotIsPaddedWithABlank() {
    let screen = canvas(columns: 10)
    screen.text("abcdef", row: 0, column: 0)
    screen.glyph("⠋", row: 0, column: 1, width: 2, style: red)
    #expect(screen.lines == ["a⠋ def"])
    #expect(screen.style(row: 0, column: 2) == red)
  }

  @Test func aGlyphTooWideForItsSlotShowsAMarker() {
    let screen = canvas(columns: 10)
    screen.text("abc", row: 0, column: 0)
    screen.glyph("😀", row: 0, column: 1, width: 1, style: .plain)
    #expect(screen.lines == ["a?c"])
  }

  @Test func aGlyphPastTheEdgeIsNotDrawn() {
    let screen = canvas(columns: 4)
    screen.glyph("😀", row: 0, column: 3, width: 2, style: .plain)
    #expect(screen.lines == [""])
  }

  @Test func overwritingTheRightHalfOfAWideGlyphBlanksTheLeft() {
    let screen = canvas(columns: 10)
    screen.text("abcdef", row: 0, column: 0)
    screen.glyph("😀", row: 0, column: 2, width: 2, style: .plain)
    screen.text("x", row: 0, column: 3)
    #expect(screen.lines == ["ab xef"])
  }

  @Test func overwritingTheLeftHalfOfAWideGlyphBlanksTheRight() {
    let screen = canvas(columns: 10)
    screen.text("abcdef", row: 0, column: 0)
    screen.glyph("😀", row: 0, column: 2, width: 2, style: .plain)
    screen.text("y", row: 0, column: 2)
    #expect(screen.lines == ["aby ef"])
  }

  @Test func aWideGlyphOverlappingAnotherBlanksItsUncoveredHalf() {
    let screen = canvas(columns: 10)
    screen.text("abcdef", row: 0, column: 0)
    screen.glyph("😀", row: 0, column: 2, width: 2, style: .plain)
    screen.glyph("😎", row: 0, column: 3, width: 2, style: .plain)
    #expect(screen.lines == ["ab 😎f"])
  }

  @Test func asciiCanvasShowsAQuestionMarkForEverythingElse() {
    let screen = canvas(columns: 10, rows: 2, isUnicode: false)
    #expect(screen.text("café 日", row: 0, column: 0) == 6)
    screen.glyph("😀", row: 1, column: 0, width: 2, style: .plain)
    screen.text("x", row: 1, column: 2)
    #expect(screen.lines == ["caf? ?", "? x"])
  }

  @Test func canDrawKnownGlyphsThatFitTheirSlot() {
    let screen = canvas(columns: 10)
    #expect(screen.canDraw("😀", width: 2))
    #expect(!screen.canDraw("😀", width: 1))
    #expect(screen.canDraw("a", width: 2))
    #expect(screen.canDraw("☺", width: 1))
    #expect(!screen.canDraw("\u{301}", width: 1))
  }

  @Test func canDrawRefusesUnknownGlyphs() {
    let screen = canvas(columns: 10)
    screen.unknownGlyphs = ["🫠"]
    #expect(!screen.canDraw("🫠", width: 2))
    #expect(screen.canDraw("😀", width: 2))
  }

  @Test func canDrawOnlyAsciiWithoutUnicode() {
    let screen = canvas(columns: 10, isUnicode: false)
    #expect(!screen.canDraw("😀", width: 2))
    #expect(!screen.canDraw("é", width: 1))
    #expect(screen.canDraw("a", width: 1))
  }

  @Test func fillPaintsBlankColumnsInAStyle() {
    let screen = canvas(columns: 8)
    screen.text("abcdef", row: 0, column: 0)
    screen.fill(row: 0, column: 2, width: 3, style: red)
    #expect(screen.lines == ["ab   f"])
    #expect(
      (0..<8).map { screen.style(row: 0, column: $0) == red } == [
        false, false, true, true, true, false, false, false,
      ])
  }

  @Test func fillIsClippedAtTheEdge() {
    let screen = canvas(columns: 4)
    screen.fill(row: 0, column: 2, width: 10, style: red)
    #expect(screen.style(row: 0, column: 1) == .plain)
    #expect(screen.style(row: 0, column: 3) == red)
  }

  @Test func styleIsWhatWasDrawn() {
    let screen = canvas(columns: 6)
    screen.text("hi", row: 0, column: 1, style: red)
    screen.text("!", row: 0, column: 3, style: Style(reverse: true))
    #expect(screen.style(row: 0, column: 0) == .plain)
    #expect(screen.style(row: 0, column: 1) == red)
    #expect(screen.style(row: 0, column: 2) == red)
    #expect(screen.style(row: 0, column: 3) == Style(reverse: true))
  }

  @Test func linesKeepLeadingBlanksAndTrimTrailingOnes() {
    let screen = canvas(columns: 10, rows: 3)
    screen.text("ab   ", row: 0, column: 0)
    screen.text("x", row: 1, column: 3)
    #expect(screen.lines == ["ab", "   x", ""])
    #expect(screen.text == "ab\n   x\n")
  }

  @Test func clearBlanksEverything() {
    let screen = canvas(columns: 4)
    screen.text("abcd", row: 0, column: 0, style: red)
    screen.clear()
    #expect(screen.lines == [""])
    #expect(screen.style(row: 0, column: 0) == .plain)
  }

  @Test func aSequenceIsOneCellOfItsWidthAndPrintsWhole() {
    let screen = TextCanvas(size: Size(rows: 1, columns: 8))
    let technologist: [Unicode.Scalar] = ["\u{1F469}", "\u{200D}", "\u{1F4BB}"]
    #expect(screen.canDraw(sequence: technologist, width: 2))
    screen.text("abcdefgh", row: 0, column: 0)
    screen.sequence(technologist, row: 0, column: 1, width: 2, style: .plain)
    #expect(screen.lines == ["a\u{1F469}\u{200D}\u{1F4BB}defgh"])
    screen.text("x", row: 0, column: 2)
    #expect(screen.lines == ["a xdefgh"], "half of it overwritten blanks the rest, as a terminal does")
  }

  @Test func aSequenceLongerThanACellOrWithoutUnicodeIsAMarker() {
    let family: [Unicode.Scalar] = ["👨", "\u{200D}", "👩", "\u{200D}", "👧", "\u{200D}", "👦"]
    let screen = TextCanvas(size: Size(rows: 1, columns: 4))
    #expect(!screen.canDraw(sequence: family, width: 2))
    screen.sequence(family, row: 0, column: 0, width: 2, style: .plain)
    #expect(screen.lines == ["?"])
    let ascii = TextCanvas(size: Size(rows: 1, columns: 4), isUnicode: false)
    #expect(!ascii.canDraw(sequence: ["🇯", "🇵"], width: 2))
  }
}
