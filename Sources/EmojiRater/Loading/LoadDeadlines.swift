import CollectionKit

/// When each waiting load is needed, as far as the screen can tell: a
/// snapshot of the view taken when it moves, from which the loader ranks
/// thousands of waiting requests with a plain function (no object to call
/// back into, no actor to check, per request).
///
/// Earliest deadline first: the deadline of a cell off screen is when the
/// scroll will bring it into view; of a cell on screen, when the scroll will
/// take it out of view. A load that can still make its deadline goes, visible
/// cells first, then the cell needed soonest; one that cannot waits, as it
/// would only hold a slot. A still screen has no deadlines: visible cells,
/// then the nearest rows.
struct LoadDeadlines: Equatable, Sendable {
  var shown: ShownItems
  var layout: GridLayout
  var visibleRows: Range<Int>
  /// The scroll's expected speed, rows a second.
  var speed: Double
  var direction: PrefetchPlanner.Direction
  /// How long before its deadline a load must start, or it is held back
  /// (milliseconds): see `LoadingController`.
  var prefetchHoldBack: Double
  var visibleHoldBack: Double

  /// Ranks past any deadline in milliseconds.
  static let behindTheScroll = 1e9

  /// The loader's rank for catalog item `id`: lower goes first, infinity
  /// waits.
  func urgency(of id: Int) -> Double {
    guard let position = shown.shownItem(id), (0..<layout.itemCount).contains(position) else {
      return .infinity
    }
    let row = layout.row(of: layout.indexPath(flatIndex: position))
    let down = direction == .down
    let onScreen = visibleRows.contains(row)
    // Rows until the cell comes into view (off screen) or goes out of it (on screen).
    let rows: Int
    if onScreen {
      rows = down ? row - visibleRows.lowerBound + 1 : visibleRows.upperBound - row
    } else {
      rows = row >= visibleRows.upperBound ? row - visibleRows.upperBound + 1 : visibleRows.lowerBound - row
    }
    let towards = direction != .none && (row >= visibleRows.upperBound) == down
    guard speed > 0 else {
      // A still screen has no deadlines: visible first, then by distance.
      return onScreen ? -1 : Double(rows)
    }
    // Behind a moving scroll: after everything ahead (a reversal may want it).
    guard onScreen || towards else { return Self.behindTheScroll + Double(rows) }
    let deadline = Double(rows) / speed * 1000
    // Too late to make it: held back, not to take a slot that a load still in
    // time will want in a moment. It goes once the scroll slows enough.
    guard deadline >= (onScreen ? visibleHoldBack : prefetchHoldBack) else { return .infinity }
    return onScreen ? -1 : deadline
  }

  /// Whether a ranking made with `old` still stands for this view. Only a
  /// change of speed can wait a moment: during a pause the expected speed
  /// falls every frame, and ranking thousands of waiting loads every frame
  /// would take the main thread from the frames (a third of it, by `perf`,
  /// paging at 200×60). What it lets go comes a tenth of a second later.
  func canReuseRanking(madeWith old: LoadDeadlines?, after elapsed: UInt64) -> Bool {
    guard var old else { return false }
    if elapsed >= Self.speedRefresh { return old == self }
    old.speed = speed
    return old == self
  }

  /// How long a ranking may lag a change of speed, in nanoseconds.
  static let speedRefresh: UInt64 = 100_000_000
}
