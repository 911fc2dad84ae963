import CollectionKit
import Testing

/// Sections of 25, 3, 0 and 10 items at a width that fits 10 cells:
///
///     0  header 0
///     1  items 0: 0..<10
///     2  items 0: 10..<20
///     3  items 0: 20..<25
///     4  header 1
///     5  items 1: 0..<3
///     6  header 2 (empty section)
///     7  header 3
///     8  items 3: 0..<10
private let layout = GridLayout(sectionItemCounts: [25, 3, 0, 10], width: 51)

private func path(_ section: Int, _ item: Int) -> IndexPath {
  IndexPath(item: item, section: section)
}

@Suite struct GridLayoutTests {
  @Test(arguments: [(80, 15), (40, 7), (200, 39), (51, 10), (50, 9), (6, 1), (3, 1), (0, 1)])
  func columnsFollowTheWidth(width: Int, columns: Int) {
    #expect(GridLayout(sectionItemCounts: [1], width: width).columns == columns)
  }

  @Test func columnsUseTheMetrics() {
    let metrics = GridMetrics(cellWidth: 4, leadingInset: 0)
    #expect(GridLayout(sectionItemCounts: [1], width: 80, metrics: metrics).columns == 20)
  }

  @Test func eachSectionIsAHeaderThenItsItemRows() {
    let rows = (0..<layout.rowCount).map { layout.row($0) }
    #expect(
      rows == [
        .header(section: 0),
        .items(section: 0, items: 0..<10),
        .items(section: 0, items: 10..<20),
        .items(section: 0, items: 20..<25),
        .header(section: 1),
        .items(section: 1, items: 0..<3),
        .header(section: 2),
        .header(section: 3),
        .items(section: 3, items: 0..<10),
      ])
    #expect(layout.rowCount == 9)
    #expect((0..<4).map { layout.headerRow(of: $0) } == [0, 4, 6, 7])
  }

  @Test func countsAndContains() {
    #expect(layout.sectionCount == 4)
    #expect(layout.itemCount == 38)
    #expect(layout.contains(path(0, 24)))
    #expect(!layout.contains(path(0, 25)))
    #expect(!layout.contains(path(2, 0)))
    #expect(!layout.contains(path(4, 0)))
    #expect(!layout.contains(path(0, -1)))
    #expect(GridLayout(sectionItemCounts: [], width: 80).rowCount == 0)
  }

  @Test func rowAndColumnOfAnItem() {
    #expect(layout.row(of: path(0, 0)) == 1)
    #expect(layout.row(of: path(0, 9)) == 1)
    #expect(layout.row(of: path(0, 10)) == 2)
    #expect(layout.row(of: path(0, 24)) == 3)
    #expect(layout.row(of: path(1, 2)) == 5)
    #expect(layout.row(of: path(3, 0)) == 8)
    #expect(layout.column(of: path(0, 0)) == 0)
    #expect(layout.column(of: path(0, 13)) == 3)
    #expect(layout.column(of: path(0, 24)) == 4)
  }

  @Test func indexPathAtACell() {
    #expect(layout.indexPath(row: 1, column: 0) == path(0, 0))
    #expect(layout.indexPath(row: 2, column: 9) == path(0, 19))
    #expect(layout.indexPath(row: 3, column: 4) == path(0, 24))
    #expect(layout.indexPath(row: 8, column: 7) == path(3, 7))
  }

  @Test func noIndexPathOnHeadersPastARowOrOutsideTheLayout() {
    #expect(layout.indexPath(row: 0, column: 0) == nil)
    #expect(layout.indexPath(row: 6, column: 0) == nil)
    #expect(layout.indexPath(row: 3, column: 5) == nil)
    #expect(layout.indexPath(row: 5, column: 3) == nil)
    #expect(layout.indexPath(row: 1, column: 10) == nil)
    #expect(layout.indexPath(row: 1, column: -1) == nil)
    #expect(layout.indexPath(row: 9, column: 0) == nil)
    #expect(layout.indexPath(row: -1, column: 0) == nil)
  }

  @Test func indexPathsInRowsSkipHeadersAndClampToTheLayout() {
    #expect(layout.indexPaths(inRows: 3..<6) == (20..<25).map { path(0, $0) } + (0..<3).map { path(1, $0) })
    #expect(layout.indexPaths(inRows: 6..<8).isEmpty)
    #expect(layout.indexPaths(inRows: 8..<20) == (0..<10).map { path(3, $0) })
    #expect(layout.indexPaths(inRows: 0..<layout.rowCount).count == layout.itemCount)
  }

  @Test func cellFramesOnScreen() {
    #expect(layout.originX(ofColumn: 0) == 1)
    #expect(layout.originX(ofColumn: 3) == 16)
    #expect(layout.cellColumn(atX: 0) == nil)
    #expect(layout.cellColumn(atX: 1) == 0)
    #expect(layout.cellColumn(atX: 5) == 0)
    #expect(layout.cellColumn(atX: 6) == 1)
    #expect(layout.cellColumn(atX: 50) == 9)
    #expect(layout.cellColumn(atX: 51) == nil)
    for column in 0..<layout.columns {
      #expect(layout.cellColumn(atX: layout.originX(ofColumn: column)) == column)
    }
  }

  @Test func flatIndexCountsThroughSections() {
    #expect(layout.flatIndex(of: path(0, 0)) == 0)
    #expect(layout.flatIndex(of: path(0, 24)) == 24)
    #expect(layout.flatIndex(of: path(1, 2)) == 27)
    #expect(layout.flatIndex(of: path(3, 0)) == 28)
    #expect(layout.flatIndex(of: path(3, 9)) == 37)
  }

  @Test func aMillionItemsLayOutAndAnswerLookups() {
    // 1,000 sections of 1,000 items, 15 to a row: 67 item rows and a header each.
    let big = GridLayout(sectionItemCounts: Array(repeating: 1000, count: 1000), width: 80)
    #expect(big.itemCount == 1_000_000)
    #expect(big.rowCount == 68_000)
    let last = path(999, 999)
    #expect(big.row(of: last) == 67_999)
    #expect(big.column(of: last) == 9)
    #expect(big.row(67_999) == .items(section: 999, items: 990..<1000))
    #expect(big.row(34_000) == .header(section: 500))
    #expect(big.indexPath(row: 67_999, column: 9) == last)
    #expect(big.indexPath(row: 67_999, column: 10) == nil)
    #expect(big.indexPath(row: 34_001, column: 2) == path(500, 2))
    #expect(big.flatIndex(of: last) == 999_999)
    #expect(big.indexPath(after: .last, from: path(0, 0)) == last)
  }
}
