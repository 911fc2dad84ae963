import CollectionKit
import Loading

/// Which loads go next, and when: the prefetch planner and the scroll's
/// forecast, the leads the loads' latency gives, the screens the jump keys
/// lead to, and the ranking of waiting loads handed to the loader. A value
/// the loading controller keeps and asks; it never calls the loader itself.
struct PrefetchCoordinator {
  private(set) var planner: PrefetchPlanner
  /// How the scroll is expected to go as of the last update, for ranking
  /// waiting loads: worked out once a frame, not once per load ranked.
  private(set) var forecast = ScrollForecast(speed: 0)
  /// How long before its deadline a load must start (see `LoadDeadlines`),
  /// from the latency the loads have been taking.
  private var leads: LoadDeadlines.Leads
  /// How many measured loads `leads` was worked out from.
  private var leadsMeasuredFrom = 0
  /// The view the loader's ranking was made for, and when.
  private var rankedWith: LoadDeadlines?
  private var rankedAt: UInt64 = 0
  /// Grid rows of the screens the jump keys lead to (nil: to be worked
  /// out afresh), and the catalog items on them that prefetching asked for.
  private var jumpScreens: [Range<Int>]?
  private var jumpItems: Set<Int> = []
  /// The catalog items of the screens a search would be left for
  /// (`AppState.searchExitScreens`), as asked, and each with the place of
  /// its first screen for the ranking (`LoadDeadlines.searchExit`).
  private var searchExitAsked: [Int] = []
  private(set) var searchExit: [Int: Int] = [:]

  init(options: LoadingOptions) {
    leads = LoadDeadlines.Leads(latency: options.latency)
    // Prefetch far enough ahead that 90% of loads are done by the time their row arrives,
    // up to six screens: a load must start two page turns before its page shows to make
    // it more often than not (`emoji-rater bench --warm-up 7.2`, 80×24, pages: ready 56%
    // with two screens, 69% with three; the oracle 64%), and the wheel's flicks, at 50
    // to 80 rows a second, reach three screens at 80×24 before a load lands
    // (`make bench-families`, 80×24: wheel 14% with three, 19% with six; page bursts
    // 10% and 13%; held and reading as they were).
    // A scroll's first step is taken to be a steady scroll's speed, so the
    // window leans ahead from the start rather than from the second step.
    // At rest, an idle pool loads past the screen the next burst will
    // likely stop on (a held key's first second moves only the selection:
    // `make bench-families`, held, 200×60: ready 13% without, 63% with).
    planner = PrefetchPlanner(
      depth: options.prefetchRows.map { .fixed(rows: $0) }
        ?? .adaptive(leadTime: options.latency.quantile(PrefetchPlanner.leadQuantile)),
      maximumScreens: 6, assumedSpeed: PoolSizing.steadyRowsPerSecond, plansForStops: true)
  }

  /// Whether the loads have said enough since the leads were last worked
  /// out to work them out again (`follow`): once enough have landed to
  /// be believed over `--latency` (`enoughLanded`), and every
  /// `ObservedLatency.minimumSamples` loads timed after that (`timedLoads`,
  /// landed or cut short), so the leads follow a server that slows down.
  func isDueToFollow(timedLoads: Int, enoughLanded: Bool) -> Bool {
    enoughLanded && timedLoads - leadsMeasuredFrom >= ObservedLatency.minimumSamples
  }

  /// Plans with the latency the loads have been taking (`observed`, made
  /// when `timedLoads` loads had been timed): with a server, `--latency` is
  /// only a first guess.
  mutating func follow(timedLoads: Int, observed: LatencyCurve) {
    guard observed.isMeasured else { return }
    leadsMeasuredFrom = timedLoads
    leads = LoadDeadlines.Leads(latency: observed)
    if case .adaptive = planner.depth {
      planner.depth = .adaptive(leadTime: observed.quantile(PrefetchPlanner.leadQuantile))
    }
  }

  /// Moves the planner's view to `visibleRows` at `time`, and reads the
  /// scroll's forecast from there. `idleSlots`: the loader's free slots
  /// that nothing asked for takes (`PrefetchPlanner.update`).
  mutating func update(
    visibleRows: Range<Int>, in layout: GridLayout, at time: UInt64, selectedRow: Int?, restingTopRow: Int?,
    idleSlots: Int
  ) -> PrefetchPlanner.Plan {
    let plan = planner.update(
      visibleRows: visibleRows, in: layout, at: time, selectedRow: selectedRow, restingTopRow: restingTopRow,
      idleSlots: idleSlots)
    forecast = planner.forecast(at: time)
    return plan
  }

