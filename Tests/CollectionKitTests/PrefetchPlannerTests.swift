import CollectionKit
import Testing

/// Two sections of 20 items, 5 to a row:
///
///     row 0  header 0          row 5  header 1
///     rows 1-4  items 0-19     rows 6-9  items 20-39 (flat)
private let layout = GridLayout(sectionItemCounts: [20, 20], width: 26)
private let ms: UInt64 = 1_000_000

/// One section of 5,000 items, 5 to a row: room for long scrolls.
private let tall = GridLayout(sectionItemCounts: [5_000], width: 26)

/// Index paths for flat positions, to write expectations as ranges.
private func items(_ flat: Range<Int>) -> [IndexPath] {
  flat.map { layout.indexPath(flatIndex: $0) }
}

private func prefetched(_ plan: PrefetchPlanner.Plan) -> [Int] {
  plan.prefetch.map { layout.flatIndex(of: $0.indexPath) }
}

@Suite struct PrefetchPlannerTests {
  @Test func theLayoutIsWhatTheseTestsAssume() {
    #expect(layout.columns == 5)
    #expect(layout.rowCount == 10)
    #expect(layout.flatRange(ofRows: 5..<7) == 20..<25)
  }

  @Test func theFirstUpdateDisplaysTheScreenAndPrefetchesAroundIt() {
    var planner = PrefetchPlanner(depth: .fixed(rows: 1))
    let plan = planner.update(visibleRows: 0..<3, in: layout, at: 0)
    #expect(plan.willDisplay == items(0..<10))
    #expect(plan.didEndDisplaying.isEmpty)
    #expect(plan.prefetch == items(10..<15).map { .init($0, distance: 1) })
    #expect(plan.cancelPrefetching.isEmpty)
  }

  /// A list just shown is read from its top; once the view moves, its
  /// screens are scrolled to, until the list changes.
  @Test func itKnowsWhetherTheScreenWasScrolledTo() {
    var planner = PrefetchPlanner(depth: .adaptive(leadTime: 1_000), plansForStops: true)
    _ = planner.update(visibleRows: 0..<3, in: layout, at: 0)
    _ = planner.update(visibleRows: 0..<3, in: layout, at: 2_000 * ms)
    #expect(!planner.hasScrolled)
    _ = planner.update(visibleRows: 1..<4, in: layout, at: 2_100 * ms)
    _ = planner.update(visibleRows: 1..<4, in: layout, at: 5_000 * ms)
    #expect(planner.hasScrolled, "still, but scrolled to")
    planner.reset()
    #expect(!planner.hasScrolled)
  }

  @Test func aSteadyScrollDownAcrossASectionBoundary() {
    var planner = PrefetchPlanner(depth: .fixed(rows: 1))
    _ = planner.update(visibleRows: 1..<3, in: layout, at: 0)
    // Down one row: row 3 shows, row 1 becomes the row behind; row 4 is prefetched.
    var plan = planner.update(visibleRows: 2..<4, in: layout, at: 100 * ms)
    #expect(plan.willDisplay == items(10..<15))
    #expect(plan.didEndDisplaying == items(0..<5))
    #expect(prefetched(plan) == Array(15..<20) + Array(0..<5))
    #expect(plan.prefetch.allSatisfy { $0.distance == 1 })
    #expect(plan.cancelPrefetching.isEmpty)
    // Down to the header of section 1: the window reaches into its first row.
    _ = planner.update(visibleRows: 3..<5, in: layout, at: 200 * ms)
    plan = planner.update(visibleRows: 4..<6, in: layout, at: 300 * ms)
    #expect(plan.willDisplay.isEmpty, "row 5 is a header: nothing new to display")
    #expect(plan.didEndDisplaying == items(10..<15))
    #expect(prefetched(plan) == Array(20..<25) + Array(10..<15))
    #expect(plan.cancelPrefetching == items(5..<10))
    plan = planner.update(visibleRows: 5..<7, in: layout, at: 400 * ms)
    #expect(plan.willDisplay == items(20..<25))
    #expect(plan.didEndDisplaying == items(15..<20))
    // Row 4 just left the screen but is the row behind: it stays wanted, as a prefetch.
    #expect(prefetched(plan) == Array(25..<30) + Array(15..<20))
    #expect(plan.cancelPrefetching == items(10..<15))
  }

  @Test func theWindowLeansIntoAFastScrollAndCentresWhenItStops() {
    var planner = PrefetchPlanner(depth: .adaptive(leadTime: 1000), minimumRows: 1, maximumRows: 3)
    _ = planner.update(visibleRows: 0..<2, in: layout, at: 0)
    #expect(planner.reach == (1, 1))
    // The first movement has no interval to measure a speed over yet.
    _ = planner.update(visibleRows: 1..<3, in: layout, at: 250 * ms)
    #expect(planner.direction == .down)
    #expect(planner.reach == (1, 1))
    // A row 250 ms later: 4 rows a second, a second of lead: 5 rows ahead, capped at 3.
    let plan = planner.update(visibleRows: 2..<4, in: layout, at: 500 * ms)
    #expect(planner.speed == 4)
    #expect(planner.reach == (3, 1))
    // Rows 4, 5 (a header) and 6 ahead; row 1, just off screen, stays wanted behind.
    #expect(prefetched(plan) == Array(15..<20) + Array(0..<5) + Array(20..<25))
    #expect(plan.prefetch.map(\.distance) == Array(repeating: 1, count: 10) + Array(repeating: 3, count: 5))
    // Still for longer than the idle time (a second): symmetric again, the far rows cancelled.
    _ = planner.update(visibleRows: 2..<4, in: layout, at: 600 * ms)
    let stopped = planner.update(visibleRows: 2..<4, in: layout, at: 1_600 * ms)
    #expect(planner.direction == .none)
    #expect(planner.reach == (1, 1))
    #expect(stopped.cancelPrefetching == items(20..<25))
  }

  @Test func aFirstMovementCanBeGivenAnAssumedSpeed() {
    var planner = PrefetchPlanner(
      depth: .adaptive(leadTime: 1000), minimumRows: 1, maximumRows: 30, assumedSpeed: 5)
    _ = planner.update(visibleRows: 0..<2, in: layout, at: 0)
    _ = planner.update(visibleRows: 1..<3, in: layout, at: 5_000 * ms)
    #expect(planner.speed == 5)
    #expect(planner.reach == (6, 1))
  }

  @Test func speedIsMeasuredBetweenMovementsNotFrames() {
    var planner = PrefetchPlanner(depth: .adaptive(leadTime: 1000), minimumRows: 1, maximumRows: 30)
    // A row every 200 ms, with frames every 20 ms in between that see no movement.
    var time: UInt64 = 0
    var top = 0
    _ = planner.update(visibleRows: 0..<2, in: layout, at: time)
    for frame in 1...50 {
      time += 20 * ms
      if frame % 10 == 0 { top += 1 }
      _ = planner.update(visibleRows: top..<(top + 2), in: layout, at: time)
    }
    #expect(planner.speed == 5)
    #expect(planner.reach == (6, 1), "5 rows a second for a second, plus the next row")
  }

