/// Decides, each frame, which items start and stop being displayed and which
/// to prefetch or stop prefetching — the part of `UICollectionView` that
/// calls `willDisplay`, `didEndDisplaying`, `prefetchItems(at:)` and
/// `cancelPrefetchingForItems(at:)`.
///
/// Pure: it is given the visible rows, the layout and the time, and keeps
/// only ranges of flat item positions (visible items are consecutive, and so
/// is the window around them), so a jump across a million items costs what a
/// one-row scroll does, apart from the items it names.
///
/// The window reaches `depth` rows beyond each edge. An adaptive depth
/// follows the scroll: ahead of a moving viewport it reaches as far as the
/// viewport will travel in `leadTime` (so a load started now is done by the
/// time its row arrives), and farther while its loads leave slots idle;
/// behind it one row. When the scroll stops it becomes symmetric, or,
/// planning for stops (`plansForStops`), once the view has rested a
/// moment, reaches past the screen the next burst will likely stop on, in
/// the way the last one went.
///
/// For that it reads the scroll's rhythm: people scroll in bursts (a held
/// key, a flick of the wheel, a few pages) and stop to look. A burst is
/// movements closer together than `stopGap`; the rows the recent bursts
/// moved say how far the next one will likely go (`nextBurst`).
///
/// A held arrow key first runs the selection to the screen's edge, and only
/// then moves the view: given the selected row, the planner reads that run
/// as the scroll it announces, at the selection's pace, with `slack` rows to
/// go before the view moves.
public struct PrefetchPlanner: Sendable {
  public enum Depth: Equatable, Sendable {
    /// Exactly this many rows beyond each edge (`--prefetch-rows N`).
    case fixed(rows: Int)
    /// Rows ahead = speed × lead time (milliseconds), within the bounds.
    case adaptive(leadTime: Double)
  }

  /// What changed since the previous update, in the order to act on it.
  public struct Plan: Equatable, Sendable {
    public var willDisplay: [IndexPath] = []
    public var didEndDisplaying: [IndexPath] = []
    /// How the window moved. The prefetch lists are worked out from it when
    /// asked for, which the frame need not wait for (UIKit asks outside the
    /// layout pass): a page slide changes hundreds of them a frame.
    var window: WindowChange?

    public init() {}

    /// Nearest first, the scroll direction first at equal distance.
    public var prefetch: [Prefetch] { window?.prefetches() ?? [] }
    /// Items no longer wanted at all: neither on screen nor in the window.
    public var cancelPrefetching: [IndexPath] { window?.cancelled() ?? [] }
  }

  /// The window and the screen before an update and after it.
  struct WindowChange: Equatable, Sendable {
    var newWanted: Range<Int>
    var newVisible: Range<Int>
    var alreadyWanted: Range<Int>
    var wasVisible: Range<Int>
    /// The rows now on screen, within the layout.
    var visibleRows: Range<Int>
    var direction: Direction
    var layout: GridLayout

    func cancelled() -> [IndexPath] {
      PrefetchPlanner.items(in: alreadyWanted, notIn: newWanted, layout)
    }

    /// The items newly in the window (not on screen), nearest row first, the
    /// scroll direction first at equal distance, left to right within a row.
    func prefetches() -> [Prefetch] {
      var requests: [Prefetch] = []
      for flat in newWanted where !newVisible.contains(flat) {
        // Newly wanted, or leaving the screen but still near (it keeps loading as a prefetch).
        guard !alreadyWanted.contains(flat) || wasVisible.contains(flat) else { continue }
        let indexPath = layout.indexPath(flatIndex: flat)
        let row = layout.row(of: indexPath)
        requests.append(Prefetch(indexPath, distance: PrefetchPlanner.rowsOffScreen(row, visibleRows)))
      }
      let leading: (Prefetch) -> Bool = { [direction, layout, visibleRows] request in
        let below = layout.row(of: request.indexPath) >= visibleRows.upperBound
        return direction == .up ? !below : below
      }
      return requests.sorted { a, b in
        if a.distance != b.distance { return a.distance < b.distance }
        let (aLeads, bLeads) = (leading(a), leading(b))
        if aLeads != bLeads { return aLeads }
        return a.indexPath < b.indexPath
      }
    }
  }

  /// An item to prefetch and how many rows it lies beyond the viewport.
  public struct Prefetch: Equatable, Sendable {
    public var indexPath: IndexPath
    public var distance: Int

    public init(_ indexPath: IndexPath, distance: Int) {
      self.indexPath = indexPath
      self.distance = distance
    }
  }

  public enum Direction: Equatable, Sendable {
    case none, up, down
  }

  /// How deep the window reaches; the lead time follows the latency the
  /// loads are measured to take.
  public var depth: Depth
  /// The share of loads an adaptive window's lead time lets finish in time.
  public static let leadQuantile = 0.9
  /// Adaptive bounds: the idle, symmetric depth and the deepest reach ahead
  /// (or `maximumScreens` screens, if that is more: paging through a tall
  /// terminal needs the pages after the next).
  public let minimumRows: Int
  public let maximumRows: Int
  public let maximumScreens: Int
  /// How long without movement before the scroll counts as stopped.
  public static let idleAfter: UInt64 = 1_000_000_000

