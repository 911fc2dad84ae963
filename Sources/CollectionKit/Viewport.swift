/// Which rows of a layout are on screen: a window of `height` rows starting at
/// `topRow`, kept inside the layout.
public struct Viewport: Equatable, Sendable {
  public private(set) var topRow: Int
  public private(set) var height: Int

  public init(topRow: Int = 0, height: Int) {
    self.topRow = max(0, topRow)
    self.height = max(0, height)
  }

  /// The rows on screen (some may lie past the layout's end when it is short).
  public var rows: Range<Int> { topRow..<(topRow + height) }

  /// Scrolls by `delta` rows, never past either end of the layout.
  public mutating func scroll(by delta: Int, in layout: GridLayout) {
    topRow = Self.clamped(topRow + delta, height: height, layout: layout)
  }

  /// Scrolls as little as possible to bring `indexPath` on screen. When the
  /// item is in its section's first row the header comes along, so the person
  /// sees which section they are in.
  public mutating func reveal(_ indexPath: IndexPath, in layout: GridLayout) {
    guard height > 0, layout.contains(indexPath) else { return }
    let row = layout.row(of: indexPath)
    let header = layout.headerRow(of: indexPath.section)
    let wanted = row - header == 1 && height > 1 ? header : row
    if wanted < topRow {
      topRow = wanted
    } else if row >= topRow + height {
      topRow = row - height + 1
    }
    topRow = Self.clamped(topRow, height: height, layout: layout)
  }

  /// Changes the height (the terminal was resized), keeping the top inside the layout.
  public mutating func resize(height: Int, in layout: GridLayout) {
    self.height = max(0, height)
    topRow = Self.clamped(topRow, height: self.height, layout: layout)
  }

  private static func clamped(_ top: Int, height: Int, layout: GridLayout) -> Int {
    min(max(0, top), max(0, layout.rowCount - height))
  }
}