  /// Bursts of 30 rows a second, half a second on and half off: a row's
  /// deadline is judged by the pace over the pauses too (15 rows a second),
  /// which a pause does not break at once, but which falls as it lengthens.
  @Test func theExpectedSpeedSpansPausesAndFallsDuringThem() {
    var planner = PrefetchPlanner(depth: .adaptive(leadTime: 1000), minimumRows: 1, maximumRows: 30)
    var time: UInt64 = 0
    var top = 0
    _ = planner.update(visibleRows: 0..<2, in: tall, at: time)
    for second in 0..<3 {
      for step in 0..<15 {
        time = UInt64(second) * 1_000 * ms + UInt64(step) * 33 * ms
        top += 1
        _ = planner.update(visibleRows: top..<(top + 2), in: tall, at: time)
      }
    }
    // Just after a burst: 30 rows over the last 2 s.
    #expect(abs(planner.expectedSpeed(at: time + 1 * ms) - 15) < 1)
    #expect(planner.speed > 25, "the smoothed speed is the burst's own")
    // 300 ms into the pause: pauses are part of the pace.
    #expect(abs(planner.expectedSpeed(at: time + 300 * ms) - 15) < 1)
    // 900 ms in (before it counts as stopped), the first burst has mostly
    // left the last 2 s: 19 rows in them.
    #expect(abs(planner.expectedSpeed(at: time + 900 * ms) - 9.5) < 0.01)
  }

  /// A burst of 30 rows a second from rest: its first step has no interval
  /// before it, so the pace is read from the steps after it, at the first
  /// step a tenth of a second or more on; not before, and without the first
  /// step's row (which would read 40 rows a second).
  @Test func aScrollFromRestHasItsPaceReadAfterATenthOfASecond() {
    var planner = PrefetchPlanner(depth: .adaptive(leadTime: 1000), minimumRows: 1, maximumRows: 30)
    _ = planner.update(visibleRows: 0..<2, in: tall, at: 0)
    let start: UInt64 = 5_000 * ms
    for step in 0..<3 {
      let time = start + UInt64(step) * 100 * ms / 3
      _ = planner.update(visibleRows: (step + 1)..<(step + 3), in: tall, at: time)
      #expect(!planner.paceKnown, "step \(step)")
    }
    // A frame between steps: the run has gone on 0.1 s, but read now it
    // would be 20 rows a second.
    _ = planner.update(visibleRows: 3..<5, in: tall, at: start + 100 * ms)
    #expect(!planner.paceKnown, "read at a movement only")
    _ = planner.update(visibleRows: 4..<6, in: tall, at: start + 100 * ms + 1)
    #expect(planner.paceKnown)
    #expect(abs(planner.expectedSpeed(at: start + 100 * ms + 1) - 30) < 0.01)
  }

  /// A steady 5 rows a second: the second step, 200 ms on, gives the pace.
  @Test func aSlowScrollHasItsPaceReadAtItsSecondStep() {
    var planner = PrefetchPlanner(depth: .adaptive(leadTime: 1000), minimumRows: 1, maximumRows: 30)
    _ = planner.update(visibleRows: 0..<2, in: layout, at: 0)
    _ = planner.update(visibleRows: 1..<3, in: layout, at: 1_000 * ms)
    #expect(!planner.paceKnown, "one step alone has no pace")
    _ = planner.update(visibleRows: 2..<4, in: layout, at: 1_200 * ms)
    #expect(planner.paceKnown)
    #expect(abs(planner.expectedSpeed(at: 1_200 * ms) - 5) < 0.01)
  }

  /// From rows 5..<7, a row down every 100 ms, twice: rows 7..<9 at 200 ms.
  private func scrollDownTwice(_ planner: inout PrefetchPlanner) {
    _ = planner.update(visibleRows: 5..<7, in: layout, at: 0)
    _ = planner.update(visibleRows: 6..<8, in: layout, at: 100 * ms)
    _ = planner.update(visibleRows: 7..<9, in: layout, at: 200 * ms)
  }

  /// A scroll that turns is read from the movement before the turn: its
  /// first step back already has an interval.
  @Test func aTurnHasItsPaceAtOnce() {
    var planner = PrefetchPlanner(depth: .adaptive(leadTime: 1000), minimumRows: 1, maximumRows: 30)
    scrollDownTwice(&planner)
    _ = planner.update(visibleRows: 6..<8, in: layout, at: 300 * ms)
    #expect(planner.direction == .up)
    #expect(planner.paceKnown)
    #expect(abs(planner.expectedSpeed(at: 300 * ms) - 10) < 0.01)
  }

  /// Going straight from one direction into the other is a turn, for two
  /// seconds; starting from still is not.
  @Test func aTurnIsRememberedForTheAveragingWindow() {
    var planner = PrefetchPlanner(depth: .adaptive(leadTime: 1000), minimumRows: 1, maximumRows: 30)
    scrollDownTwice(&planner)
    #expect(!planner.turnedRecently(at: 200 * ms), "the first movement starts from still")
    _ = planner.update(visibleRows: 6..<8, in: layout, at: 300 * ms)
    #expect(planner.turnedRecently(at: 300 * ms))
    #expect(planner.turnedRecently(at: 2_299 * ms))
    #expect(!planner.turnedRecently(at: 2_300 * ms))
    #expect(planner.mayComeBack(at: 2_299 * ms), "back to the rows it turned from")
    #expect(!planner.mayComeBack(at: 2_300 * ms))
  }

  @Test func theReachAheadDoesNotShrinkWhileTheScrollKeepsItsWay() {
    var planner = PrefetchPlanner(depth: .adaptive(leadTime: 1000), minimumRows: 1, maximumRows: 30)
    _ = planner.update(visibleRows: 0..<2, in: layout, at: 0)
    _ = planner.update(visibleRows: 1..<3, in: layout, at: 100 * ms)
    _ = planner.update(visibleRows: 2..<4, in: layout, at: 200 * ms)  // 10 rows/s: 11 ahead
    #expect(planner.reach.ahead == 11)
    _ = planner.update(visibleRows: 3..<5, in: layout, at: 700 * ms)  // slower: 2 rows/s
    #expect(planner.reach.ahead == 11)
    _ = planner.update(visibleRows: 2..<4, in: layout, at: 1_700 * ms)  // turns, slowly: starts afresh
    #expect(planner.direction == .up)
    #expect(planner.reach.ahead == 2)
  }