  /// Flat positions of the items on screen.
  public private(set) var visible: Range<Int> = 0..<0
  /// Flat positions of everything wanted: the visible items and the window.
  public private(set) var wanted: Range<Int> = 0..<0
  public private(set) var direction = Direction.none
  /// Smoothed scroll speed, in rows per second.
  public private(set) var speed: Double = 0
  private var lastTopRow: Int?
  private var lastSelectedRow: Int?
  private var lastColumns = 0
  private var lastTime: UInt64 = 0
  /// When the view last moved; nil before the first movement and after it
  /// stops, when there is no interval to measure a speed over.
  private var lastMovement: UInt64?
  /// The movements of the current run (one direction, no stop) within the
  /// last `averagingWindow`, and when the run began.
  private var recentMoves: [(time: UInt64, rows: Int)] = []
  private var runStart: UInt64 = 0
  /// When the scroll last went from one direction straight into the other.
  private var lastTurn: UInt64?
  /// How far back `expectedSpeed` looks: long enough to span a burst and
  /// its pause, or a few page jumps.
  public static let averagingWindow: UInt64 = 2_000_000_000
  /// How long a run must have gone on before its pace is read: a few steps
  /// of a fast scroll, a step of a slow one.
  public static let paceSpan: UInt64 = 100_000_000

  /// The speed taken for a scroll's first movement, which has no interval
  /// to measure one over (rows a second; 0 keeps the minimum reach until the
  /// second movement).
  public let assumedSpeed: Double

  /// The default idle, symmetric depth (`minimumRows`).
  public static let idleRows = 2

  /// Whether a view at rest has a window past the screen its next burst
  /// will likely stop on (rather than `minimumRows` each way).
  public let plansForStops: Bool

  public init(
    depth: Depth, minimumRows: Int = idleRows, maximumRows: Int = 40, maximumScreens: Int = 0,
    assumedSpeed: Double = 0, plansForStops: Bool = false
  ) {
    self.depth = depth
    self.assumedSpeed = assumedSpeed
    self.minimumRows = minimumRows
    self.maximumRows = max(minimumRows, maximumRows)
    self.maximumScreens = maximumScreens
    self.plansForStops = plansForStops
  }

  /// Rows the window reaches beyond the leading and trailing edge now.
  public var reach: (ahead: Int, behind: Int) {
    switch depth {
    case .fixed(let rows):
      return (rows, rows)
    case .adaptive:
      guard direction != .none else {
        // At rest the pool is free: past the next stop's screen, the way
        // the scroll last went, where the person will look next; and once
        // that leaves slots idle, as far the other way (`fillsBehind`).
        guard restsForStops else { return (minimumRows, minimumRows) }
        let pastNextStop = max(min(nextBurst.upperBound + screenRows, deepest), minimumRows)
        return (pastNextStop, fillsBehind ? pastNextStop : minimumRows)
      }
      // A glance back keeps the far edge where it was: the loads there are
      // the likeliest to be in time when the run goes on.
      return (aheadRows + (glance?.rows ?? 0), 1)
    }
  }

  // MARK: Bursts and stops

  /// Rows on screen at the last update.
  private var screenRows = 0
  /// The deepest the window may reach, in rows.
  private var deepest: Int { max(maximumRows, maximumScreens * screenRows) }
  /// When the view last moved; unlike `lastMovement`, kept through a stop.
  private var lastMoveTime: UInt64?
  /// Whether the view has moved since the list was shown: its screen was
  /// scrolled to, not shown from the list's top.
  public var hasScrolled: Bool { lastMoveTime != nil }
  /// When the planner was first updated: the start of the first rest.
  private var firstUpdate: UInt64?
  /// The gaps between the last movements, newest last (`stopGap`).
  private var recentGaps: [UInt64] = []
  /// Movements closer together than `stopGap`.
  private struct Burst {
    /// When it began, and when it made its last movement.
    var start: UInt64 = 0
    var end: UInt64 = 0
    /// Rows moved, and the same counted down positive, up negative.
    var rows = 0
    var netRows = 0
    /// When the movement its pace is read from came (its first, or a held
    /// key's first repeat), which has no interval before it, and the rows
    /// moved after it: its pace is these over the time since.
    var paceStart: UInt64 = 0
    var paceRows = 0
    /// Whether it jumped (see `noteJump`).
    var jumped = false

    /// Rows a second after `paceStart`, once it has gone on for
    /// `paceSpan`; nil before, and for a jump.
    var pace: Double? {
      guard !jumped, end >= paceStart + PrefetchPlanner.paceSpan else { return nil }
      return Double(paceRows) / (Double(end - paceStart) / 1e9)
    }

