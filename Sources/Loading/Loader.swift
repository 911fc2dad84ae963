import Foundation
import HeapModule
import Support

/// Loads items by identifier on a background `OperationQueue`, keeps what
/// arrives in a bounded cache, and reports each arrival on the main actor.
///
/// It knows nothing of the screen: the view controller turns index paths
/// into identifiers and asks for them with a priority. One identifier has at
/// most one load in flight (a prefetch that becomes visible is promoted, not
/// repeated), and a cancelled load stops waiting at once.
@MainActor
public final class Loader<ID: LoadIdentifier, Value: Sendable> {
  /// The loader's own bounds; how slow or unreliable loads are is the source's.
  public struct Configuration: Sendable {
    /// Loads in flight at most; 0 means no bound.
    public var maxConcurrent: Int = 0
    public var cacheCapacity: Int = 2_000
    /// What loads are taken to take until enough have been measured
    /// (`latencyEstimate`).
    public var expectedLatency: LatencyModel = .default
    /// What loads are timed on (a test's scheduler has its own time).
    public var clock: @Sendable () -> UInt64 = DataLoadOperation<ID, Value>.uptime

    public init() {}
  }

  /// Called on the main actor when an item's state changes: loaded, failed,
  /// or evicted from the cache.
  public var onChange: ((ID) -> Void)?
  /// Called on the main actor when a request becomes an operation and takes
  /// a slot, with the rank it went at (`urgency`; nil for a stale value's
  /// refresh, which goes when nothing else waits): the benchmark follows
  /// each load from there (`LoadFates`).
  public var onSubmit: ((ID, Double?) -> Void)?
  /// Called on the main actor when a load that took a slot ends without
  /// its value, cancelled (before its wait began or during it): its slot
  /// was held until then, not until a landing.
  public var onCancelled: ((ID) -> Void)?
  /// Called on the main actor when a slot is left free that no waiting
  /// request may take (`hasIdleSlot`): after a submission, or a load's
  /// end with nothing waiting. A prefetcher may find it work.
  public var onIdleSlot: (() -> Void)?
  /// Where the items come from.
  public let source: any LoadSource<ID, Value>
  private let queue = OperationQueue()
  /// Loads started per item: a retry draws a new latency and fate. Kept for
  /// as many items as the cache (a long session loads millions; an item
  /// forgotten here starts again from its first draw).
  private var attempts: LRUCache<ID, UInt64>
  /// How many items' attempts are remembered (bounded by the cache's capacity).
  var rememberedAttempts: Int { attempts.count }
  private var operations: [ID: DataLoadOperation<ID, Value>] = [:]
  /// Loads asked for but not yet made into operations.
  private var requested: [ID: Request] = [:]
  /// Numbers requests in the order they were asked for (ties go to the first).
  private var nextRequestNumber: UInt64 = 0

  private struct Request {
    var priority: LoadPriority
    let number: UInt64
  }
  /// The waiting requests `urgency` lets go now, most urgent at the top;
  /// nil when they must be ranked again. Loads land many times a frame
  /// and each frees a slot; ranking thousands of requests for each would
  /// keep the main thread busy between frames. So the ranking lasts until a
  /// request comes or the view moves (`requestDispatch`), and a freed slot
  /// takes the next in it that is still waiting. A heap, not a sorted list:
  /// the view moves again before more than a few dozen are taken, and
  /// sorting all of them (ten thousand, paging at 200×60) was half the
  /// ranking's time.
  private var ranking: Heap<RankedRequest>?
  /// Operations cancelled but not yet told.
  private var cancelled: [Operation] = []
  /// Changes heard while an item loaded, for what its load brings (`amend`).
  private var amendments: [ID: (Value) -> Value] = [:]
  private var submissionScheduled = false
  /// When each load waiting out its latency now began (on `clock`), by
  /// operation: the operations note it as they start and end, so the count
  /// and the waits are read under one lock, the operations untouched.
  /// Asking each operation cost a lock and a few cache misses apiece, and
  /// even naming each in `operations` did: at 200×60, 515 loads in flight
  /// took 0.3–0.6 ms, then 0.12–0.22 ms, of a frame thirteen times a
  /// second (`latencyEstimate`).
  private let waitsBegun = Locked<[ObjectIdentifier: UInt64]>([:])
  /// Why each item that failed last did, until it is asked for again.
  private var failures: [ID: LoadFailure] = [:]
  /// Cached values that may no longer be what the source would give (a
  /// stream of changes to them was lost for a while): shown as they are,
  /// and loaded afresh when next displayed.
  private var stale: Set<ID> = []
  /// Stale values asked for again (`refresh`), oldest first: loaded only
  /// when no other request waits, as their cells already show something.
  private var refreshes: [ID] = []
  private var cache: LRUCache<ID, Value>
  private var tally = LoaderCounters()
  private let clock: @Sendable () -> UInt64
  /// How long the loads that brought their data took, lately, and how long
  /// those cancelled under way had waited: what the prefetcher plans with.
  /// A failure's time is no guide (a refused connection answers at once, a
  /// silent server at the deadline).
  private var observedLatency: ObservedLatency

