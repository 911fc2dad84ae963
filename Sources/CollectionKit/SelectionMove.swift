/// A way the selection can move through the grid.
public enum SelectionMove: Equatable, Sendable {
  case left, right, up, down
  /// Up or down by this many rows (a screenful).
  case pageUp(rows: Int)
  case pageDown(rows: Int)
  case first, last
  case nextSection, previousSection
}