    /// Whether it was a single step of one row: an arrow key's press,
    /// which may be the start of a hold.
    var isOneStep: Bool { rows == 1 }
  }
  /// The burst under way (no rows between bursts).
  private var burst = Burst()
  /// Rows each recent burst moved, newest last.
  public private(set) var burstLengths: [Int] = []
  /// The recent bursts that did not jump, since the last that did, newest last.
  private var pastBursts: [Burst] = []
  /// How far back whole bursts and pauses are read for `cycleSpeed`: a
  /// few of a wheel's flicks or a held key's runs, not a rhythm long gone.
  public static let cycleMemory: UInt64 = 10_000_000_000
  /// When the view last jumped (moved farther at once than the window
  /// reaches: End, Home, Tab to a section far off), or a jump key was
  /// pressed (`noteJumpKey`).
  private var lastJump: UInt64?
  /// How long a jump says the person jumps: the screens the jump keys
  /// lead to are worth loading before the window's far rows.
  public static let jumpMemory: UInt64 = 10_000_000_000

  /// Whether the view jumped, or a jump key was pressed, within
  /// `jumpMemory` before `time`.
  public func jumpedRecently(at time: UInt64) -> Bool {
    guard let lastJump else { return false }
    return time < lastJump + Self.jumpMemory
  }

  /// A jump key (Home, End, Tab, Shift-Tab) was pressed at `time`, the view
  /// moving with it or not. Only the memory of jumping is kept: a view that
  /// did not move broke no burst, so the scroll's rhythm stands.
  public mutating func noteJumpKey(at time: UInt64) {
    lastJump = time
  }
  /// Whether the view had been still for `restAfter` at the last update.
  public private(set) var isResting = false
  /// Whether the window of a view at rest reaches as far behind the
  /// screen as ahead: from when the pool had a slot nothing wanted
  /// (`update`'s `idleSlots`) until the view moves. A search's matches
  /// and a look back come from anywhere, and an idle slot loads nothing.
  public private(set) var fillsBehind = false

  /// Whether an idle pool would have the window reach behind the screen
  /// at the next update: the view rests, and it does not yet.
  public var awaitsIdlePool: Bool { restsForStops && direction == .none && !fillsBehind }
  /// Whether the window of a still view plans for the next stop: it has
  /// rested for `restAfter`.
  private var restsForStops: Bool { plansForStops && isResting }
  /// Where a resumed scroll likely goes: the way the bursts within
  /// `cycleMemory` went on balance, or the last movement's if they even
  /// out (down before any: a list is read from its top).
  public private(set) var likelyDirection = Direction.down

  /// A gap between movements that ends a burst, at least: a held key
  /// repeats every 25–70 ms, a wheel's notches come milliseconds apart, a
  /// page slides over a few frames.
  public static let minimumStopGap: UInt64 = 100_000_000
  /// How many gaps and bursts the rhythm is read from.
  static let rhythmMemory = 12
  /// How long the view must be still before an idle window reaches past
  /// the next stop. Not at once: a scroll that starts with the first frame
  /// wants the pool for the rows it is about to show, not for two screens
  /// asked for a moment before (`emoji-rater bench`, 80×24, burst: ready
  /// on display 38% when the window reached them from the first frame, 84%
  /// when it waited).
  public static let restAfter: UInt64 = 300_000_000

  /// How long without movement ends a burst: `gapGrowth` times the
  /// burst's last gap, or at its first movement (no gap of its own yet)
  /// three times the scroll's usual gap; never under `minimumStopGap` (a
  /// steady 5 rows a second, a row every 200 ms, is one long burst, not a
  /// stop after every row). Worked out when the view moves, not at every
  /// frame that asks.
  public private(set) var stopGap = PrefetchPlanner.minimumStopGap
  /// How much longer than the one before a gap within a burst must be to
  /// end it. A trackpad's swipe slows as its momentum dies, each gap a
  /// tenth to a fifth longer than the last, and the pause after it is
  /// longer again. Three times the usual gap cut a swipe's tail into
  /// bursts of a few notches once its gaps passed 100 ms (seeds 701, 702
  /// and 704 at 80×24: a first swipe of 21 notches read as 16, 3 and 2),
  /// and, once the tail's gaps filled the median, read two swipes a
  /// short pause apart as one (`docs/benchmark.md`, "A swipe's slowing
  /// tail is one burst").
  static let gapGrowth = 2.0

  /// Whether the scroll is between bursts at `time`: it has not moved for
  /// `stopGap`, or never has.
  public func isStopped(at time: UInt64) -> Bool {
    hasNotMoved(for: stopGap, at: time)
  }

  /// Whether the view has not moved for `minimumStopGap` at `time`: no
  /// burst is under way, though jumps a second apart may be one burst to
  /// `isStopped`.
  public func isStill(at time: UInt64) -> Bool {
    hasNotMoved(for: Self.minimumStopGap, at: time)
  }

  private func hasNotMoved(for gap: UInt64, at time: UInt64) -> Bool {
    guard let lastMoveTime else { return true }
    return time >= lastMoveTime && time - lastMoveTime >= gap
  }

  /// How far the next burst will likely go: up to the longest of the
  /// recent bursts, or a screen before there are any.
  public var nextBurst: ClosedRange<Int> {
    guard let shortest = burstLengths.min(), let longest = burstLengths.max() else {
      return max(1, screenRows)...max(1, screenRows)
    }
    return shortest...longest
  }

