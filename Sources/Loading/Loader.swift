import Foundation

/// Loads items by identifier on a background `OperationQueue`, keeps what
/// arrives in a bounded cache, and reports each arrival on the main actor.
///
/// It knows nothing of the screen: the view controller turns index paths
/// into identifiers and asks for them with a priority. One identifier has at
/// most one load in flight (a prefetch that becomes visible is promoted, not
/// repeated), and a cancelled load stops waiting at once.
@MainActor
public final class Loader<ID: LoadIdentifier, Value: Sendable> {
  public struct Configuration: Sendable {
    public var latency: LatencyModel = .default
    /// The share of loads that fail, 0...1.
    public var failureRate: Double = 0
    /// Loads in flight at most; 0 means no bound.
    public var maxConcurrent: Int = 0
    public var cacheCapacity: Int = 2_000
    public var seed: UInt64 = 1

    public init() {}
  }

  /// Called on the main actor when an item's state changes: loaded, failed,
  /// or evicted from the cache.
  public var onChange: ((ID) -> Void)?
  public let latency: LatencyModel
  private let failureRate: Double
  private let queue = OperationQueue()
  private let scheduler: any LoadScheduler
  private let fetch: @Sendable (ID) -> Value
  private let seed: UInt64
  /// Loads started per item: a retry draws a new latency and fate.
  private var attempts: [ID: UInt64] = [:]
  private var operations: [ID: DataLoadOperation<ID, Value>] = [:]
  private var failures: Set<ID> = []
  private var cache: LRUCache<ID, Value>
  private var tally = LoaderCounters()

  public init(
    configuration: Configuration, scheduler: any LoadScheduler = DispatchLoadScheduler(),
    fetch: @escaping @Sendable (ID) -> Value
  ) {
    latency = configuration.latency
    failureRate = configuration.failureRate
    self.scheduler = scheduler
    self.fetch = fetch
    seed = configuration.seed
    cache = LRUCache(capacity: configuration.cacheCapacity)
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
    }
  }

  /// Values the cache keeps at most. Can change while running.
  public var cacheCapacity: Int {
    get { cache.capacity }
    set { cache.capacity = newValue }
  }

  // MARK: Reading

  public func state(of id: ID) -> ItemState<Value> {
    if let value = cache.peek(id) { return .loaded(value) }
    if operations[id] != nil { return .loading }
    if failures.contains(id) { return .failed }
    return .absent
  }

  /// The cached value, counted as displayed (it will not count as wasted).
  public func displayedValue(for id: ID) -> Value? {
    cache.use(id)
  }

  /// Whether any load is queued or in flight.
  public var hasOutstandingLoads: Bool { !operations.isEmpty }

  public var counters: LoaderCounters {
    var counters = tally
    let executing = operations.values.filter(\.isExecuting).count
    counters.inFlight = executing
    counters.queued = operations.count - executing
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
    if failures.contains(id) {
      guard priority == .visible else { return }
      failures.remove(id)
    }
    let operation = DataLoadOperation(
      identifier: id, plan: nextPlan(for: id), scheduler: scheduler, fetch: fetch
    ) { [weak self] operation, outcome in
      DispatchQueue.main.async {
        MainActor.assumeIsolated { self?.finished(operation, outcome) }
      }
    }
    operation.queuePriority = priority.queuePriority
    operations[id] = operation
    queue.addOperation(operation)
  }

  /// Stops loading `id`, whether queued or waiting.
  public func cancel(_ id: ID) {
    operations.removeValue(forKey: id)?.cancel()
  }

  /// Cancels every load except those for `kept` (a mode switch).
  public func cancelAll(except kept: Set<ID> = []) {
    for id in operations.keys where !kept.contains(id) { cancel(id) }
  }

  /// Loads `id` on the calling thread, blocking it for the whole latency:
  /// `sync` mode's deliberately bad "before" picture. Returns nil on failure.
  @discardableResult
  public func loadSynchronously(_ id: ID) -> Value? {
    if let value = cache.peek(id) { return value }
    cancel(id)
    let plan = nextPlan(for: id)
    if plan.latency > 0 { Thread.sleep(forTimeInterval: plan.latency / 1000) }
    tally.synchronous += 1
    if plan.fails {
      tally.failed += 1
      failures.insert(id)
      return nil
    }
    let value = fetch(id)
    tally.completed += 1
    failures.remove(id)
    store(value, for: id)
    return value
  }

  /// Puts `id`'s value straight into the cache, with no latency and no
  /// counts: a warm start for a benchmark run, as if it had been shown before.
  public func prime(_ id: ID) {
    store(fetch(id), for: id, used: true, counted: false)
  }

  /// Caches a value; what it evicts changes state too, and counts as wasted
  /// if it was never displayed.
  private func store(_ value: Value, for id: ID, used: Bool = false, counted: Bool = true) {
    for eviction in cache.insert(value, for: id, used: used) {
      if counted, !eviction.wasUsed { tally.wasted += 1 }
      onChange?(eviction.key)
    }
  }

  // MARK: Arrivals

  private func finished(_ operation: DataLoadOperation<ID, Value>, _ outcome: LoadOutcome<Value>) {
    let id = operation.identifier
    let isCurrent = operations[id] === operation
    if isCurrent { operations.removeValue(forKey: id) }
    switch outcome {
    case .loaded(let value):
      tally.completed += 1
      // Data is keyed by identifier, so even a load cancelled too late is good to keep.
      store(value, for: id)
      failures.remove(id)
      onChange?(id)
    case .failed:
      tally.failed += 1
      if isCurrent {
        failures.insert(id)
        onChange?(id)
      }
    case .cancelledBeforeStart:
      tally.cancelledBeforeStart += 1
    case .cancelledDuringWait:
      tally.cancelledDuringWait += 1
    }
  }

  /// The latency the first load of `id` takes (what an oracle may know).
  public func firstLatency(of id: ID) -> Double {
    Self.plan(for: id, attempt: 0, seed: seed, latency: latency, failureRate: failureRate).latency
  }

  /// Each item's latency and fate come from the seed, the item and the
  /// attempt — not from the order loads happen to be asked for — so a run
  /// repeats exactly and every mode meets the same "server".
  private func nextPlan(for id: ID) -> LoadPlan {
    let attempt = attempts[id, default: 0]
    attempts[id] = attempt + 1
    return Self.plan(for: id, attempt: attempt, seed: seed, latency: latency, failureRate: failureRate)
  }

  private static func plan(
    for id: ID, attempt: UInt64, seed: UInt64, latency: LatencyModel, failureRate: Double
  ) -> LoadPlan {
    var generator = SeededGenerator(seed: seed ^ (id.stableKey &* 0x9E37_79B9_7F4A_7C15) ^ (attempt &<< 48))
    _ = generator.next()  // Decorrelate neighbouring keys.
    let latency = latency.sample(using: &generator)
    let fails = failureRate > 0 && Double.random(in: 0..<1, using: &generator) < failureRate
    return LoadPlan(latency: latency, fails: fails)
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
