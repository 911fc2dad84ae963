/// Lays a sectioned collection out as rows of fixed-width cells: each section
/// is a header row followed by its items, `columns` to a row.
///
/// Everything is arithmetic on the section sizes — no per-item storage — so a
/// million items cost what a thousand do, and every lookup is O(log sections).
public struct GridLayout: Equatable, Sendable {
  /// One row of the layout, top to bottom.
  public enum Row: Equatable, Sendable {
    case header(section: Int)
    case items(section: Int, items: Range<Int>)
  }

  public let metrics: GridMetrics
  public let sectionItemCounts: [Int]
  /// Cells per row: as many as fit the width, at least one.
  public let columns: Int
  /// Rows per section (its header and its item rows), and items per section.
  private let sectionRows: Offsets
  private let sectionItems: Offsets
  public var rowCount: Int { sectionRows.total }
  /// Items in all sections.
  public var itemCount: Int { sectionItems.total }

  public init(sectionItemCounts: [Int], width: Int, metrics: GridMetrics = GridMetrics()) {
    self.metrics = metrics
    self.sectionItemCounts = sectionItemCounts
    let columns = max(1, (width - metrics.leadingInset) / metrics.cellWidth)
    self.columns = columns
    sectionRows = Offsets(sizes: sectionItemCounts.map { 1 + Self.rowsNeeded($0, columns: columns) })
    sectionItems = Offsets(sizes: sectionItemCounts)
  }

  public var sectionCount: Int { sectionItemCounts.count }

  /// Whether an index path names an item of this layout.
  public func contains(_ indexPath: IndexPath) -> Bool {
    sectionItemCounts.indices.contains(indexPath.section)
      && (0..<sectionItemCounts[indexPath.section]).contains(indexPath.item)
  }

  // MARK: Rows

  public func headerRow(of section: Int) -> Int { sectionRows[section] }

  /// What the layout shows at `row`.
  public func row(_ row: Int) -> Row {
    precondition((0..<rowCount).contains(row), "row \(row) outside 0..<\(rowCount)")
    let section = sectionRows.part(containing: row)
    let offset = row - sectionRows[section]
    if offset == 0 { return .header(section: section) }
    let first = (offset - 1) * columns
    return .items(
      section: section, items: first..<min(first + columns, sectionItemCounts[section]))
  }

  /// The row that shows `indexPath`.
  public func row(of indexPath: IndexPath) -> Int {
    sectionRows[indexPath.section] + 1 + indexPath.item / columns
  }

  /// The column (in cells, from 0) where `indexPath` sits in its row.
  public func column(of indexPath: IndexPath) -> Int {
    indexPath.item % columns
  }

  /// The item at a row and cell column, if there is one.
  public func indexPath(row: Int, column: Int) -> IndexPath? {
    guard (0..<rowCount).contains(row), (0..<columns).contains(column) else { return nil }
    guard case .items(let section, let items) = self.row(row) else { return nil }
    let item = items.lowerBound + column
    return items.contains(item) ? IndexPath(item: item, section: section) : nil
  }

  /// Every index path shown in `rows`, in order.
  public func indexPaths(inRows rows: Range<Int>) -> [IndexPath] {
    let rows = rows.clamped(to: 0..<rowCount)
    var result: [IndexPath] = []
    for row in rows {
      if case .items(let section, let items) = self.row(row) {
        result += items.map { IndexPath(item: $0, section: section) }
      }
    }
    return result
  }

  // MARK: Cell frames

  /// The screen column (from the left of the grid) where a cell starts.
  public func originX(ofColumn column: Int) -> Int {
    metrics.leadingInset + column * metrics.cellWidth
  }

  /// The cell column under a screen column, if it falls on one.
  public func cellColumn(atX x: Int) -> Int? {
    guard x >= metrics.leadingInset else { return nil }
    let column = (x - metrics.leadingInset) / metrics.cellWidth
    return column < columns ? column : nil
  }

  // MARK: Flat positions

  /// The item's position counted through all sections, from 0.
  public func flatIndex(of indexPath: IndexPath) -> Int {
    sectionItems[indexPath.section] + indexPath.item
  }

  /// The index path of the item at a flat position.
  public func indexPath(flatIndex: Int) -> IndexPath {
    precondition((0..<itemCount).contains(flatIndex), "item \(flatIndex) outside 0..<\(itemCount)")
    let section = sectionItems.part(containing: flatIndex)
    return IndexPath(item: flatIndex - sectionItems[section], section: section)
  }

  /// The flat range of the items shown in `rows` (headers hold none). Items
  /// in consecutive rows are consecutive, so any run of rows is one range.
  public func flatRange(ofRows rows: Range<Int>) -> Range<Int> {
    let rows = rows.clamped(to: 0..<rowCount)
    var first: Int?
    for row in rows {
      if case .items(let section, let items) = self.row(row) {
        first = sectionItems[section] + items.lowerBound
        break
      }
    }
    guard let first else { return 0..<0 }
    for row in rows.reversed() {
      if case .items(let section, let items) = self.row(row) {
        return first..<(sectionItems[section] + items.upperBound)
      }
    }
    return 0..<0
  }

  private static func rowsNeeded(_ count: Int, columns: Int) -> Int {
    (count + columns - 1) / columns
  }
}

/// The fixed geometry of the grid's cells.
public struct GridMetrics: Equatable, Sendable {
  /// Columns a cell takes, selection brackets included.
  public var cellWidth: Int
  /// Blank columns before the first cell.
  public var leadingInset: Int

  public init(cellWidth: Int = 5, leadingInset: Int = 1) {
    precondition(cellWidth > 0 && leadingInset >= 0)
    self.cellWidth = cellWidth
    self.leadingInset = leadingInset
  }
}