  /// What loads have been taking (`ObservedLatency`), the loads under way
  /// counted as taking at least their wait so far. Sorts the samples once:
  /// for a moment's planning, not for every frame.
  ///
  /// Not those cancelled but not yet told (`cancelled`): they age until
  /// the next submission tells them, though their data is no longer
  /// awaited, and would read the server as slower than it is
  /// (`emoji-rater bench --traces burst --modes prefetch`, 200×60, a
  /// fragile figure: ready on display 18% in six runs of eight with them,
  /// in one of eleven without, 31–35% in the others).
  public var latencyEstimate: LatencyCurve {
    let now = clock()
    let untold = Set(cancelled.map(ObjectIdentifier.init))
    let waits = waitsBegun.withLock { begun in
      begun.compactMap { operation, since -> ObservedLatency.Wait? in
        untold.contains(operation)
          ? nil : (since, Double(DataLoadOperation<ID, Value>.elapsed(since, now)) / 1e6)
      }
    }
    return observedLatency.countingWaits(waits).curve()
  }

  /// How many loads have been timed, landed or cancelled under way.
  public var timedLoads: Int { observedLatency.count }
  /// Whether enough timed loads landed for `latencyEstimate` to be
  /// measured rather than `--latency`: known without working it out.
  public var latencyIsMeasured: Bool { observedLatency.isMeasured }

  /// A loader of what `source` brings.
  public init(source: any LoadSource<ID, Value>, configuration: Configuration) {
    self.source = source
    cache = LRUCache(capacity: configuration.cacheCapacity)
    attempts = LRUCache(capacity: configuration.cacheCapacity)
    clock = configuration.clock
    // Remembering as many loads as the pool needs is `maxConcurrent`'s to set, below.
    observedLatency = ObservedLatency(prior: configuration.expectedLatency)
    queue.name = "emoji-rater.loader"
    queue.qualityOfService = .userInitiated
    maxConcurrent = configuration.maxConcurrent
  }

  /// Loads in flight at most (0: no bound). Can change while running.
  public var maxConcurrent: Int {
    get {
      queue.maxConcurrentOperationCount == OperationQueue.defaultMaxConcurrentOperationCount
        ? 0 : queue.maxConcurrentOperationCount
    }
    set {
      queue.maxConcurrentOperationCount =
        newValue > 0 ? newValue : OperationQueue.defaultMaxConcurrentOperationCount
      ranking = nil  // Bound or not decides how requests are ranked.
      observedLatency.remember(atMost: ObservedLatency.memory(forPool: newValue))
      source.poolDidChange(to: newValue)
    }
  }

  /// Values the cache keeps at most. Can change while running.
  public var cacheCapacity: Int {
    get { cache.capacity }
    set {
      cache.capacity = newValue
      attempts.capacity = newValue
    }
  }

  // MARK: Reading

