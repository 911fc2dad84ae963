import Terminal

/// Where each part of the screen goes: the grid on top, then the status line,
/// then the key-hint line at the bottom.
public struct ScreenLayout: Equatable, Sendable {
  /// The smallest screen the app can be used on: a few cells across and a
  /// header plus a few rows down, with the two bottom lines.
  public static let minimum = Size(rows: 6, columns: 20)

  public let size: Size

  public init(size: Size) {
    self.size = size
  }

  public var isTooSmall: Bool {
    size.rows < Self.minimum.rows || size.columns < Self.minimum.columns
  }

  /// Rows of the grid, from the top.
  public var gridHeight: Int { max(0, size.rows - 2) }
  public var statusRow: Int { size.rows - 2 }
  public var hintRow: Int { size.rows - 1 }
}
