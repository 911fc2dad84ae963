import CollectionKit
import EmojiModel
import Foundation
import FrameTiming
import Loading
import TestSupport
import Testing

@testable import EmojiRater

@MainActor
@Suite struct LoadingControllerTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: false)
  /// 80 columns: 15 cells a row; row 0 is the first header, rows 1... items.
  let layout = GridLayout(sectionItemCounts: catalog.sections.map(\.emoji.count), width: 80)
  let scheduler = ManualLoadScheduler()
  let clock = ManualClock()

  func controller(
    _ mode: LoadingMode, latency: LatencyModel = .fixed(100), failureRate: Double = 0, prefetchRows: Int = 1,
    cacheSize: Int = 2_000, pool: Int = 0
  ) -> LoadingController {
    var options = LoadingOptions()
    options.cacheSize = cacheSize
    options.mode = mode
    options.latency = latency
    options.failureRate = failureRate
    options.prefetchRows = prefetchRows
    options.maxConcurrent = pool
    options.seed = 3
    return LoadingController(
      catalog: Self.catalog, layout: layout, options: options, clock: clock, scheduler: scheduler)
  }

  /// A prefetching controller as the app makes one: its window follows the
  /// scroll (no `--prefetch-rows`). Loads take 0.1 s; `pool` slots.
  func adaptiveController(pool: Int) -> LoadingController {
    var options = LoadingOptions()
    options.mode = .prefetch
    options.latency = .fixed(100)
    options.maxConcurrent = pool
    options.seed = 3
    return LoadingController(
      catalog: Self.catalog, layout: layout, options: options, clock: clock, scheduler: scheduler)
  }

  /// Whether `item` was asked of the loader: loading or loaded.
  func isAskedFor(_ item: Int, by controller: LoadingController) -> Bool {
    if case .absent = controller.loader.state(of: item) { return false }
    return true
  }

  func isLoading(_ content: CellContent) -> Bool {
    if case .loading = content { return true }
    return false
  }

  /// Lets every load finish and reach the main actor: waits until all of
  /// them wait on the scheduler, then moves time past their latency.
  func finishLoads(_ controller: LoadingController) async {
    await afterTheFrame()  // The cells displayed are asked for once the frame is out.
    let counters = { controller.loader.counters }
    #expect(
      await eventually {
        let now = counters()
        return now.queued == 0 && scheduler.pendingCount == now.inFlight
      })
    clock.advance(milliseconds: 100)
    scheduler.advance(by: 100)
    #expect(await eventually { !controller.loader.hasOutstandingLoads })
  }

  @Test func asyncLoadsWhatShowsAndCancelsWhatLeaves() async {
    let controller = controller(.async)
    controller.update(visibleRows: 0..<3, layout: layout)  // header + two rows: 30 cells
    #expect(await eventually { scheduler.pendingCount == 30 })
    #expect(controller.hasVisibleLoads)
    #expect(isLoading(controller.content(at: IndexPath(item: 0, section: 0))))
    controller.update(visibleRows: 2..<4, layout: layout)  // row 1 leaves
    #expect(await eventually { controller.loader.counters.cancelledDuringWait == 15 })
    #expect(controller.loader.counters.outstanding == 30)
  }

  /// Another terminal votes on an emoji whose cell is still loading: the
  /// tally heard shows when the load lands, not the older one it brings.
  @Test func aTallyHeardWhileACellLoadsShowsWhenItLands() async {
    let controller = controller(.async)
    controller.update(visibleRows: 0..<3, layout: layout)
    #expect(await eventually { scheduler.pendingCount == 30 })
    let heard = CommunityTally(up: 5, down: 1)
    controller.updateCommunity(of: 0, to: heard)
    await finishLoads(controller)
    guard case .loaded(let first) = controller.content(at: IndexPath(item: 0, section: 0)),
      case .loaded(let second) = controller.content(at: IndexPath(item: 1, section: 0))
    else {
      Issue.record("the first row should be loaded")
      return
    }
    #expect(first.community == heard)
    #expect(second.community == nil, "a cell nobody voted on brings what its load brought")
  }

  @Test func prefetchedCellsAreReadyWhenTheyScrollIntoView() async {
    let controller = controller(.prefetch, prefetchRows: 2)
    controller.update(visibleRows: 0..<3, layout: layout)
    await finishLoads(controller)
    #expect(controller.display.displayed == 30)
    #expect(controller.display.readyOnDisplay == 0)
    #expect(controller.display.visibleLatency.count == 30)
    #expect(controller.display.medianVisibleLatency == 100, "each waited exactly one latency")
    // Rows 3 and 4 were prefetched: scrolling down two rows finds them ready.
    clock.advance(milliseconds: 500)
    controller.update(visibleRows: 2..<5, layout: layout)
    #expect(controller.display.displayed == 60)
    #expect(controller.display.readyOnDisplay == 30)
    #expect(!controller.hasVisibleLoads)
    guard case .loaded(let presentation) = controller.content(at: IndexPath(item: 45, section: 0)) else {
      Issue.record("row 4's first cell should be loaded")
      return
    }
    #expect(presentation.emoji.name == Self.catalog[0, 45].name)
  }

  /// A terminal bigger than the cache must not evict cells still on screen:
  /// they would turn back into spinners and never load again.
  @Test func everyCellOnScreenStaysLoadedWhenTheScreenOutgrowsTheCache() async {
    let controller = controller(.async, cacheSize: 10)
    controller.update(visibleRows: 0..<3, layout: layout)  // 30 cells
    await finishLoads(controller)
    for item in 0..<30 {
      guard case .loaded = controller.content(at: IndexPath(item: item, section: 0)) else {
        Issue.record("cell \(item) is no longer loaded")
        return
      }
    }
    #expect(controller.loader.counters.completed == 30)
  }

  /// The benchmark starts each run from a whole first screen: one bigger
  /// than the configured cache (200×60: 2,262 cells in 2,000) must come up
  /// whole too, not start the run by loading its top rows again.
  @Test func aPrimedScreenBiggerThanTheCacheIsAllReady() async {
    let controller = controller(.prefetch, cacheSize: 10)
    controller.prime(rows: 0..<3, layout: layout)  // header + two rows: 30 cells
    controller.update(visibleRows: 0..<3, layout: layout)
    #expect(controller.display.displayed == 30)
    #expect(controller.display.readyOnDisplay == 30)
    #expect(!controller.hasVisibleLoads)
    await afterTheFrame()
    #expect(controller.loader.counters.outstanding == 15, "row 3 only")
  }

  /// The screen redraws only the cells the controller says changed: every
  /// arrival must be among them, and a mode switch means anything may have.
  @Test func itReportsWhichCellsChangedSinceTheScreenLastAsked() async {
    let controller = controller(.async)
    controller.update(visibleRows: 0..<2, layout: layout)  // items 0..<15
    _ = controller.takeChanges()
    await finishLoads(controller)
    #expect(controller.takeChanges() == Set(0..<15))
    #expect(controller.takeChanges() == [], "taken: nothing new since")
    controller.cycleMode()
    #expect(controller.takeChanges() == nil)
  }

  @Test func onlyArrivalsOnScreenAskForAFrame() async {
    let controller = controller(.prefetch, prefetchRows: 2)
    var frames = 0
    controller.onChange = { frames += 1 }
    controller.update(visibleRows: 0..<2, layout: layout)  // 15 visible, 30 prefetched
    await finishLoads(controller)
    #expect(controller.loader.counters.completed == 45)
    #expect(frames == 15, "the 30 prefetches landed off screen")
  }

  @Test func syncLoadsOneVisibleCellPerFrameOnTheCallingThread() {
    let controller = controller(.sync, latency: .none)
    controller.update(visibleRows: 0..<2, layout: layout)  // one row of 15
    #expect(scheduler.pendingCount == 0, "nothing goes to the background")
    for loaded in 1...15 {
      #expect(controller.loadOneVisibleSynchronously())
      #expect(controller.loader.counters.synchronous == loaded)
    }
    #expect(!controller.loadOneVisibleSynchronously())
    #expect(!controller.hasVisibleLoads)
  }

  @Test func anArrivalForAnItemScrolledAwayPaintsNoOtherCell() async {
    let controller = controller(.prefetch, prefetchRows: 1)
    controller.update(visibleRows: 0..<2, layout: layout)
    #expect(await eventually { scheduler.pendingCount == 30 })  // row 1 visible, row 2 prefetched
    // Jump far away: the screen now shows other items; the old loads are cancelled...
    controller.update(visibleRows: 40..<42, layout: layout)
    let shown = layout.indexPaths(inRows: 40..<42)
    // ...and whatever arrives now lands on the items it was loaded for.
    await finishLoads(controller)
    for indexPath in shown {
      guard case .loaded(let presentation) = controller.content(at: indexPath) else {
        Issue.record("\(indexPath) should be loaded")
        continue
      }
      #expect(presentation.emoji.name == Self.catalog[indexPath.section, indexPath.item].name)
    }
  }

  /// A load already waiting out its latency when its cell leaves the
  /// screen is cancelled behind a scroll that keeps its way, as async
  /// cancels it: its slot is the screens ahead's. After a turn or a jump
  /// it carries on and is cached: it is part done, and the person may
  /// come back for it (a page back down, Home after End).
  @Test func aLoadForACellLeftBehindGoesOnOnlyIfThePersonMayComeBack() async {
    let controller = controller(.prefetch, prefetchRows: 1)
    controller.update(visibleRows: 0..<2, layout: layout)  // row 1 visible, row 2 prefetched
    #expect(await eventually { scheduler.pendingCount == 30 })
    clock.advance(milliseconds: 100)
    controller.update(visibleRows: 4..<6, layout: layout)  // on down: row 1 left behind
    #expect(await eventually { controller.loader.counters.cancelledDuringWait == 15 })
    await finishLoads(controller)
    #expect(controller.loader.counters.completed == 15 + 60, "row 2's, the new screen and window")
    clock.advance(milliseconds: 100)
    controller.update(visibleRows: 8..<10, layout: layout)  // on down
    await afterTheFrame()
    clock.advance(milliseconds: 100)
    controller.update(visibleRows: 4..<6, layout: layout)  // back up: rows 8 and 9 leave, loading
    await finishLoads(controller)
    #expect(controller.loader.counters.cancelledDuringWait == 15, "none since the turn")
    clock.advance(milliseconds: 100)
    controller.update(visibleRows: 8..<10, layout: layout)  // down again
    #expect(!controller.hasVisibleLoads, "every cell there was ready")

    let jumper = self.controller(.prefetch, prefetchRows: 1)
    jumper.update(visibleRows: 0..<2, layout: layout)
    #expect(await eventually { scheduler.pendingCount == 30 })
    clock.advance(milliseconds: 100)
    jumper.update(visibleRows: 60..<62, layout: layout)  // far away
    await finishLoads(jumper)
    #expect(jumper.loader.counters.cancelledDuringWait == 0)
    jumper.update(visibleRows: 0..<2, layout: layout)  // and back, as Home after End
    #expect(!jumper.hasVisibleLoads, "what was under way at the jump was kept")
  }

  /// The screens the jump keys lead to are asked for in prefetch mode (the
  /// ranking says when they go), and let go once no key leads there.
  @Test func prefetchingAsksForTheJumpKeysScreensAndLetsGoOfOnesNoKeyLeadsTo() async {
    let asynchronous = controller(.async)
    asynchronous.update(visibleRows: 0..<2, layout: layout, jumpScreens: [60..<62])
    #expect(await eventually { scheduler.pendingCount == 15 }, "async: the screen only")

    let controller = controller(.prefetch, prefetchRows: 0)
    let (old, new) = (layout.flatRange(ofRows: 60..<62).count, layout.flatRange(ofRows: 70..<72).count)
    controller.update(visibleRows: 0..<2, layout: layout, jumpScreens: [60..<62])
    #expect(await eventually { scheduler.pendingCount == 15 + 15 + old }, "and rows 60 and 61")
    controller.update(visibleRows: 0..<2, layout: layout, jumpScreens: [70..<72])
    #expect(await eventually { scheduler.pendingCount == 15 + 15 + old + new }, "what was under way goes on")
    #expect(controller.loader.counters.cancelledDuringWait == 0)

    // With a pool, the screens wait for a jump; those no key leads to any more are let go.
    let pooled = self.controller(.prefetch, prefetchRows: 0, pool: 100)
    pooled.update(visibleRows: 0..<2, layout: layout, jumpScreens: [60..<62])
    #expect(await eventually { pooled.loader.counters.queued == old }, "the screen's cells started")
    pooled.update(visibleRows: 0..<2, layout: layout, jumpScreens: [70..<72])
    #expect(await eventually { pooled.loader.counters.cancelledBeforeStart == old })
    #expect(await eventually { pooled.loader.counters.queued == new })
  }

  /// A jump key that moves only the selection (Tab to a section on
  /// screen) says the person jumps as plainly as End: the screens the jump
  /// keys lead to load on the still view, where before they waited.
  @Test func aJumpKeyThatLeavesTheViewWhereItWasStartsTheJumpScreens() async {
    let controller = controller(.prefetch, prefetchRows: 0, pool: 100)
    let end = 60..<62
    let endCells = layout.flatRange(ofRows: end).count
    controller.update(visibleRows: 0..<2, layout: layout, jumpScreens: [end])
    #expect(
      await eventually { controller.loader.counters.queued == endCells }, "no jump yet: End's screen waits")
    clock.advance(milliseconds: 500)
    controller.noteJumpKey()
    controller.update(visibleRows: 0..<2, layout: layout, jumpScreens: [end])
    #expect(await eventually { controller.loader.counters.queued == 0 }, "a key jumped: End's screen loads")
    #expect(controller.loader.counters.inFlight == 15 + endCells)
  }

  /// A jump key's screen the view visited and left stays asked for: the
  /// End screen, jumped to and back from before its loads could start,
  /// is still loading when Home is left for it again, not left to load
  /// only once End is pressed.
  @Test func aJumpScreenVisitedAndLeftStaysAskedFor() async {
    let controller = controller(.prefetch, prefetchRows: 0, pool: 15)
    let home = 0..<2
    let end = 60..<62
    let endItems = layout.flatRange(ofRows: end)  // the whole catalog shows: an item is its place
    controller.update(visibleRows: home, layout: layout, jumpScreens: [end])
    #expect(await eventually { controller.loader.counters.inFlight == 15 }, "the pool holds Home's row")
    clock.advance(milliseconds: 200)
    // At End, its screen is no jump's any more but Shift-Tab's overlaps it.
    controller.update(visibleRows: end, layout: layout, jumpScreens: [home, 59..<61])
    await afterTheFrame()
    clock.advance(milliseconds: 200)
    controller.update(visibleRows: home, layout: layout, jumpScreens: [end])
    await afterTheFrame()
    let unasked = endItems.filter { !isAskedFor($0, by: controller) }
    #expect(unasked.isEmpty, "End's cells \(unasked) are asked for by nothing")
  }

  /// A cell of the Home screen that a scroll down leaves behind has its
  /// load cancelled, and stays asked for as a jump's screen: the ranking
  /// says when it goes (after a jump), not nothing.
  @Test func aJumpScreensCellLeftBehindByAScrollStaysAskedFor() async {
    let controller = controller(.prefetch, prefetchRows: 0, pool: 15)
    let home = 0..<2
    controller.update(visibleRows: 1..<3, layout: layout, jumpScreens: [home])
    await afterTheFrame()
    for top in 2...4 {
      clock.advance(milliseconds: 30)
      controller.update(visibleRows: top..<(top + 2), layout: layout, jumpScreens: [home])
      await afterTheFrame()
    }
    let rowOne = layout.flatRange(ofRows: 1..<2)  // the whole catalog shows: an item is its place
    let unasked = rowOne.filter { !isAskedFor($0, by: controller) }
    #expect(unasked.isEmpty, "Home's cells \(unasked) are asked for by nothing")
    #expect(controller.loader.counters.cancelled > 0, "its loads under way were cancelled")
  }

  @Test func switchingModesCancelsWhatTheNewModeWouldNotHaveStartedAndKeepsTheCache() async {
    let controller = controller(.prefetch, prefetchRows: 2)
    controller.update(visibleRows: 0..<2, layout: layout)  // 15 visible, 30 prefetched
    #expect(await eventually { scheduler.pendingCount == 45 })
    controller.setMode(.async)
    #expect(await eventually { controller.loader.counters.cancelled == 30 })
    await finishLoads(controller)
    #expect(controller.loader.counters.completed == 15)
    controller.setMode(.sync)
    #expect(controller.mode == .sync)
    if case .loaded = controller.content(at: IndexPath(item: 0, section: 0)) {
    } else {
      Issue.record("the cache survives a mode switch")
    }
    // Back to prefetch: the window around the screen is asked for again.
    controller.setMode(.prefetch)
    #expect(await eventually { scheduler.pendingCount == 30 })
  }

  /// A frame does not wait for the loader's bookkeeping: the cells it
  /// displays show spinners at once and are asked for once it is out.
  @Test func theCellsAFrameDisplaysAreAskedForAfterIt() async {
    let controller = controller(.async)
    controller.update(visibleRows: 0..<2, layout: layout)  // items 0..<15
    #expect(isLoading(controller.content(at: IndexPath(item: 0, section: 0))))
    #expect(controller.hasVisibleLoads)
    #expect(!controller.loader.hasOutstandingLoads)
    await afterTheFrame()
    #expect(controller.loader.counters.outstanding == 15)
  }

  /// A cell that leaves before its frame is out is never asked for.
  @Test func aCellGoneBeforeItsFrameIsOutIsNotLoaded() async {
    let controller = controller(.async)
    controller.update(visibleRows: 0..<2, layout: layout)
    controller.update(visibleRows: 30..<32, layout: layout)
    await afterTheFrame()
    for item in 0..<15 {
      guard case .absent = controller.loader.state(of: item) else {
        Issue.record("item \(item) left the screen before its frame was out, yet was asked for")
        return
      }
    }
    #expect(controller.loader.hasOutstandingLoads, "what shows now is asked for")
  }

  /// A filter keeps the sections, with fewer items in each. A cell of the
  /// new list named before the next frame (`y` in the keys that changed
  /// the list) is read in that list: in the old layout, the last filtered
  /// cell's position lay past the end of the new list, and the app stopped.
  @Test func aCellOfANewListIsReadInItsOwnLayoutBeforeTheNextFrame() {
    let controller = controller(.async)
    controller.update(visibleRows: 0..<3, layout: GridLayout(sectionItemCounts: [50, 50, 50], width: 80))
    let filtered = GridLayout(sectionItemCounts: [5, 5, 5], width: 80)
    controller.show(ShownItems(Array(0..<5) + Array(50..<55) + Array(100..<105)), in: filtered)
    // Position 14 of the new list; 104 in the old layout, of a list of 15.
    #expect(controller.loadedEmoji(at: IndexPath(item: 4, section: 2)) == nil)
    _ = controller.content(at: IndexPath(item: 4, section: 2))  // nor does its cell's content trap
  }

  /// The list changes between a frame and its loads going out (a search's
  /// matches, Esc, a megabyte's paste ranked): the frame's prefetches name
  /// grid positions of the old list, and none is asked for.
  @Test func aFramesPrefetchesForAListReplacedSinceAreNotAskedFor() async {
    let controller = controller(.prefetch, prefetchRows: 2)
    controller.update(visibleRows: 0..<3, layout: layout)  // the window reaches rows 3 and 4: items 30..<60
    controller.show(ShownItems([0, 1, 2]), in: GridLayout(sectionItemCounts: [3], width: 80))
    await afterTheFrame()
    for item in 30..<60 {
      guard case .absent = controller.loader.state(of: item) else {
        Issue.record("item \(item) was prefetched for a list no longer shown")
        return
      }
    }
  }

  /// A moving view reaches ahead as far as the scroll goes in a load's
  /// time, and farther while the pool has slots for more: once its loads
  /// land and leave slots nothing asked for takes, the next frame reaches
  /// farther ahead by the rows those slots would fill.
  @Test func aMovingViewWhoseLoadsLeaveSlotsIdleReachesFartherAhead() async {
    let controller = adaptiveController(pool: 105)  // seven rows
    // Down a row every 100 ms: after the second step the run's pace is read.
    for step in 0..<3 {
      controller.update(visibleRows: (20 + step)..<(23 + step), layout: layout)
      await afterTheFrame()
      clock.advance(milliseconds: 100)
    }
    // The loads land (each takes 0.1 s of the scheduler's time), and leave
    // every slot idle: what still waits, the ranking holds back as too late.
    #expect(
      await eventually {
        scheduler.advance(by: 100)
        return controller.loader.idleSlots == 105
      })
    let askedFor = { (row: Int) in
      layout.flatRange(ofRows: row..<(row + 1)).allSatisfy { isAskedFor($0, by: controller) }
    }
    #expect((25..<27).allSatisfy(askedFor), "the two rows below the screen")
    guard let edge = (25..<100).first(where: { !askedFor($0) }) else { return }
    // Still moving (a pause shorter than a second), the pool idle: seven rows farther.
    controller.update(visibleRows: 22..<25, layout: layout)
    await afterTheFrame()
    #expect((edge..<(edge + 7)).allSatisfy(askedFor), "seven rows farther, for the seven rows of idle slots")
    #expect(!askedFor(edge + 7))
  }

  /// A new screen asks for frames until the planner has seen it at rest
  /// (its window then reaches past the next stop), though nothing on it
  /// moves. Once the window is loading, a slot nothing asked for takes is
  /// idle: an arrival off screen that leaves one asks for a frame, where
  /// nothing on screen changed, and at it the window reaches as far above
  /// the screen as below.
  @Test func anIdlePoolAtRestAsksForAFrameThatReachesAboveTheScreen() async {
    let screen = 20..<23
    // The screen and two rows each way fill the pool.
    let first = layout.flatRange(ofRows: 18..<25)
    let controller = adaptiveController(pool: first.count)
    var wanted = 0
    controller.onWantsUpdate = { wanted += 1 }
    controller.update(visibleRows: screen, layout: layout)
    #expect(controller.isSettling, "not yet seen at rest")
    #expect(await eventually { scheduler.pendingCount == first.count })
    clock.advance(milliseconds: 300)
    controller.update(visibleRows: screen, layout: layout)
    #expect(!controller.isSettling)
    await afterTheFrame()
    let pastTheNextStop = layout.flatRange(ofRows: 25..<29)
    #expect(controller.loader.counters.queued == pastTheNextStop.count, "six rows below, waiting for slots")
    #expect(wanted == 0)
    // The first loads land; those past the next stop take their slots and leave the rest idle.
    scheduler.advance(by: 100)
    #expect(await eventually { controller.loader.counters.completed == first.count })
    #expect(await eventually { wanted > 0 }, "loads landed off screen, and left slots nothing asked for")
    let above = layout.flatRange(ofRows: 14..<18)
    #expect(above.allSatisfy { controller.loader.cachedValue(for: $0) == nil }, "two rows above only")
    controller.update(visibleRows: screen, layout: layout)
    await afterTheFrame()
    #expect(controller.loader.counters.outstanding == pastTheNextStop.count + above.count)
    guard case .loading = controller.loader.state(of: above.lowerBound) else {
      Issue.record("the first cell four rows above should be loading")
      return
    }
    // Async has no window to reach past the next stop, nor a rest to wait for.
    let asynchronous = self.controller(.async, pool: 300)
    asynchronous.update(visibleRows: screen, layout: layout)
    #expect(!asynchronous.isSettling)
  }

  /// A search's next letter keeps most of its matches, and Esc lands on
  /// the screen whose loads were asked for before it: loads under way for
  /// cells the new list shows on screen carry on; the rest are cancelled,
  /// their slots the new screen's.
  @Test func loadsUnderWayCarryOnIntoANewListThatShowsThem() async {
    let controller = controller(.async)
    let matches = GridLayout(sectionItemCounts: [30], width: 80)  // two rows of 15 under a header
    controller.show(ShownItems(Array(100..<130)), in: matches)
    controller.update(visibleRows: 0..<3, layout: matches)
    #expect(await eventually { scheduler.pendingCount == 30 })
    // The next letter: the first row's fifteen matches stay, the others go.
    let fewer = GridLayout(sectionItemCounts: [15], width: 80)
    controller.show(ShownItems(Array(100..<115)), in: fewer)
    controller.update(visibleRows: 0..<2, layout: fewer)
    #expect(await eventually { controller.loader.counters.cancelledDuringWait == 15 })
    #expect(controller.loader.counters.inFlight == 15)
    for item in 100..<115 {
      guard case .loading = controller.loader.state(of: item) else {
        Issue.record("item \(item) is still on screen: its load should have gone on")
        return
      }
    }
  }

  /// Browsing a search's matches, the screen Esc leads to (catalog items the
  /// matches need not hold) is asked for in prefetch mode, not in async.
  @Test func prefetchingAsksForTheScreenEscLeadsTo() async {
    let matches = GridLayout(sectionItemCounts: [15], width: 80)
    let exit = Array(500..<530)
    let asynchronous = controller(.async)
    asynchronous.show(ShownItems(Array(100..<115)), in: matches)
    asynchronous.update(visibleRows: 0..<2, layout: matches, searchExit: exit)
    #expect(await eventually { scheduler.pendingCount == 15 }, "async: the matches only")

    let controller = controller(.prefetch, prefetchRows: 0)
    controller.show(ShownItems(Array(200..<215)), in: matches)
    controller.update(visibleRows: 0..<2, layout: matches, searchExit: exit)
    #expect(await eventually { scheduler.pendingCount == 15 + 15 + 30 }, "and the screen Esc leads to")
    for item in exit {
      guard case .loading = controller.loader.state(of: item) else {
        Issue.record("item \(item) is on the screen Esc leads to, yet not asked for")
        return
      }
    }
  }

  @Test func aFailedCellShowsItAndRetriesWhenDisplayedAgain() async {
    let controller = controller(.async, failureRate: 1)
    controller.update(visibleRows: 0..<2, layout: layout)
    await finishLoads(controller)
    #expect(controller.content(at: IndexPath(item: 0, section: 0)) == .failed)
    controller.update(visibleRows: 30..<32, layout: layout)
    controller.update(visibleRows: 0..<2, layout: layout)
    #expect(isLoading(controller.content(at: IndexPath(item: 0, section: 0))))
  }

  @Test func resettingTheStatisticsStartsTheCountsAfresh() async {
    let controller = controller(.async)
    controller.update(visibleRows: 0..<2, layout: layout)
    await finishLoads(controller)
    #expect(controller.display.displayed == 15)
    controller.resetStatistics()
    #expect(controller.display == DisplayCounters())
    #expect(controller.loader.counters.completed == 0)
    controller.update(visibleRows: 1..<3, layout: layout)
    #expect(controller.display.displayed == 15, "only the new row counts")
  }

  @Test func theStatusLineWaitsForTheDetailsToo() async {
    let controller = controller(.async)
    controller.update(visibleRows: 0..<2, layout: layout)
    #expect(controller.loadedEmoji(at: IndexPath(item: 0, section: 0)) == nil)
    await finishLoads(controller)
    #expect(controller.loadedEmoji(at: IndexPath(item: 0, section: 0))?.name == "grinning face")
  }

  /// The benchmark's oracle needs how long each cell stayed on screen.
  @Test func theDisplayLogNotesWhenACellCameAndWhenItLeft() async {
    let controller = controller(.async)
    let log = RunLog(start: clock.now())
    controller.observer = log
    controller.update(visibleRows: 1..<2, layout: layout)  // the first row of cells: items 0–14
    clock.advance(milliseconds: 250)
    controller.update(visibleRows: 2..<3, layout: layout)  // it leaves; items 15–29 come
    let first = log.displays.first { $0.item == 0 }
    #expect(first == OraclePrefetcher.Display(item: 0, time: 0, end: 250))
    let second = log.displays.first { $0.item == 15 }
    #expect(second == OraclePrefetcher.Display(item: 15, time: 250), "still on screen: no end")
    #expect(log.displays.count == 30)
    // The loads that took a slot: the second row's (async let the first
    // row's requests go as it left, before they started).
    #expect(await eventually { log.loads.starts.count == 15 })
    #expect(Set(log.loads.starts.map(\.item)) == Set(15..<30))
  }

  /// The benchmark's load log hears each load that takes a slot with the
  /// rank it went at, how far its cell was from the screen, and how the
  /// ranking read the view: a still screen with no pauses to read, its
  /// cells first, then the window's rows, nearest first.
  @Test func eachLoadIsToldWithItsRankAndWhereItsCellWas() async {
    let controller = controller(.prefetch, prefetchRows: 2, pool: 40)
    let log = RunLog(start: 0, readsLoads: true)
    controller.observer = log
    controller.update(visibleRows: 1..<3, layout: layout)  // items 0–29; rows 3 and 4 in the window
    #expect(await eventually { log.loads.starts.count == 40 })
    #expect(log.readings.count == 40)
    let onScreen = log.readings.filter { $0.rowsFromScreen == 0 }
    #expect(onScreen.count == 30)
    #expect(onScreen.allSatisfy { $0 == LoadReading(rank: -1, rowsFromScreen: 0, view: .still) })
    #expect(log.readings.filter { $0 == LoadReading(rank: 1, rowsFromScreen: 1, view: .still) }.count == 10)
  }

  /// The benchmark's told run (`ToldScroll`) ranks the loads itself: what
  /// it asks for goes in its order, and a frame's view, though it moves,
  /// does not put the planner's ranking back.
  @Test func aRankingFromOutsideStandsThroughTheFrames() async {
    let controller = controller(.prefetch, pool: 2)
    let log = RunLog(start: 0)
    controller.observer = log
    controller.update(visibleRows: 0..<0, layout: layout)
    let told: [Int: Double] = [700: 1, 600: 2, 650: 3]
    controller.rankFromOutside(asking: [500, 600, 650, 700]) { told[$0] ?? .infinity }
    controller.update(visibleRows: 0..<0, layout: layout)
    #expect(await eventually { scheduler.pendingCount == 2 })
    #expect(controller.isRankedFromOutside)
    #expect(log.loads.starts.map(\.item) == [700, 600])
    // A search's new list of matches keeps them, and the ranking: it knows
    // what is wanted, the matches' screen or not.
    let matches = GridLayout(sectionItemCounts: [15], width: 80)
    controller.show(ShownItems(Array(100..<115)), in: matches)
    controller.update(visibleRows: 0..<0, layout: matches)
    await afterTheFrame()
    #expect(controller.loader.counters.cancelledDuringWait == 0)
    #expect(controller.loader.urgency?(650, .prefetch(distance: 0)) == 3)
  }

  /// Deadlines as far as the screen can tell (`LoadDeadlinesTests` has the
  /// rules). Scrolling down a row every 200 ms (5 rows a second), with loads of 0.5 to 2 s (three in ten by 0.95 s, three in four
  /// by 1.625 s, nine in ten by 1.85 s):
  @Test func aLoadThatCannotMakeItsDeadlineIsHeldBackAndTheRestGoByTheirChances() {
    var options = LoadingOptions()
    options.mode = .prefetch
    options.latency = .uniform(500...2_000)
    let controller = LoadingController(
      catalog: Self.catalog, layout: layout, options: options, clock: clock, scheduler: scheduler)
    for top in 1...11 {
      if top > 1 { clock.advance(milliseconds: 200) }
      controller.update(visibleRows: top..<(top + 10), layout: layout)  // ends on rows 11..<21
    }
    func urgency(row: Int) -> Double {
      // As the loader ranks it: the view the controller last gave it.
      let id = layout.flatIndex(of: layout.indexPath(row: row, column: 0)!)
      return controller.loader.urgency.map { $0(id, .visible) } ?? .nan
    }
    // On screen: the fourth row leaves in 0.8 s and the eighth in 1.6 s, before three loads in
    // four would land; the tenth stays 2 s, and goes before any prefetch.
    #expect(urgency(row: 14) == .infinity)
    #expect(urgency(row: 18) == .infinity, "would make it half the time, but a late load is all loss")
    #expect(urgency(row: 20) == -1)
    // Below: four rows down comes in 0.8 s, too soon; eight rows down in 1.6 s, which
    // three loads in ten make; eleven rows down in 2.2 s, all but sure.
    #expect(urgency(row: 24) == .infinity)
    #expect(abs(urgency(row: 28) - (LoadDeadlines.unsure - 1_600)) < 1)
    #expect(abs(urgency(row: 31) - 2_200) < 1)
    #expect(urgency(row: 29) < urgency(row: 28), "of the unsure, the likelier first")
    // Behind a scroll that keeps its way: it waits.
    #expect(urgency(row: 5) == .infinity)
  }

  /// `--latency` is only a first guess (here 0.5 to 2 s). Once 32 loads
  /// have landed, the deadlines follow what they took: the scroll above,
  /// after a screen whose loads all took `measured` ms.
  @Test(arguments: [100, 3_000])
  func theDeadlinesFollowTheLatencyTheLoadsTake(measured: Int) async {
    var options = LoadingOptions()
    options.mode = .prefetch
    options.latency = .uniform(500...2_000)
    options.maxConcurrent = 0
    let controller = LoadingController(
      catalog: Self.catalog, layout: layout, options: options, clock: clock, scheduler: scheduler)
    controller.update(visibleRows: 1..<11, layout: layout)
    await afterTheFrame()
    let counters = { controller.loader.counters }
    #expect(
      await eventually {
        let now = counters()
        return now.queued == 0 && scheduler.pendingCount == now.inFlight
      })
    #expect(counters().inFlight >= ObservedLatency.minimumSamples)
    // Every load lands, and is timed at `measured` ms.
    clock.advance(milliseconds: Double(measured))
    scheduler.advance(by: 2_000)
    #expect(await eventually { !controller.loader.hasOutstandingLoads })
    for top in 1...11 {
      clock.advance(milliseconds: 200)
      controller.update(visibleRows: top..<(top + 10), layout: layout)  // ends on rows 11..<21
      // The estimate is worked out once a frame is out; the next frame plans with it.
      await afterTheFrame()
    }
    func urgency(row: Int) -> Double {
      let id = layout.flatIndex(of: layout.indexPath(row: row, column: 0)!)
      return controller.loader.urgency.map { $0(id, .visible) } ?? .nan
    }
    if measured == 100 {
      // Two rows down, in 0.4 s: too soon for the guess, sure for loads of 0.1 s.
      #expect(abs(urgency(row: 22) - 400) < 1)
      // Four rows down, in 0.8 s: past the two rows such loads need ahead,
      // so in the window only to fill slots nothing else wants.
      #expect(abs(urgency(row: 24) - (LoadDeadlines.fillingIdleSlots + 800)) < 1)
      #expect(urgency(row: 14) == -1, "on screen for 0.8 s more: can make it")
    } else {
      // Eleven rows down, in 2.2 s: sure for the guess, too soon for loads of 3 s.
      #expect(urgency(row: 31) == .infinity)
      #expect(urgency(row: 20) == .infinity, "on screen for 2 s more: too short")
    }
  }
}