  /// Notes the view's state at `time` in the scroll's rhythm: a burst ends
  /// once the view has been still for a stop's gap (its length is news for
  /// the stop), and the view rests once still for `restAfter`.
  private mutating func noteStillness(at time: UInt64) {
    if firstUpdate == nil { firstUpdate = time }
    if isStopped(at: time) { finishBurst() }
    isResting = time >= (lastMoveTime ?? firstUpdate ?? time) + Self.restAfter
  }

  /// Notes a movement of `rows` at `time` in the scroll's rhythm.
  private mutating func noteMovement(rows: Int, direction: Direction, at time: UInt64) {
    if let lastMoveTime, time > lastMoveTime {
      let gap = time - lastMoveTime
      if gap >= stopGap { finishBurst() }
      recentGaps.append(gap)
      if recentGaps.count > Self.rhythmMemory { recentGaps.removeFirst() }
      // A burst goes on (this gap was within it): by its own last gap. Else
      // this movement begins one, which has no gap yet: by the usual gap.
      let next =
        burst.rows > 0
        ? UInt64(Self.gapGrowth * Double(gap)) : 3 * recentGaps.sorted()[recentGaps.count / 2]
      stopGap = max(Self.minimumStopGap, next)
    }
    if burst.rows == 0 {
      // A held key's press and its repeats are one burst, its pace the repeats'.
      burst = keyPressRepeating(rows: rows, direction: direction, at: time) ?? Burst(start: time)
      burst.paceStart = time
    } else {
      burst.paceRows += rows
    }
    burst.rows += rows
    burst.end = time
    burst.netRows += direction == .up ? -rows : rows
    lastMoveTime = time
    // The way the recent bursts went, on balance: a flick or a few pages
    // back in a scroll down are a look back, and the next burst goes on down.
    let net = recentBursts(at: time).reduce(burst.netRows) { $0 + $1.netRows }
    likelyDirection = net > 0 ? .down : net < 0 ? .up : direction
    if rows > deepest { noteJump(at: time) }
  }

  /// A jump (End, a section away) is no part of the scroll's pace: the
  /// bursts before it, and its own rows, are not read for `cycleSpeed`
  /// nor for the burst's pace (End then Home in half a second read as
  /// thousands of rows a second, and every row ahead as too late).
  private mutating func noteJump(at time: UInt64) {
    lastJump = time
    pastBursts.removeAll()
    burst.jumped = true
  }

  /// The longest a held key waits after its press before it repeats: a
  /// quarter to half a second on most desktops, 660 ms by X's default.
  static let repeatDelay: UInt64 = 700_000_000

  /// The burst just ended, taken back, if it was an arrow key's press and
  /// this step of one row the same way, within `repeatDelay`, is the
  /// key's first repeat. A held key's press moves the view a row, then
  /// the view stands through the key's delay, longer than a stop's gap:
  /// read apart, every hold was a burst of one row and a pause of a third
  /// of a second, then the hold: on holds the same way, half the bursts
  /// and half the pauses the rhythm was read from.
  private mutating func keyPressRepeating(rows: Int, direction: Direction, at time: UInt64) -> Burst? {
    // The press is the burst that ended at the last movement (`finishBurst`
    // put it in both lists; a jump since would have been the last).
    guard rows == 1, let press = pastBursts.last, press.isOneStep, press.end == lastMoveTime,
      press.netRows == (direction == .up ? -1 : 1), time - press.end <= Self.repeatDelay
    else { return nil }
    pastBursts.removeLast()
    burstLengths.removeLast()
    return press
  }

  private mutating func finishBurst() {
    guard burst.rows > 0 else { return }
    burstLengths.append(burst.rows)
    if burstLengths.count > Self.rhythmMemory { burstLengths.removeFirst() }
    if !burst.jumped { pastBursts.append(burst) }
    if pastBursts.count > Self.rhythmMemory { pastBursts.removeFirst() }
    burst = Burst()
  }

  /// The finished bursts that began within `cycleMemory` before `time`:
  /// the rhythm the scroll has now, not one long gone.
  private func recentBursts(at time: UInt64) -> [Burst] {
    pastBursts.filter { time < $0.start + Self.cycleMemory }
  }

  /// When the scroll will have gone a given number of rows, at `time`
  /// (see `ScrollForecast`). A burst under way goes at its own pace once
  /// read (`Burst.pace`): a held key's second run goes at its 25 rows a
  /// second at once, where the pace over the last two seconds, its pause
  /// and all, read 9.
  public func forecast(at time: UInt64) -> ScrollForecast {
    let overall = expectedSpeed(at: time)
    guard direction != .none else { return ScrollForecast(speed: overall) }
    guard burst.rows > 0, !isStopped(at: time) else {
      return ScrollForecast(speed: overall, cycleSpeed: cycleSpeed(at: time))
    }
    return ScrollForecast(
      speed: burst.pace ?? overall, rowsLeftInBurst: rowsLeftInBurst, cycleSpeed: cycleSpeed(at: time))
  }

  /// Rows a page's slide has still to go to where the view comes to
  /// rest (`update`'s `restingTopRow`, given only while the view slides);
  /// nil when it is not sliding.
  private var slideRowsLeft: Int?

