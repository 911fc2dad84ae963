import CollectionKit
import Loading

/// When each waiting load is needed, as far as the screen can tell: a
/// snapshot of the view taken when it moves, from which the loader ranks
/// thousands of waiting requests with a plain function (no object to call
/// back into, no actor to check, per request).
///
/// The deadline of a cell off screen is when the scroll will bring it into
/// view; of a cell on screen, when the scroll will take it out of view:
/// both from the scroll's forecast (`ScrollForecast`), at the burst's pace
/// for the rows it will likely still go, at the pace of its bursts and
/// pauses beyond. A
/// cell on screen that can still make it goes first. Then the prefetches:
/// those sure to make it, soonest first; then those that may, the likeliest
/// first, or soonest first if the scroll turned lately; then the rows the
/// window reaches only to fill idle slots, soonest first. A load too late to
/// make it waits, as it would only hold a slot, and so does a row behind
/// a scroll that keeps its way. A still screen has no
/// deadlines: where its pauses say how long this one lasts, each cell goes
/// by how long it will likely be seen with its data (`StopOutlook`), and
/// a row the next burst flies past by when it comes, as a moving scroll's;
/// else visible cells first (on a screen scrolled to, those a resumed
/// scroll would keep longest first). Then the rows a burst resumed at
/// once would bring late enough for a load to make it surely, soonest
/// first; then the nearest rows, the way the scroll likely resumes
/// first. A scroll just begun, whose pace is not read yet, has none
/// either: while it goes on, nothing goes; once it pauses, its screen is
/// a still one.
struct LoadDeadlines: Equatable, Sendable {
  /// How long before its deadline a load must start (milliseconds), by
  /// the latency model's quantiles.
  struct Leads: Equatable, Sendable {
    /// A cell on screen needs time for three loads in four: one that lands
    /// after the cell left is all loss, and its slot was another cell's.
    var visible: Double
    /// A prefetch needs time for three loads in ten: when slots are short,
    /// a load that might make it is better than an idle slot, and one that
    /// misses still lands while its cell is on screen, shortening the wait.
    var prefetch: Double
    /// A prefetch with time for nine loads in ten is all but sure.
    var sure: Double
    /// What a load takes, one in two: when a still screen's load will
    /// likely land (`StopOutlook`).
    var median: Double

    init(latency: some LatencyQuantiles) {
      median = latency.quantile(0.5)
      visible = latency.quantile(0.75)
      prefetch = latency.quantile(0.3)
      sure = latency.quantile(0.9)
    }
  }

  var shown: ShownItems
  var layout: GridLayout
  var visibleRows: Range<Int>
  /// When the scroll will have gone how far (`PrefetchPlanner.forecast`).
  var forecast: ScrollForecast
  var direction: PrefetchPlanner.Direction
  /// Where a resumed scroll likely goes (`PrefetchPlanner.likelyDirection`):
  /// on a still screen, the rows that way go before the others.
  var likelyDirection = PrefetchPlanner.Direction.down
  /// Rows the selection has to go before the view moves
  /// (`PrefetchPlanner.slack`): every deadline is that much later.
  var slack = 0
  /// Whether the scroll went back on itself lately (see `urgency`).
  var turnedRecently: Bool
  /// Whether the scroll has gone on long enough to read its pace from
  /// (`PrefetchPlanner.paceKnown`).
  var paceKnown: Bool
  var leads: Leads
  /// Grid positions the prefetch window holds (`PrefetchPlanner.wanted`).
  var window: Range<Int> = 0..<0
  /// Rows ahead of a moving view its loads' lead time asks for
  /// (`PrefetchPlanner.leadReach`); the window's rows past them are there
  /// to fill slots nothing else wants. nil: no such rows.
  var leadReach: Int?
  /// Grid rows of the screens the jump keys lead to (`AppState.jumpScreens`).
  var jumpScreens: [Range<Int>] = []
  /// Catalog items of the screens a search is left for
  /// (`AppState.searchExitScreens`), each with the place of the first
  /// screen that names it, likeliest first: most are not in the grid of
  /// matches.
  var searchExit: [Int: Int] = [:]
  /// Whether the view jumped lately (`PrefetchPlanner.jumpedRecently`),
  /// and whether it is still (`PrefetchPlanner.isStill`).
  var jumpedRecently = false
  var isStill = false
  /// Whether the person may soon come back to rows the scroll left
  /// (`PrefetchPlanner.mayComeBack`): then they go after the rows ahead.
  var mayComeBack = false
  /// Where a still screen's loads will be seen longest, when the scroll's
  /// rhythm says how long its pause lasts (`PrefetchPlanner.stopOutlook`).
  /// Each load goes by the seconds it will likely be seen with its data;
  /// a cell on screen the next burst takes away before its load lands
  /// waits, as its slot would be lost (`make bench-families`, page bursts,
  /// 80×24, seed 7: 811 of 979 such loads landed after their cell left).
  var stopOutlook: StopOutlook?
  /// Whether the screen was scrolled to (`PrefetchPlanner.hasScrolled`):
  /// its cells go those a resumed scroll keeps longest first. A list just
  /// shown is read from its top, and its cells go in that order.
  var scrolledHere = false
  /// Rows a second within the recent bursts
  /// (`PrefetchPlanner.recentBurstSpeed`): how fast a resumed scroll
  /// brings the rows ahead of a still screen (see
  /// `sureHoweverSoonTheScrollResumes`).
  var burstSpeed: Double?

