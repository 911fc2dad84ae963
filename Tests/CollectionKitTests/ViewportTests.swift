import CollectionKit
import Testing

/// Two sections of 100 items, 10 to a row: header 0 at row 0, items 0 in rows
/// 1-10, header 1 at row 11, items 1 in rows 12-21. 22 rows in all.
private let layout = GridLayout(sectionItemCounts: [100, 100], width: 51)

private func path(_ section: Int, _ item: Int) -> IndexPath {
  IndexPath(item: item, section: section)
}

private func viewport(top: Int, height: Int) -> Viewport {
  Viewport(topRow: top, height: height)
}

@Suite struct ViewportTests {
  @Test func rowsOnScreen() {
    #expect(viewport(top: 3, height: 5).rows == 3..<8)
    #expect(viewport(top: -2, height: -1).rows == 0..<0)
  }

  @Test func revealAlreadyOnScreenDoesNotScroll() {
    var view = viewport(top: 4, height: 5)
    view.reveal(path(0, 35), in: layout)  // row 4, the top one
    #expect(view.topRow == 4)
    view.reveal(path(0, 75), in: layout)  // row 8, the bottom one
    #expect(view.topRow == 4)
  }

  @Test func revealBelowScrollsDownJustEnough() {
    var view = viewport(top: 0, height: 5)
    view.reveal(path(0, 75), in: layout)  // row 8
    #expect(view.topRow == 4)
    #expect(view.rows.last == 8)
  }

  @Test func revealAboveScrollsUpJustEnough() {
    var view = viewport(top: 10, height: 5)
    view.reveal(path(0, 55), in: layout)  // row 6
    #expect(view.topRow == 6)
  }

  @Test func revealingASectionsFirstRowFromBelowShowsItsHeader() {
    var view = viewport(top: 13, height: 5)
    view.reveal(path(1, 3), in: layout)  // row 12, header at 11
    #expect(view.topRow == 11)
  }

  @Test func revealingASectionsFirstRowFromAboveShowsItsHeader() {
    var view = viewport(top: 0, height: 5)
    view.reveal(path(1, 0), in: layout)  // row 12
    #expect(view.topRow == 8)
    #expect(view.rows.contains(11))
  }

  @Test func aOneRowViewportShowsTheItemRatherThanTheHeader() {
    var view = viewport(top: 15, height: 1)
    view.reveal(path(1, 3), in: layout)
    #expect(view.topRow == 12)
  }

  @Test func revealNeverLeavesBlankRowsPastTheEnd() {
    var view = viewport(top: 50, height: 5)
    view.reveal(path(1, 95), in: layout)  // row 21, the last
    #expect(view.topRow == 17)
    #expect(view.rows.upperBound == layout.rowCount)
  }

  @Test func revealIgnoresIndexPathsNotInTheLayout() {
    var view = viewport(top: 4, height: 5)
    view.reveal(path(2, 0), in: layout)
    view.reveal(path(0, 100), in: layout)
    #expect(view.topRow == 4)
  }

  @Test func scrollMovesByTheDelta() {
    var view = viewport(top: 0, height: 5)
    view.scroll(by: 3, in: layout)
    #expect(view.topRow == 3)
    view.scroll(by: -2, in: layout)
    #expect(view.topRow == 1)
  }

  @Test func scrollClampsAtBothEnds() {
    var view = viewport(top: 2, height: 5)
    view.scroll(by: -10, in: layout)
    #expect(view.topRow == 0)
    view.scroll(by: 100, in: layout)
    #expect(view.topRow == 17)
  }

  @Test func growingPullsTheTopBackSoTheLastRowStaysAtTheBottom() {
    var view = viewport(top: 17, height: 5)
    view.resize(height: 10, in: layout)
    #expect(view.height == 10)
    #expect(view.topRow == 12)
  }

  @Test func shrinkingKeepsTheTop() {
    var view = viewport(top: 12, height: 10)
    view.resize(height: 5, in: layout)
    #expect(view.topRow == 12)
    view.resize(height: -3, in: layout)
    #expect(view.height == 0)
    #expect(view.topRow == 12)
  }

  @Test func aLayoutShorterThanTheViewportStaysAtTheTop() {
    let short = GridLayout(sectionItemCounts: [25], width: 51)  // 4 rows
    var view = viewport(top: 0, height: 10)
    view.scroll(by: 5, in: short)
    #expect(view.topRow == 0)
    view.reveal(path(0, 24), in: short)
    #expect(view.topRow == 0)
    var scrolled = viewport(top: 12, height: 5)
    scrolled.resize(height: 30, in: layout)
    #expect(scrolled.topRow == 0)
  }
}
