import CollectionKit
import Dispatch
import EmojiModel
import FrameTiming
import Loading

// The loader knows nothing of the screen; the grid knows nothing of loading.
// This controller stands between them, like the data source of Apple's
// AsyncFetcher sample: it hears which cells come and go (willDisplay,
// didEndDisplaying) and which are near (prefetchItems, cancelPrefetching),
// turns index paths into item identifiers, and asks the loader for them as
// the loading mode says. Identifiers are catalog positions, never screen
// positions, so an arrival can only ever paint the item it belongs to.

/// Drives the loader from what the grid displays, in the current mode.
@MainActor
public final class LoadingController: CollectionViewDelegate, CollectionViewDataSourcePrefetching, GridContent
{
  public private(set) var mode: LoadingMode
  public let loader: Loader<Int, EmojiPresentation>
  /// Where the loader's items come from, for the HUD and the reports.
  public let source: DataSource
  /// An item's data made here, with no load: a benchmark's warm first screen.
  private let present: @Sendable (Int) -> EmojiPresentation
  /// Counts of how cells met their data.
  public var display: DisplayCounters { cells.counters }
  /// The cells on screen that wait for their data.
  private var cells = DisplayTracker()
  /// Called when a visible item's data arrived or failed: the screen needs a frame.
  public var onChange: (() -> Void)?

  /// Which loads go next, and when (the planner, the forecast, the jump
  /// screens, the ranking).
  private var prefetching: PrefetchCoordinator
  private var layout: GridLayout
  private var visibleRows: Range<Int> = 0..<0
  /// Which catalog items the grid's positions are (a filter shows some):
  /// the planner thinks in grid positions, the loader in catalog positions.
  private var shown = ShownItems.all
  private let clock: any MonotonicClock
  private let latency: LatencyModel
  private let sizesPoolForTheTerminal: Bool
  private let configuredCacheSize: Int
  /// Grid positions on screen whose content may have changed since the
  /// screen last asked (`takeChanges`); nil when anything may have. Only
  /// arrivals count: a cell coming into view is on a line the screen draws
  /// whole anyway.
  private var changedItems: Set<Int>? = []
  /// Told of each cell coming and going, each load and each landing (the
  /// benchmark's record of a run); nil in the app.
  public weak var observer: (any LoadingObserver)?
  /// The clock as the current `update` read it: the cells it displays all
  /// came on screen then (and a slide frame displays hundreds).
  private var updateTime: UInt64?

  /// `glyphs` says what a loaded cell draws (worked out with each load,
  /// on the loader's thread).
  public init(
    catalog: EmojiCatalog, layout: GridLayout, options: LoadingOptions, clock: any MonotonicClock,
    glyphs: GlyphPolicy = .safe, scheduler: any LoadScheduler = DispatchLoadScheduler()
  ) {
    mode = options.mode
    self.layout = layout
    self.clock = clock
    latency = options.latency
    prefetching = PrefetchCoordinator(options: options)
    var configuration = Loader<Int, EmojiPresentation>.Configuration()
    configuration.cacheCapacity = options.cacheSize
    configuration.expectedLatency = options.latency
    // Loads are timed on the clock their deadlines are worked out on.
    configuration.clock = { clock.now() }
    sizesPoolForTheTerminal = options.maxConcurrent == nil
    configuredCacheSize = options.cacheSize
    configuration.maxConcurrent =
      options.maxConcurrent ?? PoolSizing.pool(columns: layout.columns, latency: options.latency)
    // What a load brings (a simulated one, and a cell primed by the benchmark).
    present = { EmojiPresentation(catalog.emoji(atFlatIndex: $0), policy: glyphs) }
    source = options.source
    loader = Loader(
      source: options.source.loadSource(
        present: present, catalog: catalog, glyphs: glyphs, options: options,
        connections: configuration.maxConcurrent, scheduler: scheduler),
      configuration: configuration)
    loader.onChange = { [unowned self] id in arrived(id) }
    loader.onIdleSlot = { [unowned self] in
      // Nothing to load at rest: a frame lets the window reach behind the screen too.
      if mode == .prefetch, prefetching.planner.awaitsIdlePool { onWantsUpdate?() }
    }
    loader.onSubmit = { [unowned self] id, rank in
      observer?.loadStarted(item: id, at: clock.now(), reading: reading(ofLoad: id, rank: rank))
    }
    loader.onCancelled = { [unowned self] id in observer?.loadCancelled(item: id, at: clock.now()) }
  }

  // MARK: Frames