  /// Speed × lead time is how far ahead a load must start to be in time,
  /// not how far the pool can go: while the scroll moves and its loads
  /// leave slots idle, the window reaches farther by the rows they would
  /// fill, up to the deepest, and keeps that reach while the pool is busy.
  @Test func anIdlePoolHasAMovingWindowReachFartherAhead() {
    var planner = PrefetchPlanner(depth: .adaptive(leadTime: 1000), minimumRows: 1, maximumRows: 14)
    _ = planner.update(visibleRows: 0..<2, in: tall, at: 0)
    _ = planner.update(visibleRows: 1..<3, in: tall, at: 100 * ms)
    _ = planner.update(visibleRows: 2..<4, in: tall, at: 200 * ms)  // 10 rows/s: 11 ahead
    _ = planner.update(visibleRows: 2..<4, in: tall, at: 210 * ms, idleSlots: 0)
    #expect(planner.reach.ahead == 11, "a busy pool: as far as the lead time")
    // Seven idle slots, five items to a row: two rows farther.
    let plan = planner.update(visibleRows: 2..<4, in: tall, at: 220 * ms, idleSlots: 7)
    #expect(planner.reach.ahead == 13)
    #expect(planner.leadReach == 11, "the rows past it fill idle slots, ranked after those the lead asks for")
    #expect(planner.wanted == tall.flatRange(ofRows: 1..<17), "a row behind, 13 ahead")
    #expect(prefetched(plan) == Array(tall.flatRange(ofRows: 15..<17)), "the two rows farther")
    for frame in UInt64(1)...5 {
      _ = planner.update(visibleRows: 2..<4, in: tall, at: (220 + 10 * frame) * ms, idleSlots: 1)
    }
    #expect(planner.reach.ahead == 14, "no farther than the deepest")
    _ = planner.update(visibleRows: 3..<5, in: tall, at: 300 * ms, idleSlots: 0)
    #expect(planner.reach.ahead == 14, "kept while the pool is busy and the scroll goes on")
    // Stopped: a still view's window is the rest's, idle pool or not.
    _ = planner.update(visibleRows: 3..<5, in: tall, at: 1_300 * ms, idleSlots: 1)
    #expect(planner.direction == .none)
    #expect(planner.reach == (1, 1))
    #expect(planner.leadReach == nil, "a still view has no lead to reach past")
  }

  /// For the averaging window after a turn, the rows far ahead may never
  /// come: idle slots add no rows to the window's reach until it is over.
  @Test func idleSlotsAddNoRowsJustAfterATurn() {
    var planner = PrefetchPlanner(depth: .adaptive(leadTime: 1000), minimumRows: 1, maximumRows: 40)
    _ = planner.update(visibleRows: 50..<52, in: tall, at: 0)
    _ = planner.update(visibleRows: 51..<53, in: tall, at: 100 * ms)
    _ = planner.update(visibleRows: 52..<54, in: tall, at: 200 * ms)
    #expect(planner.reach.ahead == 11)
    // A row back up at 10 rows a second: a turn.
    _ = planner.update(visibleRows: 51..<53, in: tall, at: 300 * ms)
    #expect(planner.direction == .up)
    #expect(planner.reach.ahead == 11)
    var time: UInt64 = 300 * ms
    var top = 51
    while time < 2_200 * ms {
      time += 100 * ms
      top -= 1
      _ = planner.update(visibleRows: top..<(top + 2), in: tall, at: time, idleSlots: 50)
      #expect(planner.reach.ahead == 11, "within two seconds of the turn")
    }
    time += 100 * ms
    top -= 1
    _ = planner.update(visibleRows: top..<(top + 2), in: tall, at: time, idleSlots: 50)
    #expect(planner.reach.ahead == 21, "ten rows farther, for fifty idle slots")
  }

  @Test func aReversalCancelsTheFarSideAndPrefetchesTheNewWayFirst() {
    var planner = PrefetchPlanner(depth: .adaptive(leadTime: 1000), minimumRows: 1, maximumRows: 2)
    _ = planner.update(visibleRows: 2..<4, in: layout, at: 0)
    _ = planner.update(visibleRows: 3..<5, in: layout, at: 100 * ms)
    _ = planner.update(visibleRows: 4..<6, in: layout, at: 200 * ms)  // down, fast: 2 ahead
    #expect(planner.wanted == 10..<30)
    let plan = planner.update(visibleRows: 3..<5, in: layout, at: 300 * ms)  // back up
    #expect(planner.direction == .up)
    // Up is ahead now: two rows above, one below (row 5, a header).
    #expect(planner.wanted == 0..<20)
    #expect(plan.cancelPrefetching == items(20..<30))
    #expect(prefetched(plan) == Array(5..<10) + Array(0..<5))
    #expect(plan.prefetch.map(\.distance) == Array(repeating: 1, count: 5) + Array(repeating: 2, count: 5))
  }

  @Test func atEqualDistanceTheScrollDirectionComesFirst() {
    var planner = PrefetchPlanner(depth: .fixed(rows: 1))
    _ = planner.update(visibleRows: 7..<8, in: layout, at: 0)
    let plan = planner.update(visibleRows: 6..<7, in: layout, at: 100 * ms)  // up one row
    // Row 5 is a header, so nothing lies above; below, row 7 was on screen and stays near.
    #expect(prefetched(plan) == Array(25..<30))
    var down = PrefetchPlanner(depth: .fixed(rows: 1))
    _ = down.update(visibleRows: 1..<2, in: layout, at: 0)
    let next = down.update(visibleRows: 2..<3, in: layout, at: 100 * ms)
    // Both neighbours at distance 1: the row below (ahead) before the row above.
    #expect(prefetched(next) == Array(10..<15) + Array(0..<5))
  }

  @Test func aPageJumpReplacesEverything() {
    var planner = PrefetchPlanner(depth: .fixed(rows: 1))
    _ = planner.update(visibleRows: 1..<3, in: layout, at: 0)
    let plan = planner.update(visibleRows: 7..<9, in: layout, at: 100 * ms)
    #expect(plan.willDisplay == items(25..<35))
    #expect(plan.didEndDisplaying == items(0..<10))
    #expect(plan.cancelPrefetching == items(0..<15))
    #expect(Set(prefetched(plan)) == Set(20..<25).union(35..<40))
  }

  @Test func aResizeDiffsByItemNotByRow() {
    var planner = PrefetchPlanner(depth: .fixed(rows: 0))
    _ = planner.update(visibleRows: 1..<3, in: layout, at: 0)
    // Twice as wide: the same two rows now hold twenty items.
    let wide = GridLayout(sectionItemCounts: [20, 20], width: 51)
    let plan = planner.update(visibleRows: 1..<3, in: wide, at: 100 * ms)
    #expect(plan.willDisplay == items(10..<20))
    #expect(plan.didEndDisplaying.isEmpty)
  }

