import CollectionKit
import EmojiModel
import Terminal

/// What the last frame left on a canvas that keeps its contents (the ncurses
/// screen), so that the next frame draws only what changed: a steady scroll
/// moves the grid's lines and draws the one that came into view, an arrival
/// draws its cell, a spinner its next frame. Anything it cannot follow — a
/// new size or layout, the help over the grid, a screen too small — makes
/// the next frame draw whole.
///
/// The screen comes out the same either way; tests hold both paths to that.
/// What it cannot see for itself is content changing under a cell: whoever
/// owns the content reports that with `forget(items:)`.
@MainActor
public final class RenderMemo {
  /// What must be the same for the grid's lines to be reused.
  struct Frame: Equatable {
    var size: Size
    var isUnicode: Bool
    var layout: GridLayout
    /// Which list of emoji the layout lays out (`AppState.gridGeneration`):
    /// another filter or query can have the very same shape.
    var grid: Int
    /// The tone every emoji with tones is drawn in: another draws them all again.
    var skinTone: SkinTone?
  }

  private var frame: Frame?
  private var topRow = 0
  private var drawn = GridView.Drawn(lines: [], animationStep: 0, spinnerGroups: 1)
  /// What the bottom lines show from the last frame.
  private(set) var bottomLines: BottomLines?

  public init() {}

  /// The next frame draws whole.
  public func invalidate() {
    frame = nil
  }

  /// These items' content or vote may have changed (flat indices of the layout):
  /// their cells are asked for and drawn again. Items off screen are ignored.
  public func forget(items: some Sequence<Int>) {
    guard let layout = frame?.layout else { return }
    for item in items where (0..<layout.itemCount).contains(item) {
      let indexPath = layout.indexPath(flatIndex: item)
      let line = layout.row(of: indexPath) - topRow
      guard drawn.lines.indices.contains(line),
        case .cells(let selectedColumn, var cells) = drawn.lines[line]
      else { continue }
      cells[layout.column(of: indexPath)] = nil
      drawn.lines[line] = .cells(selectedColumn: selectedColumn, cells: cells)
    }
  }

  /// What the grid shows from the last frame, its lines moved on `canvas` to
  /// where `topRow` puts them; nil when it cannot be reused.
  func reusableGrid(for frame: Frame, topRow: Int, on canvas: any Canvas) -> GridView.Drawn? {
    guard frame == self.frame else { return nil }
    let offset = topRow - self.topRow
    guard offset != 0 else { return drawn }
    let lines = drawn.lines
    canvas.scroll(rows: 0..<lines.count, by: offset)
    // What scrolled off is gone; the rows that came free are blank.
    var moved = drawn
    moved.lines = lines.indices.map { lines.indices.contains($0 + offset) ? lines[$0 + offset] : .blank }
    return moved
  }

  /// Remembers what a frame drew (a nil frame: nothing to reuse next time).
  func remember(_ frame: Frame?, topRow: Int, grid: GridView.Drawn, bottomLines: BottomLines) {
    self.frame = frame
    self.topRow = topRow
    drawn = grid
    self.bottomLines = bottomLines
  }
}