  /// Tells the controller what the grid shows now, the selected row (a
  /// held key runs it to the edge before the view moves), the top row a
  /// page's slide comes to rest on (nil when the view is not sliding), and
  /// the screens the jump keys lead to (`AppState.jumpScreens`: worked out
  /// only in prefetch mode, the one that loads them); it works out what
  /// came and went and asks the loader accordingly.
  public func update(
    visibleRows: Range<Int>, layout: GridLayout, selectedRow: Int? = nil, restingTopRow: Int? = nil,
    jumpScreens: @autoclosure () -> [Range<Int>] = [], searchExit: @autoclosure () -> [Int] = []
  ) {
    adopt(layout)
    self.visibleRows = visibleRows
    sizeCache(rows: visibleRows.count, layout: layout)
    let now = clock.now()
    updateTime = now
    defer { updateTime = nil }
    let latencyDue = prefetching.isDueToFollow(
      timedLoads: loader.timedLoads, enoughLanded: loader.latencyIsMeasured)
    let plan = prefetching.update(
      visibleRows: visibleRows, in: layout, at: now, selectedRow: selectedRow, restingTopRow: restingTopRow,
      idleSlots: mode == .prefetch ? loader.idleSlots : 0)
    settleCarriedOver(visibleRows: visibleRows, layout: layout)
    // In prefetch mode, the mode that loads them.
    let jumpsChanged =
      mode == .prefetch && prefetching.noteJumpScreens(jumpScreens(), searchExit: searchExit())
    plan.deliverDisplays(to: self)
    if latencyDue || cells.hasLoadsToAsk || plan.hasPrefetching || jumpsChanged {
      // The loads go to the loader once this frame is on screen, as UIKit
      // asks for prefetches outside the layout pass: the cells show their
      // spinners either way, and a slide frame that displays hundreds of
      // cells need not wait for their bookkeeping (at 200×60, a fifth of
      // its input time). Cells on screen first, then the window, then the
      // screens the jump keys lead to. The latency the loads take is worked
      // out there too, when due (`PrefetchCoordinator.follow`): it sorts the
      // times of the last four pools' loads with the waits of every load
      // under way (at 200×60, 2,248 and 562: the sort alone 0.14 ms, where
      // 256 took 0.02), thirteen times a second, and the next frame's
      // ranking plans with it, a frame later than it could, which a latency
      // moving over seconds does not notice.
      let window = plan.hasPrefetching ? plan : nil
      let (plannedShown, plannedLayout) = (shown, layout)
      DispatchQueue.main.async { [weak self] in
        MainActor.assumeIsolated {
          guard let self else { return }
          if latencyDue {
            self.prefetching.follow(timedLoads: self.loader.timedLoads, observed: self.loader.latencyEstimate)
          }
          self.loadVisibleCells()
          // The plan names grid positions of the list and width it was made
          // for: another since (a search's matches, Esc, a resize) makes
          // them other cells', or none (a 1 MB paste's ranking landed in
          // between, and the app stopped on an index out of range). The
          // next frame plans for what shows.
          guard self.shown == plannedShown, self.layout == plannedLayout else {
            // Nor were its jump screens asked for: the next frame asks afresh.
            if jumpsChanged { self.prefetching.forgetJumpScreens() }
            return
          }
          window?.deliverPrefetching(to: self)
          if jumpsChanged {
            self.deliver(
              self.prefetching.jumpScreenChange(
                layout: plannedLayout, shown: plannedShown, screenRows: visibleRows.count))
          }
        }
      }
    }
    // What was too late a moment ago may be in time now that the scroll
    // slowed. Only when the view changed: otherwise the loader's ranking
    // still stands, and a frame of spinners on a still screen would rank
    // every waiting load again for nothing.
    guard mode != .sync, !isRankedFromOutside else { return }
    if let deadlines = prefetching.newRanking(shown: shown, layout: layout, visibleRows: visibleRows, at: now)
    {
      loader.urgency = { id, _ in deadlines.urgency(of: id) }
      loader.requestDispatch()
    }
  }

  /// Whether the loads are ranked from outside (`rankFromOutside`), not
  /// by the planner's forecast: the benchmark telling the app the scroll
  /// ahead (`ToldScroll`).
  private(set) var isRankedFromOutside = false

