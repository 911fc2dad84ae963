import Foundation
import Support
import TestSupport
import Testing

@testable import Loading

/// Counts fetches per identifier, from any thread.
final class FetchLog: Sendable {
  private let fetched = Locked<[Int]>([])
  var all: [Int] { fetched.withLock { $0 } }

  func record(_ id: Int) -> String {
    fetched.withLock { $0.append(id) }
    return "value \(id)"
  }
}

@MainActor
@Suite struct LoaderTests {
  let scheduler = ManualLoadScheduler()
  let log = FetchLog()

  func makeLoader(
    latency: LatencyModel = .fixed(100), maxConcurrent: Int = 0, cache: Int = 100, failureRate: Double = 0
  ) -> Loader<Int, String> {
    var configuration = Loader<Int, String>.Configuration()
    configuration.maxConcurrent = maxConcurrent
    configuration.cacheCapacity = cache
    configuration.expectedLatency = .fixed(1_000)
    let scheduler = scheduler
    configuration.clock = { scheduler.nowNanoseconds }
    let log = log
    let source = SimulatedSource<Int, String>(
      latency: latency, failureRate: failureRate, seed: 1, scheduler: scheduler
    ) { log.record($0) }
    return Loader(source: source, configuration: configuration)
  }

  /// Waits until every load that is to land is waiting (not only the
  /// first: a run once advanced before the second had begun, which then
  /// never landed), advances time by one latency, and waits for the
  /// arrivals to reach the main actor.
  func deliver(_ loader: Loader<Int, String>, completed: Int) async {
    let landing = completed - loader.counters.completed - loader.counters.failed
    #expect(await eventually { scheduler.pendingCount >= max(1, landing) })
    scheduler.advance(by: 100)
    #expect(await eventually { loader.counters.completed + loader.counters.failed >= completed })
  }

  /// A stale value shows until it is loaded afresh, which `refresh` asks
  /// for once no other request waits (a load to fill a cell goes first).
  @Test func aStaleValueShowsUntilItIsLoadedAfreshWhenNothingElseWaits() async {
    let loader = makeLoader(maxConcurrent: 1)
    loader.load(1, priority: .visible)
    await deliver(loader, completed: 1)
    loader.markAllStale()
    #expect(loader.isStale(1))
    loader.load(1, priority: .visible)
    #expect(loader.counters.cacheHits == 1, "a stale value still answers a load")
    loader.refresh(1)
    loader.load(2, priority: .visible)
    loader.submitRequests()
    #expect(loader.cachedValue(for: 1) == "value 1", "the old value shows meanwhile")
    await deliver(loader, completed: 2)
    #expect(log.all == [1, 2], "the cell with nothing went first")
    await deliver(loader, completed: 3)
    #expect(log.all == [1, 2, 1], "then the stale one")
    #expect(!loader.isStale(1))
    loader.refresh(1)
    #expect(!loader.hasOutstandingLoads, "a fresh value is not loaded again")
  }

  /// A change heard while an item loads (the community voted on it) is
  /// newer than what the load may bring: it is made to that when it lands,
  /// to a stale value's refresh too, and forgotten with a cancelled load.
  @Test func aChangeHeardWhileAnItemLoadsIsMadeToWhatTheLoadBrings() async {
    let loader = makeLoader()
    loader.load(1, priority: .visible)
    loader.load(2, priority: .visible)
    #expect(!loader.amend(1) { $0 + " +1 up" }, "nothing cached yet")
    loader.amend(1) { $0 + " +2 up" }
    loader.amend(2) { $0 + " +1 down" }
    loader.cancel(2)
    #expect(!loader.amend(3) { $0 + " never" }, "not loading: nothing to change")
    await deliver(loader, completed: 1)
    #expect(loader.cachedValue(for: 1) == "value 1 +1 up +2 up", "both changes, in the order heard")
    loader.load(2, priority: .visible)
    loader.load(3, priority: .visible)
    await deliver(loader, completed: 3)
    #expect(loader.cachedValue(for: 2) == "value 2", "the cancelled load's change went with it")
    #expect(loader.cachedValue(for: 3) == "value 3")

    loader.markAllStale()
    loader.refresh(1)
    #expect(loader.amend(1) { $0 + " live" }, "the value shown changes at once")
    await deliver(loader, completed: 4)
    #expect(loader.cachedValue(for: 1) == "value 1 live", "and so does the refresh that lands after")
  }