  @Test func aMillionItemsCostOnlyTheItemsNamed() {
    let huge = GridLayout(sectionItemCounts: [500_000, 500_000], width: 200)
    var planner = PrefetchPlanner(depth: .fixed(rows: 2))
    _ = planner.update(visibleRows: 0..<60, in: huge, at: 0)
    let last = huge.rowCount
    let plan = planner.update(visibleRows: (last - 60)..<last, in: huge, at: 100 * ms)
    // 59 full rows and the last row's 20 items (500,000 = 12,820 × 39 + 20).
    #expect(huge.columns == 39)
    #expect(plan.willDisplay.count == 59 * 39 + 20)
    #expect(plan.willDisplay.last == IndexPath(item: 499_999, section: 1))
    #expect(plan.prefetch.count == 2 * huge.columns)
  }
}

/// Records the calls a plan's delivery makes, in order.
@MainActor
private final class CallLog: CollectionViewDelegate, CollectionViewDataSourcePrefetching {
  var calls: [String] = []
  func willDisplay(itemAt indexPath: IndexPath) { calls.append("show \(layout.flatIndex(of: indexPath))") }
  func didEndDisplaying(itemAt indexPath: IndexPath) {
    calls.append("hide \(layout.flatIndex(of: indexPath))")
  }
  func prefetchItems(at requests: [PrefetchPlanner.Prefetch]) {
    calls.append("prefetch \(requests.map { layout.flatIndex(of: $0.indexPath) })")
  }
  func cancelPrefetchingForItems(at indexPaths: [IndexPath]) {
    calls.append("cancel \(indexPaths.map { layout.flatIndex(of: $0) })")
  }
}

@MainActor
@Suite struct PlanDeliveryTests {
  /// What left goes before what came (freeing a bounded pool's slots first),
  /// and cancellations before new prefetches.
  @Test func departuresComeFirstInBothHalves() {
    var planner = PrefetchPlanner(depth: .fixed(rows: 1))
    _ = planner.update(visibleRows: 1..<2, in: layout, at: 0)
    let plan = planner.update(visibleRows: 3..<4, in: layout, at: 100 * ms)
    let log = CallLog()
    plan.deliverDisplays(to: log)
    #expect(log.calls.prefix(5) == ["hide 0", "hide 1", "hide 2", "hide 3", "hide 4"])
    #expect(log.calls.suffix(5) == ["show 10", "show 11", "show 12", "show 13", "show 14"])
    log.calls = []
    #expect(plan.hasPrefetching)
    plan.deliverPrefetching(to: log)
    #expect(log.calls.count == 2)
    #expect(log.calls.first?.hasPrefix("cancel") == true)
    #expect(log.calls.last?.hasPrefix("prefetch") == true)
  }
}

/// Paging through a long list, with a look back now and then.
@Suite struct GlanceBackTests {
  /// One section of 500 items, 5 to a row: rows 1-100; a screen is 10 rows.
  let long = GridLayout(sectionItemCounts: [500], width: 26)

  func pagingPlanner() -> PrefetchPlanner {
    PrefetchPlanner(depth: .adaptive(leadTime: 1850), maximumScreens: 3)
  }

  /// Pages down three times, a screen less a row each, 600 ms apart.
  func pageDownThreeTimes(_ planner: inout PrefetchPlanner) {
    for page in 0..<4 {
      _ = planner.update(visibleRows: (1 + 9 * page)..<(11 + 9 * page), in: long, at: UInt64(page) * 600 * ms)
    }
  }

  @Test func aPageBackAfterPagingDownKeepsTheWindowBelow() {
    var planner = pagingPlanner()
    pageDownThreeTimes(&planner)  // rows 28..<38 on screen
    let farEdge = planner.wanted.upperBound
    let back = planner.update(visibleRows: 19..<29, in: long, at: 2_400 * ms)
    #expect(planner.direction == .down)
    #expect(!planner.turnedRecently(at: 2_400 * ms))
    #expect(planner.wanted.upperBound == farEdge, "the loads far below go on")
    #expect(planner.leadReach == planner.reach.ahead, "as the lead asked for them, not left to idle slots")
    #expect(back.cancelPrefetching.isEmpty)
    #expect(back.prefetch.allSatisfy { long.row(of: $0.indexPath) >= 18 }, "nothing above but a row")
    // On down again: the far edge moves on from where it was, and nothing is let go.
    let on = planner.update(visibleRows: 28..<38, in: long, at: 3_000 * ms)
    #expect(on.cancelPrefetching.allSatisfy { long.row(of: $0) < 28 })
    #expect(planner.wanted.upperBound >= farEdge)
  }

  /// Flicks of the wheel down, 15 rows each, 500 ms apart, from rows 1..<11;
  /// then a flick back of `notches` notches of 3 rows, `gap` ms apart.
  func flicksDownThenBack(notches: Int, gap: UInt64) -> (planner: PrefetchPlanner, farEdge: Int) {
    var planner = pagingPlanner()
    var top = 1
    _ = planner.update(visibleRows: top..<(top + 10), in: long, at: 0)
    for flick in 0..<3 {
      for notch in 0..<5 {
        top += 3
        let time = 100 * ms + UInt64(flick) * 500 * ms + UInt64(notch) * 10 * ms
        _ = planner.update(visibleRows: top..<(top + 10), in: long, at: time)
      }
    }
    let farEdge = planner.wanted.upperBound
    for notch in 0..<notches {
      top -= 3
      _ = planner.update(visibleRows: top..<(top + 10), in: long, at: 1_600 * ms + UInt64(notch) * gap * ms)
    }
    return (planner, farEdge)
  }

  /// A flick of the wheel back up is a glance too, though it goes farther
  /// than a screen: the scroll goes on down after it.
  @Test func aFlickBackOfMoreThanAScreenIsAGlance() {
    let (planner, farEdge) = flicksDownThenBack(notches: 6, gap: 10)
    #expect(planner.direction == .down)
    #expect(!planner.turnedRecently(at: 1_700 * ms))
    #expect(planner.wanted.upperBound == farEdge, "the loads far below go on")
    #expect(planner.likelyDirection == .down, "45 rows down, 18 back")
  }

  @Test func aScrollBackLongerThanAGlanceIsATurn() {
    let (planner, _) = flicksDownThenBack(notches: 6, gap: 60)
    #expect(planner.direction == .up, "the sixth notch comes 300 ms after the first")
    #expect(planner.turnedRecently(at: 2_000 * ms))
  }

  @Test func aSecondPageBackIsATurn() {
    var planner = pagingPlanner()
    pageDownThreeTimes(&planner)
    _ = planner.update(visibleRows: 19..<29, in: long, at: 2_400 * ms)
    _ = planner.update(visibleRows: 10..<20, in: long, at: 3_000 * ms)
    #expect(planner.direction == .up)
    #expect(planner.turnedRecently(at: 3_000 * ms))
  }