  /// Asks for `items` (prefetches, nearest first) and ranks every waiting
  /// load by `urgency`, in place of the planner's forecast from now on
  /// (the window and the cells on screen are asked for as before).
  func rankFromOutside(asking items: [Int], urgency: @escaping @Sendable (Int) -> Double) {
    guard mode == .prefetch else { return }
    isRankedFromOutside = true
    for (distance, item) in items.enumerated() { loader.load(item, priority: .prefetch(distance: distance)) }
    loader.urgency = { id, _ in urgency(id) }
    loader.requestDispatch()
  }

  /// Sizes the cache for a screen of `rows` rows (see `cacheFloor`).
  private func sizeCache(rows: Int, layout: GridLayout) {
    loader.cacheCapacity = max(configuredCacheSize, Self.cacheFloor(rows: rows, layout: layout))
  }

  /// The cache must hold every cell on screen, the prefetch window (up to
  /// six screens ahead, and at rest as far behind: `fillsBehind`) and the
  /// screens one and two jump keys away (`AppState.jumpScreenLimit`), with
  /// room to spare, or a big terminal would evict cells still on screen,
  /// or prefetched ones before they show: twenty-two screens at least.
  static func cacheFloor(rows: Int, layout: GridLayout) -> Int {
    // The screen, six ahead, six behind and one spare, with the jump screens.
    (14 + AppState.jumpScreenLimit) * rows * layout.columns
  }

  /// `sync` mode's frame: loads the first visible cell that has no data, on
  /// this (the main) thread, which waits. Returns whether it loaded one.
  @discardableResult
  public func loadOneVisibleSynchronously() -> Bool {
    guard mode == .sync else { return false }
    for position in prefetching.planner.visible {
      let id = shown.catalogItem(position)
      guard case .absent = loader.state(of: id) else { continue }
      loader.loadSynchronously(id)
      arrived(id)
      return true
    }
    return false
  }

  /// Whether a visible cell is still loading (its spinner must keep moving).
  public var hasVisibleLoads: Bool { cells.isWaiting }

  /// How many cells on screen are waiting for their data (spinners).
  public var visibleLoadCount: Int { cells.waitingCount }

  /// Whether frames must go on for the planner: while it sees the scroll
  /// moving, so the window can centre again once it settles; and, in
  /// prefetch mode, until it has seen the view at rest, when the window
  /// reaches past the next stop. A new list whose screen is all loaded (a
  /// search's matches, Esc back to the catalog, a first screen primed)
  /// asks for no frame of its own: its window stayed two rows deep until
  /// a key.
  public var isSettling: Bool {
    prefetching.planner.direction != .none || (mode == .prefetch && !prefetching.planner.isResting)
  }

  /// Called when the planner wants a frame though nothing on screen
  /// changed: the pool ran out of work at rest (`Loader.onIdleSlot`,
  /// `PrefetchPlanner.fillsBehind`).
  public var onWantsUpdate: (() -> Void)?

  /// Starts the counts afresh; loads under way carry on.
  public func resetStatistics() {
    cells.resetCounters()
    loader.resetCounters()
  }

  /// The time of the current update, or the clock's outside one.
  private func currentTime() -> UInt64 {
    updateTime ?? clock.now()
  }

  /// Loads the items in `rows` at once, uncounted: a benchmark run starts
  /// from a screen that is already whole, so it measures the scrolling.
  public func prime(rows: Range<Int>, layout: GridLayout) {
    // Before the first update, which sizes the cache for the screen too: a
    // 200×60 screen (2,262 cells) in the configured 2,000 would lose its
    // top rows again, and the run would start by loading them.
    sizeCache(rows: rows.count, layout: layout)
    for item in layout.flatRange(ofRows: rows) {
      let id = shown.catalogItem(item)
      loader.prime(id, with: present(id))
    }
  }

  /// A jump key moved the selection (`AppState.Effect.jumped`): a Tab to a
  /// section on screen leaves the view where it was, yet says as plainly
  /// as End that the screens the jump keys lead to come next.
  public func noteJumpKey() {
    prefetching.noteJumpKey(at: clock.now())
  }

  /// Takes `layout` as the grid's. Rows mean other cells in a new width:
  /// the jump screens are worked out afresh, and the old ones' loads stop.
  private func adopt(_ layout: GridLayout) {
    if layout.columns != self.layout.columns {
      prefetching.reconsiderJumpScreens()
      if sizesPoolForTheTerminal {
        loader.maxConcurrent = PoolSizing.pool(columns: layout.columns, latency: latency)
      }
    }
    self.layout = layout
  }