  /// A jump key was pressed at `time` (`PrefetchPlanner.noteJumpKey`).
  mutating func noteJumpKey(at time: UInt64) {
    planner.noteJumpKey(at: time)
  }

  /// What changed in the screens the jump keys lead to: the loads to ask
  /// for and to let go of, after the frame.
  struct JumpScreenChange {
    var gone: Set<Int>
    var new: Set<Int>
    /// The window then: a cell in it stays wanted.
    var window: Range<Int>
    var distance: Int
  }

  /// Notes the screens the jump keys (Home, End, Tab, Shift-Tab) lead
  /// to, one or two keys away, and those a search is left for
  /// (`searchExit`, catalog items the grid may not show), known before
  /// the key: `LoadDeadlines` says when they load. Returns whether they
  /// changed; if so, `jumpScreenChange` says which loads to ask for and
  /// let go of, once the frame is out: comparing the items of four
  /// screens took a millisecond at 200×60, which made the frames it fell
  /// in the slowest of a paging run.
  mutating func noteJumpScreens(_ screens: [Range<Int>], searchExit: [Int]) -> Bool {
    guard screens != jumpScreens || searchExit != searchExitAsked else { return false }
    jumpScreens = screens
    searchExitAsked = searchExit
    self.searchExit = [:]
    for (place, item) in searchExit.enumerated() where self.searchExit[item] == nil {
      self.searchExit[item] = place
    }
    return true
  }

  /// Which loads the screens noted last (`noteJumpScreens`) add to those
  /// asked for before, and which they let go of: those no longer a jump's
  /// stop nor a search's exit, nor in the window, stop loading.
  mutating func jumpScreenChange(layout: GridLayout, shown: ShownItems, screenRows: Int) -> JumpScreenChange {
    let items = Set((jumpScreens ?? []).flatMap { layout.flatRange(ofRows: $0) }.map(shown.catalogItem))
      .union(searchExit.keys)
    defer { jumpItems = items }
    return JumpScreenChange(
      gone: jumpItems.subtracting(items), new: items.subtracting(jumpItems), window: planner.wanted,
      distance: screenRows)
  }

  /// Whether catalog item `id` is asked for as a cell of a screen a jump
  /// key or a search's exit leads to (`jumpScreenChange`): letting go of
  /// it as a cell that left the screen or the window must not drop that.
  func asksForAsAJumpsStop(_ id: Int) -> Bool {
    jumpItems.contains(id)
  }

  /// Works the jump screens out afresh at the next frame, letting go of
  /// the loads of those that are no longer one (the grid's width changed:
  /// its rows hold other cells).
  mutating func reconsiderJumpScreens() {
    jumpScreens = nil
  }

  /// Forgets the jump screens asked for (their loads were cancelled, or
  /// the grid changed): the next frame asks afresh.
  mutating func forgetJumpScreens() {
    jumpScreens = nil
    jumpItems = []
    searchExitAsked = []
    searchExit = [:]
  }

  /// The loader's new ranking for the view at `time`, or nil while the
  /// last one still stands (see `LoadDeadlines.canReuseRanking`).
  mutating func newRanking(
    shown: ShownItems, layout: GridLayout, visibleRows: Range<Int>, at time: UInt64
  ) -> LoadDeadlines? {
    let deadlines = LoadDeadlines(
      shown: shown, layout: layout, visibleRows: visibleRows, forecast: forecast,
      direction: planner.direction, likelyDirection: planner.likelyDirection, slack: planner.slack,
      turnedRecently: planner.turnedRecently(at: time),
      paceKnown: planner.paceKnown, leads: leads, window: planner.wanted, leadReach: planner.leadReach,
      jumpScreens: jumpScreens ?? [],
      searchExit: searchExit,
      jumpedRecently: planner.jumpedRecently(at: time), isStill: planner.isStill(at: time),
      mayComeBack: planner.mayComeBack(at: time),
      stopOutlook: planner.stopOutlook(at: time), scrolledHere: planner.hasScrolled,
      burstSpeed: planner.recentBurstSpeed(at: time))
    guard !deadlines.canReuseRanking(madeWith: rankedWith, after: time - rankedAt) else { return nil }
    rankedWith = deadlines
    rankedAt = time
    return deadlines
  }

  /// How the ranking in force read the view (nil before the first).
  var rankingView: LoadReading.View? { rankedWith?.view }

  /// The grid shows other items: the ranking's view is of the old ones,
  /// and the scroll's rhythm starts afresh.
  mutating func reset() {
    rankedWith = nil
    forgetJumpScreens()
    planner.reset()
  }
}