  @Test func aScrollComingBackARowAtATimeTurnsAtOnce() {
    var planner = pagingPlanner()
    for step in 0..<10 {
      _ = planner.update(visibleRows: (1 + step)..<(11 + step), in: long, at: UInt64(step) * 100 * ms)
    }
    _ = planner.update(visibleRows: 9..<19, in: long, at: 1_000 * ms)
    #expect(planner.direction == .up)
  }
}

/// The scroll's rhythm: bursts and the stops between them, read with an
/// injected clock, and the window at rest that reaches past the next stop.
@Suite struct ScrollRhythmTests {
  /// A long list, 5 to a row, a screen of 10 rows.
  static let list = GridLayout(sectionItemCounts: [5_000], width: 26)

  static func planner() -> PrefetchPlanner {
    PrefetchPlanner(depth: .adaptive(leadTime: 1000), maximumScreens: 3, plansForStops: true)
  }

  /// Moves a planner through `moves` (milliseconds, rows) and returns it.
  static func planner(after moves: [(UInt64, Int)]) -> PrefetchPlanner {
    var planner = planner()
    var top = 0
    _ = planner.update(visibleRows: 0..<10, in: list, at: 0)
    for (time, rows) in moves {
      top += rows
      _ = planner.update(visibleRows: top..<(top + 10), in: list, at: time * ms)
    }
    return planner
  }

  /// A wheel flick: `notches` of `rows` rows, 10 ms apart, from `start`.
  static func flick(at start: UInt64, notches: Int, rows: Int = 3) -> [(UInt64, Int)] {
    (0..<UInt64(notches)).map { (start + $0 * 10, rows) }
  }

  /// A trackpad's swipe as the app sees it, from `start`: 20 notches of
  /// 3 rows, the first 8 ms apart, each gap a fifth longer than the last
  /// (the last 200 ms), read once a 16 ms frame (a frame's notches are
  /// one movement).
  static func swipe(at start: UInt64) -> [(UInt64, Int)] {
    var moves: [(UInt64, Int)] = []
    var time = Double(start)
    var gap = 8.0
    for _ in 0..<20 {
      let frame = (UInt64(time) + 15) / 16 * 16
      if let last = moves.last, last.0 == frame {
        moves[moves.count - 1].1 += 3
      } else {
        moves.append((frame, 3))
      }
      time += gap
      gap *= 1.2
    }
    return moves
  }