  /// The grid now shows `items`, laid out as `layout` (a filter or a
  /// search changed): what was on screen is gone, so its loads stop; what
  /// is cached stays, keyed by catalog item, and the next update displays
  /// the new screen afresh. The layout comes with the items: a position
  /// named before the next frame (`y` on a cell, in the keys that changed
  /// the list) is read in the list it belongs to. Kept until that frame,
  /// the old layout turned the new list's positions into the old one's
  /// (a filter's sections keep fewer items each): past the end of the
  /// new list, and the app stopped (`InputFuzzEndToEndTests`, seed 3).
  public func show(_ items: ShownItems, in layout: GridLayout) {
    adopt(layout)
    guard items != shown else { return }
    if let observer {
      let now = currentTime()
      for position in prefetching.planner.visible {
        observer.leftScreen(item: shown.catalogItem(position), at: now)
      }
    }
    shown = items
    // The ranking's view is of the old items: the default order until the
    // next update. A ranking from outside is by catalog item, and stands.
    prefetching.reset()
    if !isRankedFromOutside { loader.urgency = nil }
    carriedOver = loader.withdrawWaiting()
    cells.forgetWaits()
    changedItems = nil
  }

  /// Loads under way when the grid last showed other items, for the next
  /// update to keep or cancel (`settleCarriedOver`).
  private var carriedOver: [Int] = []

  /// Keeps the loads under way from before the grid changed that the new
  /// grid shows on screen or prefetches, and cancels the rest, whose slots
  /// the new screen wants. A search's next letter keeps most of its
  /// matches, and Esc from it lands on the screen its loads were asked
  /// for (`searchExitScreens`): cancelled, those loads started again.
  private func settleCarriedOver(visibleRows: Range<Int>, layout: GridLayout) {
    guard !carriedOver.isEmpty else { return }
    defer { carriedOver = [] }
    // Ranked from outside, the ranking says what is still wanted: a
    // search's Esc leads to cells its matches do not show.
    guard !isRankedFromOutside else { return }
    let onScreen = layout.flatRange(ofRows: visibleRows)
    let window = mode == .prefetch ? prefetching.planner.wanted : 0..<0
    for id in carriedOver {
      if shown.positions(of: id).contains(where: { onScreen.contains($0) || window.contains($0) }) {
        continue
      }
      loader.cancel(id)
    }
  }

  /// The loader's identifier for a grid position: its catalog item.
  private func id(of indexPath: IndexPath) -> Int {
    shown.catalogItem(layout.flatIndex(of: indexPath))
  }

  // MARK: Jumps

  /// Asks the loader for a change of jump screens, unless the mode
  /// changed since (the grid is checked with the frame's other loads).
  private func deliver(_ change: PrefetchCoordinator.JumpScreenChange) {
    guard mode == .prefetch else { return }
    // A load under way goes on (see `cancelPrefetchingForItems`): the
    // screens the jump keys lead to come back (Home, then End, then Home;
    // `make bench-families`, jumps, 80×24: ready on display 62% when they
    // were cancelled, 67% let go on).
    for id in change.gone where !shown.positions(of: id).contains(where: change.window.contains) {
      loader.withdraw(id)
    }
    for id in change.new { loader.load(id, priority: .prefetch(distance: change.distance)) }
  }

  public func cycleMode() {
    setMode(mode.next)
  }

  /// Switches mode: cancels what the new mode would not have started, keeps
  /// the cache, and starts what it would have.
  public func setMode(_ newMode: LoadingMode) {
    mode = newMode
    changedItems = nil
    prefetching.forgetJumpScreens()
    let visible = Set(prefetching.planner.visible.map(shown.catalogItem))
    switch newMode {
    case .sync:
      loader.cancelAll()
    case .async:
      loader.cancelAll(except: visible)
      for id in visible { loader.load(id, priority: .visible) }
    case .prefetch:
      for id in visible { loader.load(id, priority: .visible) }
      prefetchItems(at: prefetching.planner.windowPrefetches(visibleRows: visibleRows, in: layout))
    }
  }

  // MARK: CollectionViewDelegate

  public func willDisplay(itemAt indexPath: IndexPath) {
    let id = id(of: indexPath)
    let now = currentTime()
    observer?.cameOnScreen(item: id, at: now)
    let waits = cells.displayed(id, ready: loader.displayedValue(for: id) != nil, at: now)
    // A stale value shows while it is loaded afresh (the community's votes
    // changed while the stream of changes was away).
    if !waits, mode != .sync { loader.refresh(id) }
    // Sync mode loads in its own time. A failed cell retries when it is
    // displayed again, at once: until asked for it would show its failure.
    guard waits, mode != .sync else { return }
    if loader.hasFailed(id) {
      loader.load(id, priority: .visible)
    } else {
      cells.askLater(for: id)
    }
  }

