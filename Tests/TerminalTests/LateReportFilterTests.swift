import Terminal
import Testing

/// The width probe's answers that come after it stopped waiting never
/// reach the app as keys; keys typed meanwhile do, in order.
@Suite struct LateReportFilterTests {
  static let start: UInt64 = 1_000_000_000
  static let shiftF3 = LateReportFilter.functionKeyCode(15)

  static func characters(_ text: String) -> [PasteReader.Piece] {
    text.unicodeScalars.map { .character($0.value) }
  }

  @Test func lateAnswersAreTakenOutAndKeysAroundThemStay() {
    var filter = LateReportFilter(owed: 2, start: Self.start)
    let batch = Self.characters("j\u{1B}[1;3Rk\u{1B}[1;1R/")
    #expect(filter.filter(batch, at: Self.start + 1) == Self.characters("jk/"))
    #expect(!filter.isExpecting(at: Self.start + 2), "both answers came")
    #expect(
      filter.filter(Self.characters("\u{1B}[1;3R"), at: Self.start + 3) == Self.characters("\u{1B}[1;3R"))
  }

  @Test func aLateModeReportIsTakenOutToo() {
    var filter = LateReportFilter(owed: 1, start: Self.start)
    let batch = Self.characters("\u{1B}[?2026;2$yq")
    #expect(filter.filter(batch, at: Self.start + 1) == Self.characters("q"))
  }

  @Test func anAnswerSpelledLikeAFunctionKeyIsTakenOutToo() {
    var filter = LateReportFilter(owed: 1, start: Self.start, reportKeys: [Self.shiftF3])
    let batch: [PasteReader.Piece] = [.event(.key(.function(15))), .character(0x71)]
    #expect(filter.filter(batch, at: Self.start + 1) == [.character(0x71)])
  }

  @Test func escapeSequencesThatAreNotAnswersAndOtherInputPassInOrder() {
    var filter = LateReportFilter(owed: 5, start: Self.start)
    let batch: [PasteReader.Piece] =
      Self.characters("\u{1B}") + Self.characters("\u{1B}[A") + [.event(.key(.down))]
      + Self.characters("\u{1B}[12;") + [.character(0x1F600), .pasteStart] + Self.characters("ab")
    #expect(filter.filter(batch, at: Self.start + 1) == batch)
    #expect(filter.isExpecting(at: Self.start + 1), "no answer came")
  }

  @Test func afterTheWindowNothingIsTakenOut() {
    var filter = LateReportFilter(owed: 3, start: Self.start)
    let later = Self.start + LateReportFilter.window
    #expect(!filter.isExpecting(at: later))
    #expect(filter.filter(Self.characters("\u{1B}[1;3R"), at: later) == Self.characters("\u{1B}[1;3R"))
  }

  @Test func nothingOwedTakesNothingOut() {
    var filter = LateReportFilter(owed: 0, start: Self.start, reportKeys: [Self.shiftF3])
    let batch: [PasteReader.Piece] = Self.characters("\u{1B}[1;3R") + [.event(.key(.function(15)))]
    #expect(filter.filter(batch, at: Self.start + 1) == batch)
  }
}

/// The app's own column widths, which ncurses asks too.
@Suite(.serialized) struct ColumnTableTests {
  /// A private-use code point no other test draws: the table is the process's.
  static let privateUse: Unicode.Scalar = "\u{F8FF}"

  @Test func aDeclaredWidthReplacesTheLibrarysAndGoesAgainWhenUndeclared() {
    let library = ColumnTable.libraryColumns(of: Self.privateUse)
    ColumnTable.declare([Self.privateUse: 2])
    #expect(ColumnTable.columns(of: Self.privateUse) == 2)
    #expect(ColumnTable.libraryColumns(of: Self.privateUse) == library)
    #expect(ColumnTable.columns(of: "a") == 1)
    ColumnTable.declare([:])
    #expect(ColumnTable.columns(of: Self.privateUse) == library)
  }
}