  /// A long session loads millions of items: what the loader keeps per
  /// item ever loaded is bounded like the cache.
  @Test func attemptsAreRememberedForNoMoreItemsThanTheCacheHolds() async {
    let loader = makeLoader(cache: 5)
    for id in 0..<40 { loader.load(id, priority: .visible) }
    await deliver(loader, completed: 40)
    #expect(loader.counters.completed == 40)
    #expect(loader.rememberedAttempts <= 5)
  }

  /// The prefetcher plans with what loads take, measured: the guess it was
  /// started with stands only until enough have landed.
  @Test func theLatencyPlannedWithIsTheLatencyMeasured() async {
    let loader = makeLoader(latency: .fixed(100))
    #expect(loader.latencyEstimate.quantile(0.9) == 1_000)
    let landed = ObservedLatency.minimumSamples
    for id in 0..<landed { loader.load(id, priority: .visible) }
    await deliver(loader, completed: landed)
    #expect(loader.timedLoads == landed)
    #expect(loader.latencyEstimate.quantile(0.5) == 100)
    #expect(loader.latencyEstimate.quantile(0.9) == 100)
  }

  /// Loads still waiting count as taking at least their wait so far: the
  /// quickest to land are not taken for the whole.
  @Test func loadsUnderWayCountAsAtLeastTheirWait() async {
    let loader = makeLoader(latency: .uniform(100...900))
    let started = 2 * ObservedLatency.minimumSamples
    for id in 0..<started { loader.load(id, priority: .visible) }
    #expect(await eventually { scheduler.pendingCount == started })
    // Time moves on until half have landed: the quickest half.
    var waited = 0.0
    while loader.counters.completed < started / 2 {
      scheduler.advance(by: 10)
      waited += 10
      _ = await eventually { loader.counters.completed + scheduler.pendingCount == started }
    }
    let estimate = loader.latencyEstimate
    #expect(estimate.isMeasured)
    #expect(estimate.quantile(0.25) <= waited)
    // The other half have waited longer than any that landed: 9 in 10 is
    // not known yet, and the prior (1,000 ms) stands, not the quickest half's.
    #expect(estimate.quantile(0.9) == 1_000)
  }

  /// A failure's time says nothing of how long data takes to come.
  @Test func failedLoadsAreNotTimed() async {
    let loader = makeLoader(failureRate: 1)
    for id in 0..<5 { loader.load(id, priority: .visible) }
    await deliver(loader, completed: 5)
    #expect(loader.counters.failed == 5)
    #expect(loader.timedLoads == 0)
  }

  @Test func anItemAskedForTwiceIsLoadedOnce() async {
    let loader = makeLoader()
    loader.load(7, priority: .prefetch(distance: 2))
    loader.load(7, priority: .prefetch(distance: 1))
    loader.load(7, priority: .visible)
    #expect(await eventually { scheduler.pendingCount == 1 })
    #expect(loader.counters.inFlight == 1)
    await deliver(loader, completed: 1)
    guard case .loaded(let value) = loader.state(of: 7) else {
      Issue.record("7 is not loaded")
      return
    }
    #expect(value == "value 7")
    #expect(log.all == [7])
    // Asked again: answered from the cache.
    loader.load(7, priority: .visible)
    #expect(loader.counters.cacheHits == 1)
    #expect(log.all == [7])
  }

  @Test func cancellingAQueuedLoadMeansItNeverStarts() async {
    let loader = makeLoader(maxConcurrent: 1)
    loader.load(1, priority: .visible)
    loader.load(2, priority: .prefetch(distance: 1))
    #expect(await eventually { scheduler.pendingCount == 1 })
    #expect(loader.counters.queued == 1)
    loader.cancel(2)
    #expect(loader.counters.queued == 0)
    // The operation hears of it once the main thread is free; here, at once.
    loader.submitRequests()
    await deliver(loader, completed: 1)
    #expect(await eventually { loader.counters.cancelledBeforeStart == 1 })
    #expect(loader.counters.cancelledDuringWait == 0)
    #expect(log.all == [1])
    #expect(loader.hasOutstandingLoads == false)
  }

  @Test func cancellingDuringTheWaitStopsItAtOnce() async {
    let loader = makeLoader()
    var cancelled: [Int] = []
    loader.onCancelled = { cancelled.append($0) }
    loader.load(3, priority: .visible)
    loader.load(4, priority: .prefetch(distance: 1))
    #expect(loader.withdraw(4), "a request not yet started is withdrawn: it held no slot")
    #expect(await eventually { scheduler.pendingCount == 1 })
    loader.cancel(3)
    // As soon as the main thread is free, the wait itself is gone: nothing is left to fire.
    #expect(await eventually { scheduler.pendingCount == 0 })
    #expect(await eventually { loader.counters.cancelledDuringWait == 1 })
    #expect(cancelled == [3], "the load that took a slot is told of, once")
    if case .absent = loader.state(of: 3) {} else { Issue.record("3 should be absent") }
    scheduler.advance(by: 1_000)
    #expect(log.all.isEmpty)
  }