  /// Asks the loader for the cells displayed without their data, those
  /// still on screen and waiting (see `update`).
  private func loadVisibleCells() {
    let ids = cells.takeLoadsToAsk()
    // A switch to sync since the frame: it loads them in its own time.
    guard mode != .sync else { return }
    for id in ids { loader.load(id, priority: .visible) }
  }

  /// What the app made of a load of `id` that took a slot at `rank`, for
  /// the benchmark's log: its cell's nearest place to the screen, and how
  /// the ranking in force read the view.
  private func reading(ofLoad id: Int, rank: Double?) -> LoadReading {
    var nearest: Int?
    for position in shown.positions(of: id) where (0..<layout.itemCount).contains(position) {
      let row = layout.row(of: layout.indexPath(flatIndex: position))
      let rows = PrefetchPlanner.rowsOffScreen(row, visibleRows)
      if rows < abs(nearest ?? .max) { nearest = row < visibleRows.lowerBound ? -rows : rows }
    }
    return LoadReading(
      rank: rank, rowsFromScreen: nearest, view: isRankedFromOutside ? nil : prefetching.rankingView)
  }

  public func didEndDisplaying(itemAt indexPath: IndexPath) {
    let id = id(of: indexPath)
    // Its other copy on screen ("Frequently used") still waits for it.
    let position = layout.flatIndex(of: indexPath)
    let visible = prefetching.planner.visible
    if shown.positions(of: id).contains(where: { $0 != position && visible.contains($0) }) { return }
    cells.left(id)
    let now = currentTime()
    observer?.leftScreen(item: id, at: now)
    // A load under way goes on, part done, if the person may soon come
    // back to its cell. Else the cell is behind a scroll that keeps its
    // way, and its load, landing after it left, holds a slot the screens
    // ahead want: cancelled, as async cancels it (`make bench-families`,
    // 80×24, seeds 7–9: reading 29% → 34%, page bursts 15% → 18%, held
    // 37% → 39%; cancelled after a turn or a jump too, jumps fell 68% →
    // 57% and the fixed reversal trace 100% → 96%).
    guard mode == .async || (mode == .prefetch && !prefetching.planner.mayComeBack(at: now)) else {
      return
    }
    loader.cancel(id)
    if mode == .prefetch, !prefetching.planner.wanted.contains(position) { keepAskingAsAJumpsStop(id) }
  }

  /// Keeps `id` asked for, a cell just let go of as it left the screen
  /// or the window, if it is a cell of a screen a jump key leads to, and
  /// says whether it is: the ranking says when it goes (after a jump), as
  /// the jump screens' bookkeeping counts it asked for. Dropped with it,
  /// the End screen's cells, once the view had been there and gone, were
  /// asked for by nothing until End was pressed again (`make
  /// bench-families`, jumps, 80×24, seed 8: 73 of its 306 cells ready
  /// seven seconds later). Not while its cell is in the window, left
  /// behind by a scroll: the window's ranking would load it behind the
  /// scroll. A load under way is cancelled first all the same, and starts
  /// over if a jump comes: let go on, such loads (the screen Shift-Tab
  /// leads to, left behind) held slots the scroll ahead wanted (`make
  /// bench-families`, seeds 7–11: reading 11% → 10% ready at 200×60,
  /// jumps as before).
  @discardableResult
  private func keepAskingAsAJumpsStop(_ id: Int) -> Bool {
    guard prefetching.asksForAsAJumpsStop(id) else { return false }
    if case .absent = loader.state(of: id) {
      loader.load(id, priority: .prefetch(distance: visibleRows.count))
    }
    return true
  }

  // MARK: CollectionViewDataSourcePrefetching

  public func prefetchItems(at requests: [PrefetchPlanner.Prefetch]) {
    guard mode == .prefetch else { return }
    for request in requests {
      loader.load(id(of: request.indexPath), priority: .prefetch(distance: request.distance))
    }
  }