  /// A swipe's slowing tail is no stop, however long its gaps grow: each
  /// is a little longer than the last. The pause after it, twice the last
  /// gap or more, ends it. (Three times the usual gap read this swipe as
  /// bursts of 45, 6, 3 and 6 rows, and as stopped 240 ms after its last
  /// notch.)
  @Test func aSlowingSwipeIsOneBurst() throws {
    let first = Self.swipe(at: 100)
    let end = try #require(first.last).0
    let slowing = Self.planner(after: first)
    #expect(!slowing.isStopped(at: (end + 300) * ms), "its last gap 208 ms: the next may come later still")
    #expect(slowing.isStopped(at: (end + 500) * ms))

    let second = Self.swipe(at: end + 600)
    let planner = Self.planner(after: first + second + [(try #require(second.last).0 + 800, 3)])
    #expect(planner.burstLengths == [60, 60], "two swipes of 20 notches")
  }

  @Test func flicksAreBurstsAndThePausesStops() {
    let moves =
      Self.flick(at: 100, notches: 5) + Self.flick(at: 700, notches: 10) + Self.flick(at: 1_300, notches: 8)
    let planner = Self.planner(after: moves)
    #expect(planner.burstLengths == [15, 30], "the burst under way counts once it stops")
    #expect(planner.nextBurst == 15...30)
    #expect(planner.stopGap == PrefetchPlanner.minimumStopGap)
    #expect(!planner.isStopped(at: 1_400 * ms))
    #expect(planner.isStopped(at: 1_500 * ms), "100 ms still")
  }

  /// Flicks of 15, 30 and 24 rows, 600 ms apart: the scroll makes 45 rows
  /// in the 1.2 s between the first and the third, 37.5 a second; the
  /// third flick's rows have no pause after them yet, and do not count.
  @Test func wholeBurstsAndPausesGiveTheScrollsPace() {
    let moves =
      Self.flick(at: 100, notches: 5) + Self.flick(at: 700, notches: 10) + Self.flick(at: 1_300, notches: 8)
    let planner = Self.planner(after: moves)
    let cycle = planner.cycleSpeed(at: 1_400 * ms)
    #expect(cycle.map { abs($0 - 37.5) < 0.01 } == true, "\(String(describing: cycle))")
    let forecast = planner.forecast(at: 1_400 * ms)
    #expect(forecast.speed > 40, "over the last two seconds, just after a flick, the pace reads high")
    #expect(forecast.rowsLeftInBurst == 6, "the 30-row flick went 6 rows past this one's 24")
    // The burst's last 6 rows come at its pace, the rest at the cycle's.
    let seconds = forecast.seconds(toMove: 81)
    #expect(abs(seconds - (6 / forecast.speed + 75 / 37.5)) < 1e-9)
    #expect(forecast.seconds(toMove: 6) == 6 / forecast.speed)
  }

  /// A page's slide goes to where the view comes to rest, which the app
  /// knows: after flicks of 15 and 30 rows, a page of 60 rows sliding 5
  /// rows a frame has, 40 rows in, 20 to go, not the "as far again" of a
  /// burst longer than any before it.
  @Test func aPagesSlideGoesToWhereTheViewComesToRest() {
    func slid(restingAt restingTopRow: Int?) -> PrefetchPlanner {
      var planner = Self.planner(after: Self.flick(at: 100, notches: 5) + Self.flick(at: 700, notches: 10))
      for frame in 1...8 {
        let top = 45 + 5 * frame
        _ = planner.update(
          visibleRows: top..<(top + 10), in: Self.list, at: UInt64(1_283 + 17 * frame) * ms,
          restingTopRow: restingTopRow)
      }
      return planner
    }
    #expect(slid(restingAt: 105).forecast(at: 1_430 * ms).rowsLeftInBurst == 20)
    #expect(slid(restingAt: nil).forecast(at: 1_430 * ms).rowsLeftInBurst == 40, "as far again")
  }

  /// A flick back up counts against the flicks down: the rows far below
  /// come as late as the scroll's net pace says. A scroll that turned back
  /// as far as it went on has no such pace.
  @Test func aFlickBackCountsAgainstTheWayTheScrollGoes() {
    let back = Self.planner(
      after: Self.flick(at: 100, notches: 10) + Self.flick(at: 700, notches: 5, rows: -3)
        + Self.flick(at: 1_300, notches: 10) + Self.flick(at: 1_900, notches: 10))
    // 30 − 15 + 30 rows over the 1.8 s from the first flick to the last.
    #expect(back.cycleSpeed(at: 2_000 * ms).map { abs($0 - 25) < 0.01 } == true)
    // 30 rows down, then back up a notch every 60 ms: past a glance's
    // quarter of a second, a turn.
    let turned = Self.planner(
      after: Self.flick(at: 100, notches: 10) + (0..<10).map { (700 + UInt64($0) * 60, -3) })
    #expect(turned.direction == .up)
    #expect(turned.cycleSpeed(at: 1_300 * ms) == nil)
  }

  /// A held key is one long burst: no whole burst and pause to read,
  /// so every row comes at its own pace, a row every 33 ms, and it is
  /// taken to go as far again as it has. A rhythm long gone is not read.
  @Test func aScrollInItsFirstBurstGoesAtItsPace() {
    let held = Self.planner(after: (1...60).map { (UInt64($0) * 33, 1) })
    #expect(held.cycleSpeed(at: 2_000 * ms) == nil)
    let forecast = held.forecast(at: 2_000 * ms)
    #expect(abs(forecast.speed - 1000 / 33) < 0.01, "59 rows in the 1.947 s after the first")
    #expect(forecast.rowsLeftInBurst == 60)
    #expect(forecast.seconds(toMove: 90) == 90 / forecast.speed)
    let stale = Self.planner(
      after: Self.flick(at: 100, notches: 10) + Self.flick(at: 700, notches: 10)
        + Self.flick(at: 11_000, notches: 10))
    #expect(stale.cycleSpeed(at: 11_100 * ms) == nil, "the flicks ten seconds before are another scroll")
  }

  /// End, then the wheel: the jump's thousand rows are no part of the
  /// scroll's pace; the flicks after it are.
  @Test func aJumpIsNoPartOfTheScrollsPace() {
    let planner = Self.planner(
      after: Self.flick(at: 100, notches: 10) + [(700, 1_000)] + Self.flick(at: 1_300, notches: 10)
        + Self.flick(at: 1_900, notches: 10) + Self.flick(at: 2_500, notches: 10))
    #expect(planner.jumpedRecently(at: 2_600 * ms))
    // 30 + 30 rows over the 1.2 s from the flick at 1.3 s to the one at 2.5 s.
    #expect(planner.cycleSpeed(at: 2_600 * ms).map { abs($0 - 50) < 0.01 } == true)
  }

  @Test func aSteadyScrollIsOneBurstNotAStopAfterEveryRow() {
    let planner = Self.planner(after: (1...20).map { (UInt64($0) * 200, 1) })
    #expect(planner.stopGap == 400 * ms, "twice its 200 ms gap")
    #expect(!planner.isStopped(at: 4_300 * ms), "300 ms after the last row: still scrolling")
  }

  @Test func atRestTheWindowReachesPastTheNextStopsScreen() {
    var planner = Self.planner()
    // The first frame: the scroll may start at once, and gets the pool.
    var plan = planner.update(visibleRows: 0..<10, in: Self.list, at: 0)
    #expect(planner.reach == (2, 2))
    #expect(plan.prefetch.count == 10, "two rows below; none above the top")
    // Still for 300 ms: a screen down is where a first scroll stops, and the window reaches past it.
    plan = planner.update(visibleRows: 0..<10, in: Self.list, at: 300 * ms)
    #expect(planner.nextBurst == 10...10)
    #expect(planner.likelyDirection == .down)
    #expect(planner.reach == (20, 2))
    #expect(plan.prefetch.count == 90, "the rows from the third to the twentieth below")
  }

  /// 60 rows down, then flicks of 12 and 18 rows back up from `back` ms,
  /// 600 ms apart: rows 30 to 39 on screen, still for `still` ms after
  /// the last notch (by default 1.35 s: well past the scroll's stop, the
  /// view at rest; a shorter stillness may leave it moving).
  static func afterFlicksBack(at back: UInt64, stillFor still: UInt64 = 1_350) -> PrefetchPlanner {
    var planner = planner(
      after: flick(at: 100, notches: 20) + flick(at: back, notches: 4, rows: -3)
        + flick(at: back + 600, notches: 6, rows: -3))
    _ = planner.update(visibleRows: 30..<40, in: list, at: (back + 650 + still) * ms)
    return planner
  }

  /// The flicks up come ten seconds after the one down: they are all the
  /// scroll's recent rhythm.
  @Test func atRestAfterFlicksUpTheWindowReachesUpPastTheLongestFlick() {
    let planner = Self.afterFlicksBack(at: 11_000)
    #expect(planner.direction == .none)
    #expect(planner.likelyDirection == .up)
    #expect(planner.nextBurst == 12...60)
    #expect(planner.reach == (40, 2), "past the longest burst's screen (70 rows), within 40")
    #expect(planner.wanted == Self.list.flatRange(ofRows: 0..<42), "up to the top, two rows below")
  }

  /// Flicks back in a scroll that went farther down are a look back: at
  /// rest, the window reaches on down, where the next burst likely goes.
  @Test func atRestAfterALookBackTheWindowReachesTheWayTheScrollWent() {
    let planner = Self.afterFlicksBack(at: 700)
    #expect(planner.direction == .none)
    #expect(planner.likelyDirection == .down)
    #expect(planner.wanted == Self.list.flatRange(ofRows: 28..<80), "40 rows below, two above")
  }

  /// A look back rests as soon as its burst ends, not a second later: the
  /// pause is no slow scroll up, and the window leads down at once.
  @Test func aLookBackRestsAsSoonAsItStops() {
    let moving = Self.afterFlicksBack(at: 700, stillFor: 50)
    #expect(moving.direction == .up, "50 ms after a notch: the flick may go on")
    let planner = Self.afterFlicksBack(at: 700, stillFor: 400)
    #expect(planner.isStopped(at: 1_750 * ms), "its burst has ended")
    #expect(planner.direction == .none, "400 ms still, not the second a scroll takes to stop")
    #expect(planner.likelyDirection == .down)
    #expect(planner.wanted == Self.list.flatRange(ofRows: 28..<80), "40 rows below, two above")
  }

  /// Flicks up in a scroll going up are no look back: their pause is read
  /// as a slow scroll until the scroll counts as stopped.
  @Test func aPauseTheWayTheScrollGoesIsNoLookBack() {
    let planner = Self.afterFlicksBack(at: 11_000, stillFor: 400)
    #expect(planner.likelyDirection == .up)
    #expect(planner.direction == .up)
    let rowsAboveTheScreen = Self.list.flatRange(ofRows: 28..<30)
    #expect(planner.wanted.lowerBound < rowsAboveTheScreen.lowerBound, "the window leads up")
  }

  /// Once the rest's window has left the pool idle, it reaches as far
  /// above the screen as below, until the view moves again: a search's
  /// matches and a look back come from either side.
  @Test func atRestAnIdlePoolHasTheWindowReachBehindTheScreenToo() {
    var planner = Self.afterFlicksBack(at: 700)
    #expect(planner.awaitsIdlePool)
    _ = planner.update(visibleRows: 30..<40, in: Self.list, at: 3_000 * ms, idleSlots: 0)
    #expect(planner.reach == (40, 2), "the pool is busy: two rows above")
    let plan = planner.update(visibleRows: 30..<40, in: Self.list, at: 3_100 * ms, idleSlots: 1)
    #expect(planner.fillsBehind && !planner.awaitsIdlePool)
    #expect(planner.reach == (40, 40))
    #expect(planner.wanted == Self.list.flatRange(ofRows: 0..<80), "up to the top, 40 rows below")
    #expect(plan.prefetch.count == 27 * 5, "rows 1 to 27 (row 0 is the header), newly wanted")
    // Busy again with what it asked for, the window stays.
    _ = planner.update(visibleRows: 30..<40, in: Self.list, at: 3_200 * ms, idleSlots: 0)
    #expect(planner.reach == (40, 40))
    // The view moves on down: the rows far above are let go.
    let moved = planner.update(visibleRows: 31..<41, in: Self.list, at: 3_300 * ms, idleSlots: 1)
    #expect(!planner.fillsBehind)
    #expect(planner.reach.behind == 1)
    #expect(planner.wanted.lowerBound == Self.list.flatRange(ofRows: 30..<31).lowerBound, "one row above")
    let above = Set(Self.list.flatRange(ofRows: 1..<30).map { Self.list.indexPath(flatIndex: $0) })
    #expect(above.isSubset(of: moved.cancelPrefetching), "rows 1 to 29 let go")
  }

  /// A view not yet at rest waits for no idle pool: the next scroll may
  /// start at once, and wants the pool for the rows it is about to show.
  @Test func anIdlePoolBeforeTheRestLeavesTheWindowAsItIs() {
    var planner = Self.planner()
    _ = planner.update(visibleRows: 50..<60, in: Self.list, at: 0, idleSlots: 1)
    #expect(!planner.isResting && !planner.awaitsIdlePool)
    #expect(planner.reach == (2, 2))
    _ = planner.update(visibleRows: 50..<60, in: Self.list, at: 300 * ms, idleSlots: 1)
    #expect(planner.isResting && planner.fillsBehind)
    #expect(planner.reach == (20, 20))
  }

  /// Flicks 400 ms, 800 ms and 400 ms apart (each 40 ms long).
  static let flicksWithPauses =
    flick(at: 100, notches: 5) + flick(at: 500, notches: 5) + flick(at: 1_300, notches: 5)
    + flick(at: 1_700, notches: 5)

  /// How much longer a pause will likely last, from the pauses before it
  /// (`flicksWithPauses`).
  @Test func aPauseLastsAsLongAsTheLongerPausesBeforeIt() {
    var planner = Self.planner(after: Self.flicksWithPauses)
    #expect(planner.restLeft(at: 1_760 * ms) == nil, "a burst under way")
    // Still 100 ms after the last notch (at 1,740 ms): the pauses were 360, 760 and 360 ms.
    _ = planner.update(visibleRows: 60..<70, in: Self.list, at: 1_840 * ms)
    #expect(planner.restLeft(at: 1_840 * ms) == 260 * ms, "the median of 360, 360 and 760, less 100")
    #expect(planner.restLeft(at: 2_140 * ms) == 360 * ms, "400 ms still: only the 760 ms pause was longer")
    #expect(planner.restLeft(at: 2_540 * ms) == nil, "longer than any pause: the person may be reading")
    let first = Self.planner(after: Self.flick(at: 100, notches: 5))
    #expect(first.restLeft(at: 1_000 * ms) == nil, "no pause seen yet")
  }

  /// What a pause leads to, from the same flicks: its rest in quarter
  /// seconds, the bursts' rows, and the mean pause; nothing while a flick
  /// goes on or once the pause is longer than any.
  @Test func aPausesOutlookIsReadFromTheBurstsAndPausesBeforeIt() throws {
    var planner = Self.planner(after: Self.flicksWithPauses)
    #expect(planner.stopOutlook(at: 1_760 * ms) == nil, "a burst under way")
    _ = planner.update(visibleRows: 60..<70, in: Self.list, at: 1_840 * ms)
    let outlook = try #require(planner.stopOutlook(at: 1_840 * ms))
    #expect(outlook.restLeft == 0.25, "260 ms, in quarter seconds")
    #expect(outlook.burstRows == [15, 15, 15, 15])
    #expect(abs(outlook.nextPause - (0.36 + 0.76 + 0.36) / 3) < 1e-9)
    #expect(outlook.screenRows == 10)
    #expect(planner.stopOutlook(at: 2_540 * ms) == nil, "longer than any pause")
  }

  /// The bursts' own pace, apart from the pauses between them: flicks of
  /// 15 notches 10 ms apart go 42 rows in the 140 ms after their first
  /// notch, 300 rows a second; a flick too short to read (`paceSpan`) is
  /// left out. The outlook carries it, and the pace over bursts and pauses.
  @Test func theBurstsOwnPaceLeavesOutThePauses() throws {
    let moves =
      Self.flick(at: 100, notches: 15) + Self.flick(at: 700, notches: 5) + Self.flick(at: 1_300, notches: 15)
    var planner = Self.planner(after: moves)
    // Still 100 ms after the last notch (at 1,440 ms), 95 rows down.
    _ = planner.update(visibleRows: 105..<115, in: Self.list, at: 1_540 * ms)
    let speed = try #require(planner.recentBurstSpeed(at: 1_540 * ms))
    #expect(abs(speed - 300) < 1e-6)
    let outlook = try #require(planner.stopOutlook(at: 1_540 * ms))
    #expect(outlook.burstSpeed == speed)
    #expect(outlook.cycleSpeed != nil && outlook.cycleSpeed == planner.cycleSpeed(at: 1_540 * ms))
    #expect(
      Self.planner(after: Self.flicksWithPauses).recentBurstSpeed(at: 1_840 * ms) == nil, "40 ms flicks")
  }

  /// An arrow key held: its press moves a row, then the key's delay
  /// (350 ms here), then a row every 33 ms; `repeats` of them.
  static func hold(at press: UInt64, repeats: Int) -> [(UInt64, Int)] {
    [(press, 1)] + (0..<UInt64(repeats)).map { (press + 350 + $0 * 33, 1) }
  }

  /// A held key's press and its repeats are one burst, its pace the
  /// repeats', and the pause before the press the rhythm's: the key's
  /// delay is no stop, though it is longer than a stop's gap.
  @Test func aHeldKeysPressAndItsRepeatsAreOneBurst() throws {
    // The first hold's last repeat at 1,407 ms; the second's press at 2,450 ms.
    var planner = Self.planner(after: Self.hold(at: 100, repeats: 30) + Self.hold(at: 2_450, repeats: 20))
    _ = planner.update(visibleRows: 52..<62, in: Self.list, at: 3_600 * ms)
    #expect(planner.burstLengths == [31, 21])
    let pace = try #require(planner.recentBurstSpeed(at: 3_600 * ms))
    #expect(abs(pace - 1000.0 / 33) < 1e-6, "\(pace)")
    let outlook = try #require(planner.stopOutlook(at: 3_600 * ms))
    #expect(abs(outlook.nextPause - 1.043) < 1e-9, "from the first hold's last repeat to the second's press")
  }

  /// The view seen still through the key's delay (a frame came) changes
  /// nothing; a second press later than any key's delay, or the other way,
  /// is a burst of its own.
  @Test func aPressIsABurstOfItsOwnWhenNoRepeatFollows() {
    var held = Self.planner()
    _ = held.update(visibleRows: 0..<10, in: Self.list, at: 0)
    _ = held.update(visibleRows: 1..<11, in: Self.list, at: 100 * ms)
    _ = held.update(visibleRows: 1..<11, in: Self.list, at: 300 * ms)
    #expect(held.burstLengths == [1], "still for a stop's gap: the press ended a burst")
    _ = held.update(visibleRows: 2..<12, in: Self.list, at: 450 * ms)
    _ = held.update(visibleRows: 3..<13, in: Self.list, at: 483 * ms)
    _ = held.update(visibleRows: 3..<13, in: Self.list, at: 2_000 * ms)
    #expect(held.burstLengths == [3], "the repeats took it back")

    let tapped = Self.planner(after: Self.hold(at: 100, repeats: 30) + [(2_450, 1), (3_250, 1), (3_550, -1)])
    #expect(tapped.burstLengths == [31, 1, 1], "after a hold, taps 800 ms apart, then one the other way")
  }

  /// Without planning for stops, a planner at rest keeps its old symmetric window.
  @Test func withoutStopsAnIdleWindowIsSymmetric() {
    var planner = PrefetchPlanner(depth: .adaptive(leadTime: 1000), maximumScreens: 3)
    _ = planner.update(visibleRows: 0..<10, in: Self.list, at: 0)
    _ = planner.update(visibleRows: 0..<10, in: Self.list, at: 5_000 * ms)
    #expect(planner.reach == (2, 2))
  }

  /// A held Down key from the top row of a screen of ten: the press, the
  /// auto-repeat's delay, then 30 rows a second. The selection runs to the
  /// bottom edge before the view moves, and the planner reads the run as
  /// the scroll it announces, from the repeats on.
  @Test func aHeldKeysRunToTheEdgeIsTheScrollItAnnounces() {
    var planner = Self.planner()
    _ = planner.update(visibleRows: 0..<10, in: Self.list, at: 0, selectedRow: 0)
    _ = planner.update(visibleRows: 0..<10, in: Self.list, at: 100 * ms, selectedRow: 1)
    // The press alone, and the first repeat after the delay: no run yet,
    // and the view, still since the start, keeps its window at rest.
    _ = planner.update(visibleRows: 0..<10, in: Self.list, at: 400 * ms, selectedRow: 2)
    #expect(planner.direction == .none)
    #expect(planner.reach == (20, 2), "past the next stop's screen, as at rest")
    for step in 3...7 {
      _ = planner.update(
        visibleRows: 0..<10, in: Self.list, at: 400 * ms + UInt64(step - 2) * 33 * ms, selectedRow: step)
    }
    #expect(planner.direction == .down)
    #expect(planner.selectionLeads)
    #expect(planner.paceKnown, "four rows over 132 ms")
    #expect(abs(planner.expectedSpeed(at: 565 * ms) - 30) < 1)
    #expect(planner.slack == 2, "rows 8 and 9 before the view moves")
    // At the edge the view moves with the selection: no slack, the same run.
    for step in 8...14 {
      let top = max(0, step - 9)
      _ = planner.update(
        visibleRows: top..<(top + 10), in: Self.list, at: 400 * ms + UInt64(step - 2) * 33 * ms,
        selectedRow: step)
    }
    #expect(!planner.selectionLeads)
    #expect(planner.slack == 0)
    #expect(abs(planner.expectedSpeed(at: 796 * ms) - 30) < 1, "one pace from the first repeat")
  }

  /// A click on a cell down the screen, or the wheel pulling the
  /// selection along, is no run of the selection.
  @Test func aSelectionThatJumpsOrFollowsTheViewLeadsNothing() {
    var planner = Self.planner()
    _ = planner.update(visibleRows: 0..<10, in: Self.list, at: 0, selectedRow: 0)
    _ = planner.update(visibleRows: 0..<10, in: Self.list, at: 100 * ms, selectedRow: 6)
    #expect(planner.direction == .none, "a click six rows down")
    #expect(planner.slack == 0)
    // The wheel: three rows a notch, the selection pulled onto the top row.
    for notch in 1...4 {
      let top = 3 * notch
      _ = planner.update(
        visibleRows: top..<(top + 10), in: Self.list, at: (200 + UInt64(notch) * 10) * ms,
        selectedRow: max(6, top))
    }
    #expect(planner.direction == .down)
    #expect(!planner.selectionLeads)
    #expect(planner.slack == 0, "the view leads: rows below come as it moves")
  }

  /// A jump key that leaves the view where it was (Tab to a section on
  /// screen) is remembered as a jump, for as long, and breaks no burst:
  /// the rhythm read before it stands.
  @Test func aJumpKeyIsAJumpThoughTheViewStays() {
    var planner = Self.planner(after: Self.flick(at: 100, notches: 15))
    let rhythm = planner.burstLengths
    #expect(!planner.jumpedRecently(at: 1_000 * ms))
    planner.noteJumpKey(at: 1_000 * ms)
    #expect(planner.jumpedRecently(at: 1_000 * ms))
    #expect(planner.jumpedRecently(at: 10_999 * ms))
    #expect(!planner.jumpedRecently(at: 11_000 * ms))
    #expect(planner.burstLengths == rhythm)
    #expect(planner.isStill(at: 1_000 * ms), "a key that moved no row moved no view")
  }

  /// A move farther than the window reaches at once (End, a section away)
  /// is a jump, remembered for ten seconds; a wheel flick's is not.
  @Test func aMoveBeyondTheWindowIsAJump() {
    var planner = Self.planner(after: Self.flick(at: 100, notches: 15))
    #expect(!planner.jumpedRecently(at: 500 * ms))
    #expect(!planner.isStill(at: 300 * ms), "the flick's last notch was 60 ms before")
    #expect(planner.isStill(at: 340 * ms))
    _ = planner.update(visibleRows: 900..<910, in: Self.list, at: 1_000 * ms)
    #expect(planner.jumpedRecently(at: 1_000 * ms))
    #expect(planner.jumpedRecently(at: 10_999 * ms))
    #expect(!planner.jumpedRecently(at: 11_000 * ms))
    #expect(planner.mayComeBack(at: 10_999 * ms), "back to where it jumped from")
    #expect(!planner.mayComeBack(at: 11_000 * ms))
  }
}