  /// Rows the burst under way will likely still go: to where a sliding
  /// view comes to rest, which the app knows; else the median of what
  /// the recent bursts that went farther went beyond it; once it has gone
  /// farther than any, as far again as it has gone.
  private var rowsLeftInBurst: Int {
    if let slideRowsLeft { return slideRowsLeft }
    let farther = burstLengths.filter { $0 > burst.rows }.sorted()
    return farther.isEmpty ? burst.rows : farther[farther.count / 2] - burst.rows
  }

  /// How much longer the view will likely stay still at `time`, in
  /// nanoseconds: the median of what the recent pauses between bursts
  /// that lasted longer than this one has so far lasted beyond it. nil
  /// while a burst is under way, before two bursts, or once this pause is
  /// longer than any of them (the person may be reading).
  public func restLeft(at time: UInt64) -> UInt64? {
    guard burst.rows == 0, let lastMoveTime, time >= lastMoveTime else { return nil }
    let paused = time - lastMoveTime
    let longer = recentPauses(at: time).filter { $0 > paused }.sorted()
    return longer.isEmpty ? nil : longer[longer.count / 2] - paused
  }

  /// What the pause under way will likely lead to at `time`
  /// (`StopOutlook`): how much longer it lasts, how far the next burst
  /// goes, how long the pause after it. nil while a burst is under way,
  /// and when the rhythm does not say how long this pause lasts
  /// (`restLeft`: before two bursts, or once it is longer than any, as a
  /// reader's is): the screen being looked at then comes first.
  public func stopOutlook(at time: UInt64) -> StopOutlook? {
    guard let restLeft = restLeft(at: time), !burstLengths.isEmpty else { return nil }
    let pauses = recentPauses(at: time)
    guard !pauses.isEmpty else { return nil }
    return StopOutlook(
      restLeft: Double(restLeft) / 1e9, burstRows: burstLengths,
      nextPause: Double(pauses.reduce(0, +)) / Double(pauses.count) / 1e9, screenRows: screenRows,
      burstSpeed: recentBurstSpeed(at: time), cycleSpeed: cycleSpeed(at: time))
  }

  /// Rows a second within the recent bursts that lasted `paceSpan`
  /// (`recentBursts`), the median of their paces: how fast the next burst
  /// will likely go, where `cycleSpeed` counts the pauses too.
  public func recentBurstSpeed(at time: UInt64) -> Double? {
    let paces = recentBursts(at: time).compactMap(\.pace).sorted()
    return paces.isEmpty ? nil : paces[paces.count / 2]
  }

  /// The pauses between the recent bursts (`recentBursts`), in nanoseconds.
  private func recentPauses(at time: UInt64) -> [UInt64] {
    let recent = recentBursts(at: time)
    return zip(recent, recent.dropFirst()).map { $1.start - $0.end }
  }

  /// Rows a second, the way the scroll goes, from the start of the oldest
  /// burst within `cycleMemory` to the start of the newest (the one under
  /// way, or the last if none is): whole bursts and the pauses after them.
  /// Not counting the newest burst's rows: they have no pause after them
  /// yet, and a pace read just after a flick would count its rows and not
  /// its rest.
  public func cycleSpeed(at time: UInt64) -> Double? {
    var bursts = recentBursts(at: time)
    if burst.rows > 0, !burst.jumped { bursts.append(burst) }
    guard bursts.count >= 2, let first = bursts.first, let newest = bursts.last, newest.start > first.start
    else { return nil }
    let way = direction == .up ? -1 : 1
    let rows = bursts.dropLast().reduce(0) { $0 + $1.netRows } * way
    guard rows > 0 else { return nil }
    return Double(rows) / (Double(newest.start - first.start) / 1e9)
  }

  /// How far ahead an adaptive window reaches while the scroll keeps its
  /// direction: as far as its loads' lead time asks, or as the idle slots
  /// took it. It only grows until the scroll stops or turns: a speed
  /// estimate that wobbles would otherwise cancel the far row one frame and
  /// ask for it again the next.
  private var aheadRows: Int { max(leadRows, filledRows) }
  /// Rows ahead the lead time asks for: speed × lead time, the most this
  /// run has asked.
  private var leadRows = 0
  /// How far ahead idle slots took the window in this run
  /// (`reachFartherAhead`; 0: not past the lead).
  private var filledRows = 0

  /// Rows ahead of a moving view that its loads' lead time asks for
  /// (`leadRows`, and as far again as a glance back went, as `reach`);
  /// the window reaches past them only to fill slots nothing else wants
  /// (`reachFartherAhead`). nil for a fixed depth, and while the view is
  /// still.
  public var leadReach: Int? {
    guard case .adaptive = depth, direction != .none else { return nil }
    return leadRows + (glance?.rows ?? 0)
  }