  @Test func visibleLoadsRunBeforePrefetchesUnderABoundedPool() async {
    let loader = makeLoader(maxConcurrent: 2)
    var arrivals: [Int] = []
    loader.onChange = { arrivals.append($0) }
    // Two loads fill the pool; the rest queue behind them.
    loader.load(100, priority: .visible)
    loader.load(101, priority: .visible)
    #expect(await eventually { scheduler.pendingCount == 2 })
    loader.load(10, priority: .prefetch(distance: 8))
    loader.load(11, priority: .prefetch(distance: 1))
    loader.load(1, priority: .visible)
    loader.load(2, priority: .visible)
    for round in 1...3 {
      await deliver(loader, completed: 2 * round)
      #expect(await eventually { scheduler.pendingCount == min(2, 6 - 2 * round) })
    }
    // Two at a time (loads started together may end in either order): the
    // visible ones first, then the prefetches.
    #expect(arrivals.count == 6)
    #expect(Set(arrivals.prefix(2)) == [100, 101])
    #expect(Set(arrivals.dropFirst(2).prefix(2)) == [1, 2])
    #expect(Set(arrivals.suffix(2)) == [10, 11])
  }

  /// A slot is idle when it is free and no waiting request may take it:
  /// each held back by the urgency, or none at all.
  @Test func aFreeSlotNoRequestMayTakeIsIdle() async {
    let loader = makeLoader(maxConcurrent: 2)
    var told = 0
    loader.onIdleSlot = { told += 1 }
    #expect(loader.hasIdleSlot, "nothing asked for")
    #expect(loader.idleSlots == 2)
    loader.urgency = { id, _ in id >= 10 ? .infinity : Double(id) }
    loader.load(1, priority: .visible)
    loader.load(2, priority: .visible)
    #expect(!loader.hasIdleSlot, "two requests wait for the two slots")
    loader.submitRequests()
    #expect(!loader.hasIdleSlot, "both slots taken")
    #expect(loader.idleSlots == 0)
    #expect(told == 0)
    loader.load(10, priority: .prefetch(distance: 1))
    // Both land at the same moment; each is heard of on the main thread in
    // turn, so wait for both (waiting for one, the count read one idle slot
    // under a busy `make test`).
    await deliver(loader, completed: 2)
    loader.submitRequests()
    #expect(loader.hasIdleSlot, "a slot is free, and the one request waiting is held back")
    #expect(loader.idleSlots == 2, "both loads landed, and the one waiting is held back")
    #expect(told > 0, "and whoever listens hears of it")
    loader.load(3, priority: .visible)
    #expect(!loader.hasIdleSlot, "a request that may go waits to be ranked")
    #expect(loader.idleSlots == 0)
    #expect(!makeLoader(maxConcurrent: 0).hasIdleSlot, "an unbounded pool has no slot to keep")
  }

  @Test func nearerPrefetchesRunBeforeFartherOnes() async {
    let loader = makeLoader(maxConcurrent: 1)
    var arrivals: [Int] = []
    loader.onChange = { arrivals.append($0) }
    loader.load(100, priority: .visible)
    #expect(await eventually { scheduler.pendingCount == 1 })
    loader.load(8, priority: .prefetch(distance: 8))
    loader.load(4, priority: .prefetch(distance: 4))
    loader.load(1, priority: .prefetch(distance: 1))
    for round in 1...4 { await deliver(loader, completed: round) }
    #expect(arrivals == [100, 1, 4, 8])
  }

  @Test func aQueuedPrefetchThatBecomesVisibleIsPromoted() async {
    let loader = makeLoader(maxConcurrent: 1)
    var arrivals: [Int] = []
    loader.onChange = { arrivals.append($0) }
    loader.load(100, priority: .visible)
    #expect(await eventually { scheduler.pendingCount == 1 })
    loader.load(1, priority: .prefetch(distance: 2))
    loader.load(2, priority: .prefetch(distance: 2))
    loader.load(3, priority: .prefetch(distance: 2))
    loader.load(3, priority: .visible)
    for round in 1...4 {
      await deliver(loader, completed: round)
      _ = await eventually { scheduler.pendingCount == (round < 4 ? 1 : 0) }
    }
    #expect(arrivals == [100, 3, 1, 2])
    #expect(log.all.sorted() == [1, 2, 3, 100], "no item fetched twice")
  }