  /// Ranks past any deadline in milliseconds.
  static let behindTheScroll = 1e9
  /// Ranks after every sure prefetch, less the deadline: the likeliest first.
  static let unsure = 1e8
  /// Ranks after every prefetch the lead time asks for, plus the deadline:
  /// the rows past it, soonest first (`leadReach`).
  static let fillingIdleSlots = 5e8

  /// The loader's rank for catalog item `id`: lower goes first, infinity
  /// waits.
  ///
  /// When slots are short (`emoji-rater bench --seconds 4`, 80×24, bursts
  /// of 30 rows a second: twice what the pool can load), the order of the
  /// loads that may make it decides. On a scroll that keeps its way, the
  /// rows far ahead will surely come, and the farthest are the likeliest in
  /// time: ready on display 53% soonest first, 73% likeliest first (the
  /// oracle: 69%). After a turn they may never come (paging down three and
  /// back one): there, soonest first (30% against 19%).
  func urgency(of id: Int) -> Double {
    // An emoji in "Frequently used" shows twice: the place nearer wins. A
    // loop, not `map(urgency(atPosition:))`: that closure holds a copy of
    // this snapshot, and copying it per load ranked (retaining each of its
    // arrays and sets) was a third of the ranking's time (`perf`, paging
    // at 200×60).
    var nearest: Double?
    for position in shown.positions(of: id) where (0..<layout.itemCount).contains(position) {
      let urgency = urgency(atPosition: position)
      nearest = min(nearest ?? urgency, urgency)
    }
    // No search open (nearly every ranking): no lookup per load.
    guard !searchExit.isEmpty, let place = searchExit[id] else { return nearest ?? .infinity }
    // Where Esc leads, the person looking at a search's matches: after the
    // window's first screen, as a jump key's screen goes, the likeliest
    // screen first. Some of its cells are matches too (the chosen heart's
    // neighbours are hearts), placed in the list off screen, where a still
    // view ranks them never: they go with their screen.
    let exit = rankAfterTheFirstScreen(place: place)
    return min(nearest ?? exit, exit)
  }