  /// Moves the viewport to `visibleRows` at `time` (nanoseconds), with the
  /// selection on `selectedRow` if there is one and the view sliding to
  /// `restingTopRow` if it does (a page key's slide), and returns what the
  /// data source must hear about. `idleSlots`: the loads' free slots that
  /// nothing asked for takes, which a still view's window reaches behind
  /// the screen for (`fillsBehind`), and a moving one farther ahead.
  public mutating func update(
    visibleRows: Range<Int>, in layout: GridLayout, at time: UInt64, selectedRow: Int? = nil,
    restingTopRow: Int? = nil, idleSlots: Int = 0
  ) -> Plan {
    let newVisible = layout.flatRange(ofRows: visibleRows)
    screenRows = visibleRows.count
    track(topRow: visibleRows.lowerBound, selectedRow: selectedRow, columns: layout.columns, at: time)
    let rowsToRest = restingTopRow.map { abs($0 - visibleRows.lowerBound) } ?? 0
    slideRowsLeft = rowsToRest > 0 ? rowsToRest : nil
    slack = selectionLeads ? Self.rows(from: selectedRow, toEdgeOf: visibleRows, going: direction) : 0
    noteStillness(at: time)
    fillsBehind = restsForStops && direction == .none && (fillsBehind || idleSlots > 0)
    if idleSlots > 0 { reachFartherAhead(toFill: idleSlots, columns: layout.columns, at: time) }
    let (aheadRows, behindRows) = reach
    let leading = direction == .none ? likelyDirection : direction
    let (downRows, upRows) = leading == .up ? (behindRows, aheadRows) : (aheadRows, behindRows)
    let rows = visibleRows.clamped(to: 0..<layout.rowCount)
    let newWanted =
      newVisible.isEmpty
      ? 0..<0 : layout.flatRange(ofRows: max(0, rows.lowerBound - upRows)..<(rows.upperBound + downRows))

    // Most frames the view has not moved: nothing came or went, and there is
    // no need to walk the screen's items to find that out.
    if newVisible == visible && newWanted == wanted { return Plan() }

    var plan = Plan()
    plan.willDisplay = Self.items(in: newVisible, notIn: visible, layout)
    plan.didEndDisplaying = Self.items(in: visible, notIn: newVisible, layout)
    // The prefetch lists, worked out when delivered: the cancellations are
    // everything no longer wanted, including items that just left the
    // screen and fell outside the window too, as their loads can stop.
    plan.window = WindowChange(
      newWanted: newWanted, newVisible: newVisible, alreadyWanted: wanted, wasVisible: visible,
      visibleRows: rows, direction: direction, layout: layout)
    visible = newVisible
    wanted = newWanted
    return plan
  }

  /// Every item in the current window, as if it had just come into it: for a
  /// switch into prefetching, which must ask for what is already near.
  public func windowPrefetches(visibleRows: Range<Int>, in layout: GridLayout) -> [Prefetch] {
    WindowChange(
      newWanted: wanted, newVisible: visible, alreadyWanted: 0..<0, wasVisible: 0..<0,
      visibleRows: visibleRows.clamped(to: 0..<layout.rowCount), direction: direction, layout: layout
    ).prefetches()
  }

  /// Forgets everything (the data changed): the next update displays afresh.
  public mutating func reset() {
    self = PrefetchPlanner(
      depth: depth, minimumRows: minimumRows, maximumRows: maximumRows, maximumScreens: maximumScreens,
      assumedSpeed: assumedSpeed, plansForStops: plansForStops)
  }

  // MARK: Motion

  /// Whether the last movement was the selection's, the view still: the
  /// view moves once the selection reaches its edge, `slack` rows on.
  public private(set) var selectionLeads = false
  /// Rows the selection has yet to go before the view moves, while it
  /// leads: a row `d` rows past the screen shows `slack + d` rows on.
  public private(set) var slack = 0
  /// The most rows a selection's move may go, the view still, and count as
  /// a scroll: an arrow key's row, or two when keys come faster than frames.
  /// A click on a cell farther down is a choice, not a scroll.
  static let selectionStep = 2
  /// When the selection last moved. Its run starts at a step that comes
  /// within `minimumStopGap` of the one before: a key's auto-repeat, not
  /// its first press, which a delay of a quarter to half a second follows
  /// (counted, it began the run with the pool at rest and the pace unread,
  /// and the pool waited through the delay: `make bench-families`, held,
  /// 80×24, ready on display 25% before, 22% with it).
  private var lastSelectionMove: UInt64?

  /// Rows from the nearer edge of `visibleRows` to `row`: 1 for the row
  /// just past either edge, 0 on screen.
  public static func rowsOffScreen(_ row: Int, _ visibleRows: Range<Int>) -> Int {
    if row >= visibleRows.upperBound { return row - visibleRows.upperBound + 1 }
    return max(0, visibleRows.lowerBound - row)
  }

  /// Rows from `row` to the edge of `visibleRows` the scroll goes towards.
  static func rows(from row: Int?, toEdgeOf visibleRows: Range<Int>, going direction: Direction) -> Int {
    guard let row, visibleRows.contains(row) else { return 0 }
    switch direction {
    case .down: return visibleRows.upperBound - 1 - row
    case .up: return row - visibleRows.lowerBound
    case .none: return 0
    }
  }