  public func state(of id: ID) -> ItemState<Value> {
    if let value = cache.peek(id) { return .loaded(value) }
    if operations[id] != nil || requested[id] != nil { return .loading }
    if failures[id] != nil { return .failed }
    return .absent
  }

  /// The cached value, without counting it as used.
  public func cachedValue(for id: ID) -> Value? {
    cache.peek(id)
  }

  /// Changes the value of `id` (a fresher copy: the community's votes on
  /// an emoji changed): the cached one now, keeping its place in the
  /// cache, and the one a load under way or waiting brings when it lands,
  /// since that load's answer may be older than the change. Returns
  /// whether a cached value changed now.
  @discardableResult
  public func amend(_ id: ID, _ change: @escaping (Value) -> Value) -> Bool {
    if operations[id] != nil || requested[id] != nil || refreshes.contains(id) {
      let earlier = amendments[id]
      amendments[id] = earlier.map { earlier in { change(earlier($0)) } } ?? change
    }
    guard let value = cache.peek(id) else { return false }
    return cache.replace(id, with: change(value))
  }

  /// Marks every cached value stale: each is still shown and answers
  /// `load` as it is, until `refresh` loads it afresh.
  public func markAllStale() {
    stale = Set(cache.keys)
  }

  /// Loads `id` afresh if its cached value is stale, once no other request
  /// waits for a slot (its cell shows the old value meanwhile, and a cell
  /// with nothing, or a prefetch, goes first).
  public func refresh(_ id: ID) {
    guard isStale(id), operations[id] == nil, requested[id] == nil, !refreshes.contains(id) else { return }
    refreshes.append(id)
    scheduleSubmission()
  }

  /// Whether `id`'s cached value is stale (`markAllStale`).
  public func isStale(_ id: ID) -> Bool {
    !stale.isEmpty && stale.contains(id)
  }

  /// Whether the last load of `id` failed (and none is under way).
  public func hasFailed(_ id: ID) -> Bool {
    !failures.isEmpty && failures[id] != nil
  }

  /// Why the last load of `id` failed, if it did (and none is under way).
  public func failure(of id: ID) -> LoadFailure? {
    failures.isEmpty ? nil : failures[id]
  }

  /// The cached value, counted as displayed (it will not count as wasted).
  public func displayedValue(for id: ID) -> Value? {
    cache.use(id)
  }

  /// Whether any load is queued or in flight.
  public var hasOutstandingLoads: Bool { !operations.isEmpty || !requested.isEmpty }

  /// The pool's free slots that no waiting request may take now (each is
  /// under way, or held back by `urgency`), as of the last submission:
  /// slots there is nothing to spend on. None while a new ranking is due,
  /// as it may let some go.
  public var idleSlots: Int {
    guard maxConcurrent > 0, operations.count < maxConcurrent, refreshes.isEmpty,
      requested.isEmpty || ranking?.isEmpty == true
    else { return 0 }
    return maxConcurrent - operations.count
  }

  /// Whether the pool has a slot there is nothing to spend on (`idleSlots`).
  public var hasIdleSlot: Bool { idleSlots > 0 }

  public var counters: LoaderCounters {
    var counters = tally
    // Cancelled loads leave `operations` at once but wait until told.
    let executing = min(waitsBegun.withLock { $0.count }, operations.count)
    counters.inFlight = executing
    counters.queued = operations.count - executing + requested.count
    return counters
  }

  /// Starts the counts afresh (queued and in flight are always live).
  public func resetCounters() {
    tally = LoaderCounters()
  }

  // MARK: Asking