  private func urgency(atPosition position: Int) -> Double {
    let row = layout.row(of: layout.indexPath(flatIndex: position))
    if !window.contains(position), let place = jumpScreens.firstIndex(where: { $0.contains(row) }) {
      return jumpUrgency(place: place)
    }
    let down = direction == .down
    let onScreen = visibleRows.contains(row)
    let below = row >= visibleRows.upperBound
    // Rows until the cell comes into view (off screen) or goes out of it (on screen).
    var rows =
      onScreen
      ? (down ? row - visibleRows.lowerBound + 1 : visibleRows.upperBound - row)
      : PrefetchPlanner.rowsOffScreen(row, visibleRows)
    let towards = direction != .none && below == down
    // A still screen has no deadlines: visible first (`visibleRank`), then
    // by distance, the way the scroll likely resumes first. Nor has a
    // scroll just begun whose pace is unread, once it has paused (a single
    // step may be all there is).
    let view = view
    guard view == .moving || view == .paceUnread else {
      let ahead = below == (likelyDirection == .down)
      if let stopOutlook {
        let seen = stopOutlook.seenSeconds(ahead: rowsAheadOfTheScreen(row), latency: leads.median / 1000)
        // Longest seen first, before everything ranked by distance.
        if seen > 0 { return -1 - seen }
        if onScreen { return .infinity }
        // A row the next burst flies past goes as a moving scroll's row
        // does, by when it comes: too soon for a load to land, it waits;
        // in time for some, it goes after those sure to make it. By
        // distance alone, the page under a page burst's screen went first,
        // and came a quarter second later with the next press (`make
        // bench-families`, page bursts, 80×24, seed 7: 488 loads for it in
        // the pauses, 253 of them late).
        if ahead {
          let comes = stopOutlook.secondsUntilShown(rowsPast: rows) * 1000
          if comes < leads.prefetch { return .infinity }
          if comes < leads.sure { return Self.unsure - comes }
        }
      } else if onScreen {
        return visibleRank(rowsKept: rowsAheadOfTheScreen(row))
      } else if ahead, let rank = sureHoweverSoonTheScrollResumes(rowsOff: rows) {
        return rank
      }
      return ahead ? Double(rows) : Self.behindTheScroll + Double(rows)
    }
    // While it goes on, nothing: the cells it brings in now are gone
    // before their loads land, and a flick of the wheel is over before its
    // pace is read (`make bench-families`, wheel, 80×24: the pool's first
    // second went to rows two ahead, every one late).
    guard view == .moving else { return .infinity }
    // Behind a moving scroll: after everything ahead if the person may
    // come back to it (the scroll turned or jumped lately, as a load under
    // way there is kept: `PrefetchPlanner.mayComeBack`); else it waits.
    // A swipe's first notches come faster than any load lands, so nothing
    // ahead is in time, and each notch put the row it had just left into
    // the idle slots: 555 of the trackpad's 719 such loads were never
    // shown, and none of held keys' 243 (`make bench-families`' command
    // with `--seed 801`, 80×24). Waiting, the trackpad's ready on display
    // went 23.7% → 26.3% there on seeds 701–703, no figure elsewhere moving
    // past the runs' spread (`docs/benchmark.md`, "A row behind a moving
    // scroll waits").
    guard onScreen || towards else {
      return mayComeBack ? Self.behindTheScroll + Double(rows) : .infinity
    }
    let pastTheLead = !onScreen && leadReach.map { rows > $0 } ?? false
    // The selection's run to the edge comes first (a held key's).
    rows += slack
    let deadline = forecast.seconds(toMove: rows) * 1000
    // Too late to make it: held back, not to take a slot that a load still in
    // time will want in a moment. It goes once the scroll slows enough.
    guard deadline >= (onScreen ? leads.visible : leads.prefetch) else { return .infinity }
    // Soonest gone first, as asked (rows come on screen at the leading
    // edge): each can still make it, so the earliest deadline goes first.
    if onScreen { return -1 }
    // A row the window reaches only to fill idle slots goes after every
    // row the lead time asks for, sure to make it or not: ranked among the
    // sure by its deadline, the far rows took the slots of nearer ones
    // that might have made it once the pool filled again (`emoji-rater
    // bench`, burst, 80×24: ready on display 87% → 66%).
    if pastTheLead { return Self.fillingIdleSlots + deadline }
    if deadline >= leads.sure || turnedRecently { return deadline }
    return Self.unsure - deadline
  }

  /// The rank of a row `rows` past a still screen, the way the scroll
  /// likely resumes, whose pauses do not say how long this one lasts: if
  /// a burst at the recent bursts' pace, begun at once, brings it no
  /// sooner than a load is all but sure to take, after the screen and
  /// before the nearest rows, soonest first; else nil (by distance). Its
  /// load makes it however soon the scroll resumes, where a near row's
  /// makes it only if the stop lasts: a held key's stop lasts 0.8 to 2 s,
  /// and its next run brings a row a screen on within a second or two.
  /// Loaded nearest first, over a quarter of the loads for the rows next
  /// to the screen landed after their row came (`make bench-families`,
  /// held, 200×60, seed 10: 219 of 810); this way ready on display went
  /// from 34% to 36% over seeds 7–11 (`docs/benchmark.md`, "The rows a
  /// held key's next run brings").
  private func sureHoweverSoonTheScrollResumes(rowsOff rows: Int) -> Double? {
    guard let burstSpeed, burstSpeed > 0 else { return nil }
    let comes = Double(rows) / burstSpeed * 1000
    guard comes >= leads.sure else { return nil }
    // Between the screen's ranks (-1 and lower) and the nearest rows' (1 and higher).
    return -0.5 * leads.sure / comes
  }

