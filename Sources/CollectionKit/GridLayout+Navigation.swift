extension GridLayout {
  /// Where the selection lands after `move`. Moves that would leave the
  /// collection stay where they are; left and right run on through rows and
  /// sections, up and down keep the column (or the nearest item to it) and
  /// step over section headers.
  public func indexPath(after move: SelectionMove, from current: IndexPath) -> IndexPath {
    guard contains(current) else { return firstIndexPath ?? current }
    switch move {
    case .left:
      if current.item > 0 { return IndexPath(item: current.item - 1, section: current.section) }
      return previousNonEmptySection(before: current.section).map {
        IndexPath(item: sectionItemCounts[$0] - 1, section: $0)
      } ?? current
    case .right:
      if current.item + 1 < sectionItemCounts[current.section] {
        return IndexPath(item: current.item + 1, section: current.section)
      }
      return nextNonEmptySection(after: current.section).map { IndexPath(item: 0, section: $0) }
        ?? current
    case .up:
      return verticalNeighbour(of: current, step: -1) ?? current
    case .down:
      return verticalNeighbour(of: current, step: 1) ?? current
    case .pageUp(let rows):
      return repeatedly(rows, from: current) {
        verticalNeighbour(of: $0, step: -1, column: column(of: current))
      }
    case .pageDown(let rows):
      return repeatedly(rows, from: current) {
        verticalNeighbour(of: $0, step: 1, column: column(of: current))
      }
    case .first:
      return firstIndexPath ?? current
    case .last:
      return lastIndexPath ?? current
    case .nextSection:
      return nextNonEmptySection(after: current.section).map { IndexPath(item: 0, section: $0) }
        ?? current
    case .previousSection:
      return previousNonEmptySection(before: current.section).map {
        IndexPath(item: 0, section: $0)
      } ?? current
    }
  }

  public var firstIndexPath: IndexPath? {
    nextNonEmptySection(after: -1).map { IndexPath(item: 0, section: $0) }
  }

  public var lastIndexPath: IndexPath? {
    previousNonEmptySection(before: sectionCount).map {
      IndexPath(item: sectionItemCounts[$0] - 1, section: $0)
    }
  }

  /// The item in the next item row up or down, in `column` (by default the
  /// current one) or the last item of a shorter row; nil at either end. A page
  /// move passes the column it started in, so a short row on the way does not
  /// pull the selection to the left for good.
  private func verticalNeighbour(of current: IndexPath, step: Int, column: Int? = nil) -> IndexPath? {
    let column = column ?? self.column(of: current)
    var row = row(of: current) + step
    while (0..<rowCount).contains(row) {
      if case .items(let section, let items) = self.row(row) {
        return IndexPath(item: min(items.lowerBound + column, items.upperBound - 1), section: section)
      }
      row += step
    }
    return nil
  }

  private func repeatedly(
    _ times: Int, from start: IndexPath, _ step: (IndexPath) -> IndexPath?
  ) -> IndexPath {
    var current = start
    for _ in 0..<max(1, times) {
      guard let next = step(current) else { break }
      current = next
    }
    return current
  }

  private func nextNonEmptySection(after section: Int) -> Int? {
    sectionItemCounts.indices.first { $0 > section && sectionItemCounts[$0] > 0 }
  }

  private func previousNonEmptySection(before section: Int) -> Int? {
    sectionItemCounts.indices.last { $0 < section && sectionItemCounts[$0] > 0 }
  }
}