  /// Makes sure `id` is loaded or loading, at `priority`. A load already
  /// under way is re-prioritised instead of repeated; a failed item is
  /// retried only when it is wanted as visible.
  ///
  /// The item counts as loading at once, but its operation is made when
  /// the main thread is next free and the pool has a slot for it
  /// (`submitRequests`): a frame that scrolls a page asks for hundreds of
  /// loads and cancels hundreds, and that bookkeeping need not stand between
  /// the frame and the screen. A request cancelled before then costs nothing.
  public func load(_ id: ID, priority: LoadPriority) {
    if cache.contains(id) {
      tally.cacheHits += 1
      return
    }
    if let operation = operations[id] {
      if operation.queuePriority != priority.queuePriority {
        operation.queuePriority = priority.queuePriority
      }
      return
    }
    if let request = requested[id] {
      if request.priority != priority {
        requested[id]!.priority = priority
        ranking = nil
      }
      return
    }
    if failures[id] != nil {
      guard priority == .visible else { return }
      failures.removeValue(forKey: id)
    }
    requested[id] = Request(priority: priority, number: nextRequestNumber)
    nextRequestNumber += 1
    ranking = nil
    scheduleSubmission()
  }

  /// Stops loading `id`, whether requested, queued or waiting. It no longer
  /// counts as loading at once; its operation hears of it when the main
  /// thread is next free, and stops waiting then.
  public func cancel(_ id: ID) {
    amendments.removeValue(forKey: id)
    if withdraw(id) { return }
    if let operation = operations.removeValue(forKey: id) {
      // Told when the main thread is next free, with the new requests. Should
      // it arrive first, its value is cached all the same.
      cancelled.append(operation)
      scheduleSubmission()
    }
  }

  /// Withdraws the request for `id` if it has not started; a load under way
  /// carries on, and what it brings is cached. Returns whether there was
  /// one to withdraw.
  @discardableResult
  public func withdraw(_ id: ID) -> Bool {
    guard requested.removeValue(forKey: id) != nil else { return false }
    if operations[id] == nil { amendments.removeValue(forKey: id) }
    tally.cancelledBeforeStart += 1
    return true
  }

  /// Withdraws every request not yet started, and the refreshes waiting
  /// (the grid shows other items); the loads under way carry on, and are
  /// returned, for the caller to cancel those no longer wanted.
  public func withdrawWaiting() -> [ID] {
    for id in Array(requested.keys) { withdraw(id) }
    dropRefreshes()
    return Array(operations.keys)
  }

  /// Cancels every load except those for `kept` (a mode switch).
  public func cancelAll(except kept: Set<ID> = []) {
    for id in Array(operations.keys) + Array(requested.keys) where !kept.contains(id) { cancel(id) }
    dropRefreshes(except: kept)
  }

  /// Forgets the refreshes waiting for a slot, but those for `kept`, and
  /// the changes heard for them meanwhile.
  private func dropRefreshes(except kept: Set<ID> = []) {
    for id in refreshes where !kept.contains(id) { amendments.removeValue(forKey: id) }
    refreshes.removeAll { !kept.contains($0) }
  }

  /// Decides which waiting request takes a free slot: the lowest value goes
  /// first (ties in the order asked); infinity means not now — the request
  /// waits, and is ranked again at the next chance (`requestDispatch`).
  /// The view controller knows what the loader does not — where each item is
  /// relative to a moving viewport, so which loads can still be ready in
  /// time — and can say so here, as an earliest-deadline-first scheduler
  /// would. Without it (or without a bound on the pool): visible items first,
  /// then prefetches nearest first. A plain function, not a main-actor one:
  /// it runs thousands of times a ranking, and should read a snapshot of the
  /// view rather than call back into an object.
  public var urgency: (@Sendable (ID, LoadPriority) -> Double)? {
    didSet { ranking = nil }
  }