  /// The rank of a still screen's cell `rowsKept` rows from the edge a
  /// resumed scroll leaves by (0: the first row it would take away):
  /// before every prefetch, and on a screen scrolled to, those it would
  /// keep longest first. A pool that cannot fill the screen before the
  /// scroll resumes has then loaded the cells still on screen after it
  /// (and on a held key's stop, those around the selection). Ties go in
  /// the order asked for: on a list just shown, top first.
  private func visibleRank(rowsKept: Int) -> Double {
    guard scrolledHere else { return -1 }
    return -1 - Double(rowsKept + 1) / Double(visibleRows.count + 1)
  }

  /// Which of `urgency`'s rules this view ranks by; the benchmark's load
  /// log names it beside each load.
  var view: LoadReading.View {
    guard forecast.isMoving, !pauseOutlastsALoad, paceKnown || !isStill else {
      return stopOutlook == nil ? .still : .pause
    }
    return paceKnown ? .moving : .paceUnread
  }

  /// Whether the view is still between bursts whose pauses last longer
  /// than a load takes, one in two: then a load started now lands while
  /// the screen is looked at, and the pause is read as one (`pause`) as
  /// soon as its burst ends. Else, for the second until the scroll counts
  /// as stopped (`PrefetchPlanner.idleAfter`), it is read as a slow scroll
  /// (`moving`), and a held key's stop or a reader's page waits while the
  /// rows the next burst brings go first (`make bench-families`, seeds
  /// 7–9: reading 34% → 37% at 80×24, 19% → 21% at 120×40, held 39% → 42%
  /// at 120×40). Between a wheel's flicks, shorter than a load, the
  /// slow scroll's ranking stands: read as pauses from their start too,
  /// page bursts at 80×24 fell from 18% to 17% and the wheel from 20% to 19%.
  private var pauseOutlastsALoad: Bool {
    guard let stopOutlook else { return false }
    return stopOutlook.nextPause * 1000 > leads.median
  }

  /// Rows from the screen's first row, the way a resumed scroll likely
  /// goes, to `row` (negative: behind the screen).
  private func rowsAheadOfTheScreen(_ row: Int) -> Int {
    likelyDirection == .up ? visibleRows.upperBound - 1 - row : row - visibleRows.lowerBound
  }

  /// A cell on a screen a jump key leads to goes, the view still, after
  /// the window's first screen, if the person has been jumping lately; else
  /// it waits. Not after the window either: once there, its loads hold the
  /// slots the next scroll wants (`make bench-families`, held, 200×60:
  /// ready on display 64% → 42%). The screens go in the order named
  /// (`AppState.jumpScreens`: those a key away before those two keys
  /// away), each whole before the next.
  private func jumpUrgency(place: Int) -> Double {
    guard isStill && jumpedRecently else { return .infinity }
    return rankAfterTheFirstScreen(place: place)
  }

  /// The rank of the screen named `place`th of those a key leads to (a
  /// jump key's, a search's Esc): after the window's first screen, each
  /// screen before the next.
  private func rankAfterTheFirstScreen(place: Int) -> Double {
    Double(visibleRows.count) + Double(place) / Double(place + 1)
  }

  /// Whether a ranking made with `old` still stands for this view. Only a
  /// change of speed can wait a moment: during a pause the expected speed
  /// falls every frame, and ranking thousands of waiting loads every frame
  /// would take the main thread from the frames (a third of it, by `perf`,
  /// paging at 200×60). What it lets go comes a tenth of a second later.
  func canReuseRanking(madeWith old: LoadDeadlines?, after elapsed: UInt64) -> Bool {
    guard var old else { return false }
    if elapsed >= Self.speedRefresh { return old == self }
    old.forecast = forecast
    return old == self
  }

  /// How long a ranking may lag a change of speed, in nanoseconds.
  static let speedRefresh: UInt64 = 100_000_000
}