  /// Drops the requests not yet started. A load under way goes on, and
  /// what it brings is cached: it is part done, and a scroll that turns
  /// (a page back up) or a jump back (Home after End) wants it again,
  /// where cancelling it threw its slot's time away (`emoji-rater bench`,
  /// 80×24, pages: 383 loads in 4 s cancelled mid-wait, two in five of
  /// those started; ready 21% then, 28% with those near the screen let go
  /// on). Those far from the screen (after a jump) were still cancelled,
  /// to give the new screen their slots; let go on too, jumps at 200×60
  /// went from 71% to 75% ready on display, and from 26% to 23% spinners
  /// at settle (`make bench-families`).
  public func cancelPrefetchingForItems(at indexPaths: [IndexPath]) {
    guard mode == .prefetch else { return }
    for indexPath in indexPaths {
      let id = id(of: indexPath)
      if !keepAskingAsAJumpsStop(id) { loader.withdraw(id) }
    }
  }

  // MARK: GridContent

  public func content(at indexPath: IndexPath) -> CellContent {
    content(ofItem: id(of: indexPath))
  }

  public func contents(ofItems items: Range<Int>, inSection section: Int) -> [CellContent] {
    guard let first = items.first else { return [] }
    let firstPosition = layout.flatIndex(of: IndexPath(item: first, section: section))
    return items.map { content(ofItem: shown.catalogItem(firstPosition + $0 - first)) }
  }

  /// Asked for every cell a frame draws afresh (a slide frame's rows), so
  /// it asks the loader no more than it must: loading and not yet asked
  /// for look the same (a spinner), and only the cache says otherwise.
  private func content(ofItem id: Int) -> CellContent {
    if let presentation = loader.cachedValue(for: id) { return .loaded(presentation) }
    return loader.hasFailed(id) ? .failed : .loading
  }

  /// The grid positions on screen whose content may have changed since the
  /// last call (nil: anything may have), so a screen that keeps its last
  /// frame redraws just those cells.
  public func takeChanges() -> Set<Int>? {
    defer { changedItems = [] }
    return changedItems
  }

  public func loadedEmoji(at indexPath: IndexPath) -> Emoji? {
    guard layout.contains(indexPath),
      case .loaded(let presentation) = loader.state(of: id(of: indexPath))
    else { return nil }
    return presentation.emoji
  }

  public func community(at indexPath: IndexPath) -> CommunityTally? {
    guard layout.contains(indexPath),
      case .loaded(let presentation) = loader.state(of: id(of: indexPath))
    else { return nil }
    return presentation.community
  }

  public func loadFailure(at indexPath: IndexPath) -> LoadFailure? {
    guard layout.contains(indexPath) else { return nil }
    return loader.failure(of: id(of: indexPath))
  }

  public var loadingSummary: LoadingSummary? {
    LoadingSummary(mode: mode, loader: loader.counters, display: display, source: source)
  }

  /// The community's votes may have changed unheard (the stream of
  /// changes is back after a gap): every cached cell is loaded afresh when
  /// it is next displayed, and those on screen now, each showing its old
  /// tally until the new one comes; but only when no other load waits for
  /// a slot (`Loader.refresh`).
  public func communityMayHaveChanged() {
    loader.markAllStale()
    guard mode != .sync else { return }
    for position in prefetching.planner.visible { loader.refresh(shown.catalogItem(position)) }
  }

  /// The community's votes on catalog item `item` are now `tally` (heard
  /// live, or the server answered a vote with them): a cached cell shows
  /// them from the next frame, and a cell loading shows them over what its
  /// load brings, which may be older.
  public func updateCommunity(of item: Int, to tally: CommunityTally) {
    guard loader.amend(item, { $0.with(community: tally) }) else { return }
    guard markChanged(item) else { return }
    onChange?()
  }

  // MARK: Arrivals

  /// Notes that the cells of catalog item `id` on screen (two, when one is
  /// in "Frequently used") draw again; returns whether any is on screen.
  private func markChanged(_ id: Int) -> Bool {
    var onScreen = false
    for position in shown.positions(of: id) where prefetching.planner.visible.contains(position) {
      changedItems?.insert(position)
      onScreen = true
    }
    return onScreen
  }

  /// An item's data arrived, failed, or was evicted. Only an item on
  /// screen needs a frame: a prefetch landing off screen changes nothing
  /// anyone can see.
  private func arrived(_ id: Int) {
    if let observer, case .loaded = loader.state(of: id) { observer.dataLanded(item: id, at: clock.now()) }
    cells.arrived(id, withData: loader.displayedValue(for: id) != nil, at: clock.now())
    guard markChanged(id) else { return }
    if case .absent = loader.state(of: id), mode != .sync {
      // Evicted while on screen (a cache smaller than the screen): load it again.
      cells.waitsAgain(id, since: clock.now())
      loader.load(id, priority: .visible)
    }
    onChange?()
  }
}