  /// Tells the operations cancelled since the last call, then gives each
  /// free slot of the pool to the most urgent waiting request, in one batch.
  /// Requests wait here rather than in the `OperationQueue`, so that which
  /// one goes next is decided when a slot frees, not when it was asked for:
  /// by then the viewport has moved on. It runs by itself once the current
  /// work on the main queue is done (after the frame, after an arrival);
  /// call it to submit at once.
  public func submitRequests() {
    submissionScheduled = false
    for operation in cancelled { operation.cancel() }
    cancelled.removeAll()
    var free =
      maxConcurrent == 0 ? requested.count + refreshes.count : max(0, maxConcurrent - operations.count)
    guard free > 0 else { return }
    defer { if hasIdleSlot { onIdleSlot?() } }
    guard !requested.isEmpty || !refreshes.isEmpty else { return }
    var batch: [Operation] = []
    if !requested.isEmpty {
      var ranking = ranking ?? rankRequests()
      while free > 0, let next = ranking.popMin() {
        // Cancelled, or already made an operation, since it was ranked.
        guard let priority = requested.removeValue(forKey: next.id)?.priority else { continue }
        free -= 1
        batch.append(makeOperation(next.id, priority: priority, rank: next.rank))
      }
      self.ranking = ranking
    }
    // Stale values last, with nothing else waiting.
    while free > 0, requested.isEmpty, !refreshes.isEmpty {
      let id = refreshes.removeFirst()
      guard isStale(id), operations[id] == nil else { continue }
      free -= 1
      batch.append(makeOperation(id, priority: .prefetch(distance: .max), rank: nil))
    }
    queue.addOperations(batch, waitUntilFinished: false)
  }