/// "Frequently used" shows some emoji twice: a copy that leaves the screen
/// while the other stays neither cancels its load nor stops its wait.
@MainActor
@Suite struct TwiceShownLoadingTests {
  let scheduler = ManualLoadScheduler()
  let clock = ManualClock()

  @Test func aCopyLeavingTheScreenLeavesTheOtherLoading() async {
    let catalog = LoadingControllerTests.catalog
    // Row 0 "Frequently used", row 1 items 20 and 21, row 2 the first
    // group's header, row 3 catalog items 0..<15, row 4 15..<30.
    let layout = GridLayout(sectionItemCounts: [2] + catalog.sections.map(\.emoji.count), width: 80)
    var options = LoadingOptions()
    options.mode = .async
    options.latency = .fixed(100)
    options.maxConcurrent = 0
    let controller = LoadingController(
      catalog: catalog, layout: layout, options: options, clock: clock, scheduler: scheduler)
    controller.show(ShownItems.all.after([20, 21]), in: layout)
    controller.update(visibleRows: 0..<5, layout: layout)
    // 32 cells on screen, 30 emoji: each load asked for once.
    #expect(await eventually { scheduler.pendingCount == 30 })
    controller.update(visibleRows: 2..<7, layout: layout)  // Frequently used leaves, 20 and 21 stay.
    #expect(await eventually { scheduler.pendingCount == 60 })
    #expect(controller.loader.counters.cancelledDuringWait == 0)
    #expect(controller.visibleLoadCount == 60)
    controller.update(visibleRows: 5..<10, layout: layout)  // Now they leave too.
    #expect(await eventually { controller.loader.counters.cancelledDuringWait == 30 })
  }
}
