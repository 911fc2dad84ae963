import Foundation
import Support

/// Why a load brought nothing, in words a person reads on the status line
/// ("the server answered HTTP 503", "no answer in 10 s"), and on which side
/// of the wire it went wrong. The HUD counts the two sides apart: a server
/// that says no is a different trouble from one that cannot be reached.
public struct LoadFailure: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Side: Sendable, Equatable {
    /// The source answered, but not with the item: it failed on purpose
    /// (the failure rate), said HTTP 5xx or 404, or sent an answer that is
    /// not the item.
    case server
    /// No answer came: the connection was refused or lost, or it timed out.
    case connection
  }

  public var side: Side
  /// What went wrong, as a phrase: "the server answered HTTP 503".
  public var reason: String

  public init(side: Side, reason: String) {
    self.side = side
    self.reason = reason
  }

  public static func server(_ reason: String) -> LoadFailure {
    LoadFailure(side: .server, reason: reason)
  }

  public static func connection(_ reason: String) -> LoadFailure {
    LoadFailure(side: .connection, reason: reason)
  }

  /// The simulated source's failure rate at work.
  public static let onPurpose = LoadFailure.server(
    "the simulated server failed it on purpose (the failure rate)")

  public var description: String { reason }
}

/// Where the loader's items come from: "load this item, cancellably". The
/// loader, the planner and the HUD never know which source they run on.
public protocol LoadSource<ID, Value>: Sendable {
  associatedtype ID: LoadIdentifier
  associatedtype Value: Sendable

  /// Starts the `attempt`th load of `id` (0 is the first) and calls `done`
  /// once with what came, on any thread. Cancelling the returned work stops
  /// the load at once (a request is aborted on the wire); `done` may still
  /// be called after that, and is then ignored.
  func start(_ id: ID, attempt: UInt64, done: @escaping @Sendable (Result<Value, LoadFailure>) -> Void)
    -> ScheduledWork

  /// Loads `id` on the calling thread, blocking it until done: `sync`
  /// mode's deliberately bad "before" picture.
  func loadBlocking(_ id: ID, attempt: UInt64) -> Result<Value, LoadFailure>

  /// How long the first load of `id` takes, in milliseconds, when the
  /// source knows ahead (the benchmark's oracle); nil when only a server does.
  func firstLatency(of id: ID) -> Double?

  /// The loader's pool is now `loads` loads in flight at most (0: no bound):
  /// a source with connections of its own sizes them to match.
  func poolDidChange(to loads: Int)
}

extension LoadSource {
  public func poolDidChange(to loads: Int) {}
}

/// The slow server, simulated in this process: each load waits out a
/// latency on a timer, then fails or returns `fetch(id)`. Each item's
/// latency and fate come from the seed, the item and the attempt — not from
/// the order loads happen to start in — so a run repeats exactly and every
/// loading mode meets the same "server".
public struct SimulatedSource<ID: LoadIdentifier, Value: Sendable>: LoadSource {
  public let latency: LatencyModel
  public let failureRate: Double
  public let seed: UInt64
  private let scheduler: any LoadScheduler
  private let fetch: @Sendable (ID) -> Value

  public init(
    latency: LatencyModel, failureRate: Double = 0, seed: UInt64,
    scheduler: any LoadScheduler = DispatchLoadScheduler(), fetch: @escaping @Sendable (ID) -> Value
  ) {
    self.latency = latency
    self.failureRate = failureRate
    self.seed = seed
    self.scheduler = scheduler
    self.fetch = fetch
  }

  public func start(_ id: ID, attempt: UInt64, done: @escaping @Sendable (Result<Value, LoadFailure>) -> Void)
    -> ScheduledWork
  {
    let plan = plan(for: id, attempt: attempt)
    let fetch = fetch
    return scheduler.schedule(after: plan.latency) {
      done(plan.fails ? .failure(.onPurpose) : .success(fetch(id)))
    }
  }

  public func loadBlocking(_ id: ID, attempt: UInt64) -> Result<Value, LoadFailure> {
    let plan = plan(for: id, attempt: attempt)
    if plan.latency > 0 { Thread.sleep(forTimeInterval: plan.latency / 1000) }
    return plan.fails ? .failure(.onPurpose) : .success(fetch(id))
  }

  public func firstLatency(of id: ID) -> Double? {
    plan(for: id, attempt: 0).latency
  }

  /// What the `attempt`th load of `id` does.
  public func plan(for id: ID, attempt: UInt64) -> LoadPlan {
    var generator = SeededGenerator(seed: seed ^ (id.stableKey &* 0x9E37_79B9_7F4A_7C15) ^ (attempt &<< 48))
    _ = generator.next()  // Decorrelate neighbouring keys.
    let latency = latency.sample(using: &generator)
    let fails = failureRate > 0 && Double.random(in: 0..<1, using: &generator) < failureRate
    return LoadPlan(latency: latency, fails: fails)
  }
}

/// What a simulated load will do: how long it waits, and whether it then fails.
public struct LoadPlan: Sendable, Equatable {
  public var latency: Double
  public var fails: Bool

  public init(latency: Double, fails: Bool) {
    self.latency = latency
    self.fails = fails
  }
}