  /// An operation that loads `id`, told to `finished` on the main thread.
  private func makeOperation(_ id: ID, priority: LoadPriority, rank: Double?) -> Operation {
    let waitsBegun = waitsBegun
    let operation = DataLoadOperation(
      identifier: id, attempt: nextAttempt(for: id), source: source,
      onStart: { operation, since in waitsBegun.withLock { $0[ObjectIdentifier(operation)] = since } },
      clock: clock,
      report: { [weak self] operation, outcome in
        waitsBegun.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(operation)) }
        DispatchQueue.main.async {
          MainActor.assumeIsolated { self?.finished(operation, outcome) }
        }
      })
    operation.queuePriority = priority.queuePriority
    operations[id] = operation
    onSubmit?(id, rank)
    return operation
  }

  /// A waiting request as ranked: the lower rank goes first, and of equal
  /// ranks the one asked for first.
  private struct RankedRequest: Comparable {
    var rank: Double
    var number: UInt64
    var id: ID

    static func < (a: Self, b: Self) -> Bool { (a.rank, a.number) < (b.rank, b.number) }
    static func == (a: Self, b: Self) -> Bool { (a.rank, a.number) == (b.rank, b.number) }
  }

  /// The waiting requests that may go now, most urgent at the top.
  private func rankRequests() -> Heap<RankedRequest> {
    // Without a bound there is no slot to keep for a later load: everything goes.
    let rank: @Sendable (ID, LoadPriority) -> Double =
      (maxConcurrent == 0 ? nil : urgency) ?? { Self.defaultUrgency($0, $1) }
    var ranked: [RankedRequest] = []
    ranked.reserveCapacity(requested.count)
    for (id, request) in requested {
      let value = rank(id, request.priority)
      if value.isFinite { ranked.append(RankedRequest(rank: value, number: request.number, id: id)) }
    }
    return Heap(ranked)
  }

  private nonisolated static func defaultUrgency(_ id: ID, _ priority: LoadPriority) -> Double {
    switch priority {
    case .visible: 0
    case .prefetch(let distance): Double(distance)
    }
  }

  /// Asks for the waiting requests to be ranked again once the main thread
  /// is free: what an `urgency` held back may be due now (the scroll slowed).
  public func requestDispatch() {
    ranking = nil
    if !requested.isEmpty || !cancelled.isEmpty { scheduleSubmission() }
  }

  private func scheduleSubmission() {
    guard !submissionScheduled else { return }
    submissionScheduled = true
    DispatchQueue.main.async { [weak self] in
      MainActor.assumeIsolated { self?.submitIfScheduled() }
    }
  }

  private func submitIfScheduled() {
    if submissionScheduled { submitRequests() }
  }

  /// Loads `id` on the calling thread, blocking it for the whole load:
  /// `sync` mode's deliberately bad "before" picture. Returns nil on failure.
  @discardableResult
  public func loadSynchronously(_ id: ID) -> Value? {
    if let value = cache.peek(id) { return value }
    cancel(id)
    let result = source.loadBlocking(id, attempt: nextAttempt(for: id))
    tally.synchronous += 1
    switch result {
    case .failure(let failure):
      countFailure(failure)
      failures[id] = failure
      return nil
    case .success(let value):
      tally.completed += 1
      failures.removeValue(forKey: id)
      store(value, for: id)
      return value
    }
  }

  /// Puts `value` straight into the cache as `id`'s, with no load and no
  /// counts: a warm start for a benchmark run, as if it had been shown before.
  public func prime(_ id: ID, with value: Value) {
    store(value, for: id, used: true, counted: false)
  }

  /// Caches a value; what it evicts changes state too, and counts as wasted
  /// if it was never displayed.
  private func store(_ value: Value, for id: ID, used: Bool = false, counted: Bool = true) {
    if !stale.isEmpty { stale.remove(id) }
    for eviction in cache.insert(value, for: id, used: used) {
      if counted, !eviction.wasUsed { tally.wasted += 1 }
      if !stale.isEmpty { stale.remove(eviction.key) }
      onChange?(eviction.key)
    }
  }

  // MARK: Arrivals

  private func finished(_ operation: DataLoadOperation<ID, Value>, _ outcome: LoadOutcome<Value>) {
    let id = operation.identifier
    let isCurrent = operations[id] === operation
    if isCurrent { operations.removeValue(forKey: id) }
    // A slot is free: the most urgent waiting request takes it, or, with
    // none waiting, it is idle once the news of this load is out.
    if !requested.isEmpty || !refreshes.isEmpty { scheduleSubmission() }
    // (With requests waiting, the submission just scheduled tells instead.)
    defer { if requested.isEmpty, hasIdleSlot { onIdleSlot?() } }
    switch outcome {
    case .loaded(let value):
      tally.completed += 1
      if let timing = operation.timing {
        observedLatency.record(milliseconds: Double(timing.waited) / 1e6, started: timing.started)
      }
      // A load cancelled too late still brings the value: a request made
      // again since is answered by it.
      requested.removeValue(forKey: id)
      // Data is keyed by identifier, so even a load cancelled too late is good to keep.
      store(amendments.removeValue(forKey: id).map { $0(value) } ?? value, for: id)
      failures.removeValue(forKey: id)
      onChange?(id)
    case .failed(let failure):
      countFailure(failure)
      if isCurrent {
        amendments.removeValue(forKey: id)
        failures[id] = failure
        onChange?(id)
      }
    case .cancelledBeforeStart:
      tally.cancelledBeforeStart += 1
      onCancelled?(id)
    case .cancelledDuringWait:
      tally.cancelledDuringWait += 1
      if let timing = operation.timing {
        observedLatency.recordCancelled(after: Double(timing.waited) / 1e6, started: timing.started)
      }
      onCancelled?(id)
    }
  }

  private func countFailure(_ failure: LoadFailure) {
    tally.failed += 1
    if failure.side == .connection { tally.connectionErrors += 1 }
  }

  /// The latency the first load of `id` takes, when the source knows it
  /// ahead (what an oracle may know).
  public func firstLatency(of id: ID) -> Double? {
    source.firstLatency(of: id)
  }

  /// Which attempt the next load of `id` is: a retry draws a new latency
  /// and fate from a simulated source.
  private func nextAttempt(for id: ID) -> UInt64 {
    let attempt = attempts.peek(id) ?? 0
    _ = attempts.insert(attempt + 1, for: id)
    return attempt
  }
}

/// An item identifier the loader can draw repeatable latencies from: a key
/// that is the same in every process (Swift's hash values are not).
public protocol LoadIdentifier: Hashable, Sendable {
  var stableKey: UInt64 { get }
}

extension Int: LoadIdentifier {
  public var stableKey: UInt64 { UInt64(bitPattern: Int64(self)) }
}