  /// A request that has not started can be withdrawn; a load under way
  /// carries on, and what it brings is cached.
  @Test func withdrawingDropsAWaitingRequestButNotALoadUnderWay() async {
    let loader = makeLoader(maxConcurrent: 1)
    loader.load(1, priority: .prefetch(distance: 1))
    #expect(await eventually { scheduler.pendingCount == 1 })
    loader.load(2, priority: .prefetch(distance: 2))
    loader.withdraw(1)
    loader.withdraw(2)
    #expect(loader.counters.cancelledBeforeStart == 1)
    await deliver(loader, completed: 1)
    if case .loaded = loader.state(of: 1) {} else { Issue.record("1 should be loaded") }
    #expect(scheduler.pendingCount == 0)
    #expect(log.all == [1], "2 never started")
  }

  @Test func aLoadCancelledThenAskedForAgainIsNotConfusedWithTheOldOne() async {
    let loader = makeLoader()
    loader.load(5, priority: .visible)
    #expect(await eventually { scheduler.pendingCount == 1 })
    loader.cancel(5)
    loader.load(5, priority: .visible)
    // The old load's cancellation arrives after the new one started: it must not end it.
    #expect(await eventually { loader.counters.cancelledDuringWait == 1 && scheduler.pendingCount == 1 })
    if case .loading = loader.state(of: 5) {} else { Issue.record("5 should still be loading") }
    await deliver(loader, completed: 1)
    if case .loaded = loader.state(of: 5) {} else { Issue.record("5 should be loaded") }
  }

  @Test func theCacheKeepsOnlyItsCapacityAndCountsUnseenEvictionsAsWasted() async {
    let loader = makeLoader(cache: 3)
    for id in 0..<5 { loader.load(id, priority: .visible) }
    #expect(await eventually { scheduler.pendingCount == 5 })
    // All five arrive together, in whatever order their threads scheduled
    // them: the first two to arrive are evicted, never displayed.
    scheduler.advance(by: 100)
    #expect(await eventually { loader.counters.completed == 5 })
    #expect(loader.counters.wasted == 2)
    let kept = (0..<5).filter { if case .loaded = loader.state(of: $0) { true } else { false } }
    #expect(kept.count == 3)
    #expect(loader.displayedValue(for: kept[0]) == "value \(kept[0])")
  }

  @Test func aDisplayedItemIsNotWastedWhenEvicted() async {
    let loader = makeLoader(cache: 1)
    loader.load(0, priority: .visible)
    await deliver(loader, completed: 1)
    #expect(loader.displayedValue(for: 0) == "value 0")
    loader.load(1, priority: .visible)
    #expect(await eventually { scheduler.pendingCount == 1 })
    await deliver(loader, completed: 2)
    #expect(loader.counters.wasted == 0)
  }

  /// Requests wait for a free slot, and the most urgent one takes it then:
  /// who goes next is decided when a slot frees, not when it was asked for.
  @Test func aFreeSlotGoesToTheMostUrgentWaitingRequest() async {
    let loader = makeLoader(maxConcurrent: 1)
    var arrivals: [Int] = []
    loader.onChange = { arrivals.append($0) }
    let order = Locked([1: 3.0, 2: 2.0, 3: 1.0])
    loader.urgency = { id, _ in order.withLock { $0[id] ?? 0 } }
    loader.load(100, priority: .visible)
    #expect(await eventually { scheduler.pendingCount == 1 })
    for id in 1...3 { loader.load(id, priority: .prefetch(distance: id)) }
    order.withLock { $0[1] = 0 }  // 1 became the most urgent while it waited
    for round in 1...4 {
      await deliver(loader, completed: round)
      _ = await eventually { scheduler.pendingCount == (round < 4 ? 1 : 0) }
    }
    #expect(arrivals == [100, 1, 3, 2])
  }