  /// Follows the top row, and the selection while the view is still, over
  /// time. A change of column count (a resize) moves rows without anyone
  /// scrolling, so it is no motion sample.
  private mutating func track(topRow: Int, selectedRow: Int?, columns: Int, at time: UInt64) {
    defer {
      lastTopRow = topRow
      lastSelectedRow = selectedRow
      lastColumns = columns
      lastTime = time
    }
    guard let last = lastTopRow, columns == lastColumns, time > lastTime else { return }
    var movedRows = topRow - last
    // Rows the selection moved since the last update; nil if it did not.
    var selectionMove: Int?
    if let selectedRow, let lastSelectedRow, selectedRow != lastSelectedRow {
      selectionMove = selectedRow - lastSelectedRow
    }
    defer { if selectionMove != nil { lastSelectionMove = time } }
    if movedRows != 0 {
      selectionLeads = false
    } else if let selectionMove, abs(selectionMove) <= Self.selectionStep,
      let lastSelectionMove, time - lastSelectionMove < Self.minimumStopGap
    {
      movedRows = selectionMove
      selectionLeads = true
    }
    if movedRows == 0 {
      if let lastMovement, time - lastMovement >= Self.idleAfter || lookedBack(at: time) {
        direction = .none
        speed = 0
        self.lastMovement = nil
        recentMoves = []
        glance = nil
        selectionLeads = false
      }
      return
    }
    let newDirection: Direction = movedRows > 0 ? .down : .up
    noteMovement(rows: abs(movedRows), direction: newDirection, at: time)
    if direction != .none, newDirection != direction,
      noteGlanceBack(rows: abs(movedRows), at: time)
    {
      // The run's direction, speed and window stand: it is likely to go on.
      recentMoves.append((time, abs(movedRows)))
      lastMovement = time
      return
    }
    if newDirection == direction, var glance {
      // On again after a glance back: the window's far edge stays put until
      // the scroll is back where it was, so no load there is let go.
      glance.rows -= abs(movedRows)
      self.glance = glance.rows > 0 ? glance : nil
    } else {
      glance = nil
    }
    let sameDirection = newDirection == direction
    // Over the time since the last movement, not the last frame: a scroll of
    // a row every 200 ms is 5 rows a second, though frames come every 17 ms.
    // The first movement has no interval yet: it is taken to be `assumedSpeed`.
    let rowsPerSecond =
      lastMovement.map { Double(abs(movedRows)) / (Double(time - $0) / 1e9) } ?? assumedSpeed
    // Smooth the speed while the direction holds; a reversal starts afresh.
    speed = sameDirection && speed > 0 ? (speed + rowsPerSecond) / 2 : rowsPerSecond
    if !sameDirection {
      if direction != .none { lastTurn = time }
      recentMoves = []
      runStart = lastMovement ?? time
    }
    // A run from rest starts with this movement, which has no interval
    // before it: it marks the run's start, and only the rows after it count
    // (counted too, a burst of 30 rows a second read 40 after 0.1 s).
    if lastMovement != nil { recentMoves.append((time, abs(movedRows))) }
    recentMoves.removeAll { time - $0.time >= Self.averagingWindow }
    direction = newDirection
    lastMovement = time
    if case .adaptive(let leadTime) = depth {
      let wanted = min(max(Int((speed * leadTime / 1000).rounded(.up)) + 1, minimumRows), deepest)
      leadRows = sameDirection ? max(leadRows, wanted) : wanted
      if !sameDirection { filledRows = 0 }
    }
  }

  /// Whether the burst just ended went against the way the recent bursts
  /// went on balance (`likelyDirection`): a look back, after which the
  /// person likely goes on the way they were going. The view then rests
  /// at once, its window leading that way, not after `idleAfter`. Read
  /// for that second as a slow scroll the way it looked, the pause sent
  /// the pool to rows behind where the scroll went next (`emoji-rater
  /// bench --traces reading`, 80×24, seed 704, a flick up between flicks
  /// down: spinners at settle 88% read as a slow scroll, 72% resting at
  /// once).
  private func lookedBack(at time: UInt64) -> Bool {
    direction != .none && likelyDirection != direction && isStopped(at: time)
  }

  /// A moving window whose loads leave `idleSlots` slots that nothing
  /// wants reaches farther ahead by the rows they would fill, up to the
  /// deepest: the scroll comes to those rows next. Speed × lead time says
  /// how far ahead a load must start to be in time, not how far the pool
  /// can go: with quick loads it reached 30 rows, and a held key at 200×60
  /// ran into rows not yet loaded while a fifth of the slots sat idle
  /// (`emoji-rater bench --traces held --latency 100-400ms`). A pool with
  /// no slot free adds nothing: a load started farther out would take a
  /// slot from a nearer row. Nor do the rows it adds once the pool fills
  /// again: they go after every row the lead time asks for (`leadReach`).
  ///
  /// Not within `averagingWindow` of a turn: the rows far ahead may never
  /// come. Before a run's pace is read the ranking holds every load back,
  /// so the slots stay idle and each frame adds as many rows again, up to
  /// the deepest: a run's start is where reaching far pays, as the pool
  /// has the whole run to fill them (waiting for the pace, held keys at
  /// 200×60 with quick loads read 83% ready on display, not 91%).
  private mutating func reachFartherAhead(toFill idleSlots: Int, columns: Int, at time: UInt64) {
    guard case .adaptive = depth, direction != .none, !turnedRecently(at: time) else { return }
    let rows = (idleSlots + columns - 1) / columns
    filledRows = max(filledRows, min(aheadRows + rows, deepest))
  }

