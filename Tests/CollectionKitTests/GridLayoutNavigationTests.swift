import CollectionKit
import Testing

/// Sections of 25, 3, 0 and 10 items, 10 to a row (see `GridLayoutTests`):
/// rows 0-3 are section 0 (its last row holds 20..<25), 4-5 section 1 (0..<3),
/// 6 the empty section 2's header, 7-8 section 3.
private let layout = GridLayout(sectionItemCounts: [25, 3, 0, 10], width: 51)

/// Two sections of 40 items, 10 to a row, so every item row is full.
private let fullRows = GridLayout(sectionItemCounts: [40, 40], width: 51)

private func path(_ section: Int, _ item: Int) -> IndexPath {
  IndexPath(item: item, section: section)
}

private func move(_ move: SelectionMove, from start: IndexPath, in grid: GridLayout = layout) -> IndexPath {
  grid.indexPath(after: move, from: start)
}

@Suite struct GridLayoutNavigationTests {
  @Test func rightRunsOnThroughRowsAndSections() {
    #expect(move(.right, from: path(0, 3)) == path(0, 4))
    #expect(move(.right, from: path(0, 9)) == path(0, 10))
    #expect(move(.right, from: path(0, 24)) == path(1, 0))
    #expect(move(.right, from: path(1, 2)) == path(3, 0))
  }

  @Test func leftRunsBackThroughRowsAndSections() {
    #expect(move(.left, from: path(0, 10)) == path(0, 9))
    #expect(move(.left, from: path(1, 0)) == path(0, 24))
    #expect(move(.left, from: path(3, 0)) == path(1, 2))
  }

  @Test func leftAndRightStopAtTheEnds() {
    #expect(move(.left, from: path(0, 0)) == path(0, 0))
    #expect(move(.right, from: path(3, 9)) == path(3, 9))
  }

  @Test func downKeepsTheColumn() {
    #expect(move(.down, from: path(0, 3)) == path(0, 13))
    #expect(move(.down, from: path(0, 13)) == path(0, 23))
  }

  @Test func downIntoAShorterRowTakesItsLastItem() {
    #expect(move(.down, from: path(0, 17)) == path(0, 24))
    #expect(move(.down, from: path(0, 23)) == path(1, 2))
  }

  @Test func downStepsOverHeadersAndEmptySections() {
    #expect(move(.down, from: path(0, 21)) == path(1, 1))
    #expect(move(.down, from: path(1, 1)) == path(3, 1))
  }

  @Test func upKeepsTheColumnAndStepsOverHeaders() {
    #expect(move(.up, from: path(0, 13)) == path(0, 3))
    #expect(move(.up, from: path(3, 2)) == path(1, 2))
    #expect(move(.up, from: path(3, 8)) == path(1, 2))
    #expect(move(.up, from: path(1, 0)) == path(0, 20))
  }

  @Test func upAndDownStopAtTheEnds() {
    #expect(move(.up, from: path(0, 4)) == path(0, 4))
    #expect(move(.down, from: path(3, 5)) == path(3, 5))
  }

  @Test func pageDownMovesThatManyRows() {
    #expect(move(.pageDown(rows: 3), from: path(0, 5), in: fullRows) == path(0, 35))
    #expect(move(.pageDown(rows: 3), from: path(0, 35), in: fullRows) == path(1, 25))
  }

  @Test func pageUpMovesThatManyRows() {
    #expect(move(.pageUp(rows: 2), from: path(1, 15), in: fullRows) == path(0, 35))
    #expect(move(.pageUp(rows: 3), from: path(1, 35), in: fullRows) == path(1, 5))
  }

  @Test func pagingThroughAShortRowKeepsTheColumnItStartedIn() {
    // Column 7 of section 0; section 1's only row has three items; section 3 is full enough again.
    #expect(move(.pageDown(rows: 4), from: path(0, 7)) == path(3, 7))
    #expect(move(.pageUp(rows: 4), from: path(3, 7)) == path(0, 7))
  }

  @Test func pagingStopsAtTheEnds() {
    #expect(move(.pageDown(rows: 100), from: path(0, 5), in: fullRows) == path(1, 35))
    #expect(move(.pageUp(rows: 100), from: path(1, 37), in: fullRows) == path(0, 7))
    #expect(move(.pageDown(rows: 5), from: path(1, 35), in: fullRows) == path(1, 35))
    #expect(move(.pageUp(rows: 5), from: path(0, 7), in: fullRows) == path(0, 7))
  }

  @Test func firstAndLast() {
    #expect(move(.first, from: path(1, 2)) == path(0, 0))
    #expect(move(.last, from: path(1, 2)) == path(3, 9))
    let padded = GridLayout(sectionItemCounts: [0, 5, 0], width: 51)
    #expect(move(.first, from: path(1, 3), in: padded) == path(1, 0))
    #expect(move(.last, from: path(1, 0), in: padded) == path(1, 4))
  }

  @Test func nextSectionGoesToItsFirstItemSkippingEmptyOnes() {
    #expect(move(.nextSection, from: path(0, 13)) == path(1, 0))
    #expect(move(.nextSection, from: path(1, 1)) == path(3, 0))
    #expect(move(.nextSection, from: path(3, 4)) == path(3, 4))
  }

  @Test func previousSectionGoesToItsFirstItemSkippingEmptyOnes() {
    #expect(move(.previousSection, from: path(3, 4)) == path(1, 0))
    #expect(move(.previousSection, from: path(1, 2)) == path(0, 0))
    #expect(move(.previousSection, from: path(0, 13)) == path(0, 13))
  }

  @Test(arguments: [(0, 25), (2, 0), (9, 9), (-1, 0)])
  func anIndexPathNotInTheLayoutGoesToTheFirst(section: Int, item: Int) {
    #expect(move(.right, from: path(section, item)) == path(0, 0))
    let padded = GridLayout(sectionItemCounts: [0, 5], width: 51)
    #expect(move(.down, from: path(section, item), in: padded) == path(1, 0))
  }
}