  /// Ranking thousands of waiting requests for every load that lands would
  /// keep the main thread busy between frames: a ranking lasts until a
  /// request comes or the view moves, and freed slots take from it.
  @Test func aRankingLastsUntilARequestComesOrTheViewMoves() async {
    let loader = makeLoader(maxConcurrent: 1)
    var arrivals: [Int] = []
    loader.onChange = { arrivals.append($0) }
    let calls = Locked(0)
    loader.urgency = { id, _ in
      calls.withLock { $0 += 1 }
      return Double(id)
    }
    for id in 1...4 { loader.load(id, priority: .prefetch(distance: id)) }
    loader.submitRequests()  // ranks the four, and 1 takes the slot
    #expect(calls.withLock { $0 } == 4)
    await deliver(loader, completed: 1)  // 2 takes the freed slot from the same ranking
    #expect(await eventually { scheduler.pendingCount == 1 })
    #expect(calls.withLock { $0 } == 4)
    loader.requestDispatch()  // the view moved: 3 and 4 are ranked again when the slot frees
    await deliver(loader, completed: 2)
    #expect(await eventually { scheduler.pendingCount == 1 })
    #expect(calls.withLock { $0 } == 6)
    #expect(arrivals == [1, 2])
  }

  /// An infinite urgency holds a request back, even with slots free, until
  /// it is ranked again and found due.
  @Test func aRequestThatIsNotDueWaitsUntilItIs() async {
    let loader = makeLoader(maxConcurrent: 4)
    let due = Locked(false)
    loader.urgency = { _, _ in due.withLock { $0 } ? 1 : .infinity }
    loader.load(5, priority: .prefetch(distance: 1))
    loader.submitRequests()
    #expect(scheduler.pendingCount == 0)
    #expect(loader.counters.queued == 1, "still wanted, waiting")
    due.withLock { $0 = true }
    loader.requestDispatch()
    #expect(await eventually { scheduler.pendingCount == 1 })
  }

  /// An eviction changes what a cell shows (back to loading): it is reported
  /// like an arrival, so a screen that keeps its last frame redraws the cell.
  @Test func anEvictionIsReportedAsAChange() async {
    let loader = makeLoader(cache: 1)
    var changes: [Int] = []
    loader.onChange = { changes.append($0) }
    loader.load(0, priority: .visible)
    await deliver(loader, completed: 1)
    loader.load(1, priority: .visible)
    #expect(await eventually { scheduler.pendingCount == 1 })
    await deliver(loader, completed: 2)
    #expect(changes == [0, 0, 1], "0 arrived, 0 was evicted, 1 arrived")
    if case .absent = loader.state(of: 0) {} else { Issue.record("0 should be gone") }
  }

  @Test func aFailedItemIsRetriedOnlyWhenDisplayedAgain() async {
    let loader = makeLoader(failureRate: 1)
    loader.load(9, priority: .visible)
    await deliver(loader, completed: 1)
    if case .failed = loader.state(of: 9) {} else { Issue.record("9 should have failed") }
    loader.load(9, priority: .prefetch(distance: 1))
    #expect(loader.hasOutstandingLoads == false, "a prefetch does not retry a failure")
    loader.load(9, priority: .visible)
    if case .loading = loader.state(of: 9) {} else { Issue.record("displaying 9 again retries it") }
    await deliver(loader, completed: 2)
    #expect(loader.counters.failed == 2)
  }

  @Test func aSynchronousLoadBlocksAndCaches() {
    let loader = makeLoader(latency: .fixed(5))
    #expect(loader.loadSynchronously(4) == "value 4")
    #expect(loader.counters.synchronous == 1)
    if case .loaded = loader.state(of: 4) {} else { Issue.record("4 should be cached") }
    #expect(loader.loadSynchronously(4) == "value 4")
    #expect(log.all == [4])
  }

  @Test func anItemsLatencyDependsOnTheSeedAndTheItemNotTheOrder() {
    func loader(seed: UInt64) -> Loader<Int, String> {
      let source = SimulatedSource<Int, String>(latency: .default, seed: seed, scheduler: scheduler) {
        "\($0)"
      }
      return Loader(source: source, configuration: .init())
    }
    let first = loader(seed: 11)
    let second = loader(seed: 11)
    let ids = Array(0..<50)
    let latencies = ids.map { first.firstLatency(of: $0)! }
    #expect(ids.reversed().map { second.firstLatency(of: $0)! } == latencies.reversed())
    #expect(Set(latencies).count == 50, "items differ")
    #expect(latencies.allSatisfy { (500...2000).contains($0) })
    let other = loader(seed: 12)
    #expect(ids.map { other.firstLatency(of: $0)! } != latencies)
  }

  @Test func theSameSeedGivesTheSameLatencies() {
    var first = SeededGenerator(seed: 42)
    var second = SeededGenerator(seed: 42)
    let model = LatencyModel.default
    let a = (0..<20).map { _ in model.sample(using: &first) }
    let b = (0..<20).map { _ in model.sample(using: &second) }
    #expect(a == b)
    #expect(a.allSatisfy { (500...2000).contains($0) })
  }
}