  /// Notes a move against the run as a glance back if it is one, and says
  /// whether it was. A glance back comes at once, within `glanceSpan` (a
  /// page up, which its slide brings in over a few frames; a flick of the
  /// wheel; not a row at a time), in steps of at most a screen, no farther
  /// than the window reaches, and is the first since the run last moved
  /// on. People paging through a list look back a page and go on: turning
  /// the window round for that would spend the pool on rows above that
  /// never come, and leave the rows below, where the scroll goes next, to
  /// wait (`emoji-rater bench`, pages: page down three times, up once). So
  /// do people flicking the wheel: a flick back of more than a screen was
  /// a turn, and the pool went to the rows above and let the far rows
  /// below go (`make bench-families`, wheel, 80×24: ready on display 14%
  /// then, 18% as a glance). A Shift-Tab farther than a screen, in one
  /// step, is no glance: taken for one, jumps at 80×24 fell from 62% to
  /// 58%. A second move back, or a slower one (a scroll that reverses, a
  /// held key), is a turn.
  private mutating func noteGlanceBack(rows: Int, at time: UInt64) -> Bool {
    // A row at a time is a scroll coming back, not a jump.
    guard let glance = self.glance ?? (rows > 1 ? Glance(start: time, rows: 0) : nil),
      time - glance.start <= Self.glanceSpan, rows <= screenRows, glance.rows + rows <= deepest
    else { return false }
    self.glance = Glance(start: glance.start, rows: glance.rows + rows)
    return true
  }

  /// A move against the run, and how many of its rows the run has still
  /// to make up.
  private struct Glance {
    var start: UInt64
    var rows: Int
  }
  private var glance: Glance?
  /// How long a glance back may take: a page's slide or a flick of the
  /// wheel (5 to 15 notches, 4 to 16 ms apart), and a little more.
  static let glanceSpan: UInt64 = 250_000_000

  /// The speed the scroll can be counted on to keep at `time`, in rows a
  /// second, to tell when a row will come into view: the rows moved over the
  /// last `averagingWindow` (a burst's pauses and a page's dwell count, not
  /// only its peak, and over `paceSpan` at least), falling as a pause
  /// lengthens, and 0 once it has stopped. Not the pace since the last
  /// movement: a burst's pause or a page's dwell would look like a stop,
  /// and loads held back as too late would take the slots just before the
  /// scroll resumed and brought their cells in at once (`emoji-rater
  /// bench`, 80×24, pages: ready 9% with that pace, 28% without; burst 27%
  /// and 53%).
  public func expectedSpeed(at time: UInt64) -> Double {
    guard direction != .none, let lastMovement, time >= lastMovement else { return speed }
    let moved = recentMoves.filter { time - $0.time < Self.averagingWindow }.reduce(0) { $0 + $1.rows }
    let span = min(max(time - runStart, Self.paceSpan), Self.averagingWindow)
    return moved == 0 ? speed : Double(moved) / (Double(span) / 1e9)
  }

  /// Whether the current run has moved `paceSpan` or more after its start,
  /// so that `expectedSpeed` reads its pace.
  ///
  /// Until then the pace is a guess: a fast scroll's first step, read over
  /// a longer span, looks slow, and loads aimed at that pace go to rows the
  /// scroll passes before they land, and hold the pool for a second or more
  /// (`emoji-rater bench --warm-up 2.4 --seconds 1`, 80×24, burst: ready on
  /// display in the run's third second 31% on the guess, 86% waiting for
  /// the pace). A run that turned back is read from the movement before the
  /// turn.
  ///
  /// Known at a movement, not at any frame: between two steps a run of a
  /// few steps reads slow (0.1 s into a burst, 20 rows a second just before
  /// its fourth step, 30 with it), and the pool, once committed, stays so.
  public var paceKnown: Bool {
    guard let last = recentMoves.last else { return false }
    return last.time >= runStart + Self.paceSpan
  }

  /// Whether the scroll turned back within the averaging window before
  /// `time`: then the rows far ahead may never come.
  public func turnedRecently(at time: UInt64) -> Bool {
    guard let lastTurn else { return false }
    return time < lastTurn + Self.averagingWindow
  }

  /// Whether the person may soon come back to rows the scroll just left:
  /// it turned lately (down, then back up; a page back up within a run is
  /// a glance, not a turn), or the view jumped (End, then Home). Else the
  /// rows behind a scroll that keeps its way are left for good.
  public func mayComeBack(at time: UInt64) -> Bool {
    turnedRecently(at: time) || jumpedRecently(at: time)
  }

  // MARK: Sets of items

  /// Items in `range` but not in `other`, in order.
  static func items(in range: Range<Int>, notIn other: Range<Int>, _ layout: GridLayout)
    -> [IndexPath]
  {
    range.filter { !other.contains($0) }.map { layout.indexPath(flatIndex: $0) }
  }
}
