import Foundation

/// How one load ended.
public enum LoadOutcome<Value: Sendable>: Sendable {
  case loaded(Value)
  case failed
  /// Cancelled while still queued: it never started waiting.
  case cancelledBeforeStart
  /// Cancelled while waiting out its latency: the wait stopped at once.
  case cancelledDuringWait
}

/// What a load will do, decided up front (on the main actor, from the seeded
/// generator) so that a run is repeatable whatever order threads run in.
public struct LoadPlan: Sendable, Equatable {
  public var latency: Double
  public var fails: Bool

  public init(latency: Double, fails: Bool) {
    self.latency = latency
    self.fails = fails
  }
}

/// One load of one item, as an asynchronous `Operation`: it waits out its
/// latency on a timer (no thread is held while it waits), then fetches the
/// value and reports how it ended. Cancelling it stops the wait at once.
///
/// The queue counts it as executing from `start()` until it finishes, so
/// `maxConcurrentOperationCount` bounds the loads in flight, like a
/// connection pool.
public final class DataLoadOperation<ID: Hashable & Sendable, Value: Sendable>: Operation, @unchecked Sendable
{
  // @unchecked: Operation's own state is locked by Foundation; ours is in `state`.

  public let identifier: ID
  public let plan: LoadPlan
  private let fetch: @Sendable (ID) -> Value
  private let scheduler: any LoadScheduler
  private let report: @Sendable (DataLoadOperation, LoadOutcome<Value>) -> Void
  private let onStart: @Sendable () -> Void
  private let state = Locked(Phase.ready)

  private enum Phase {
    case ready
    case waiting(ScheduledWork?)
    case finished
  }

  /// - Parameters:
  ///   - onStart: called when the load starts waiting (it is then in flight),
  ///     on the queue's thread.
  ///   - report: called exactly once, on whatever thread the load ended on;
  ///     the loader hops it to the main queue.
  public init(
    identifier: ID, plan: LoadPlan, scheduler: any LoadScheduler, fetch: @escaping @Sendable (ID) -> Value,
    onStart: @escaping @Sendable () -> Void = {},
    report: @escaping @Sendable (DataLoadOperation, LoadOutcome<Value>) -> Void
  ) {
    self.identifier = identifier
    self.plan = plan
    self.scheduler = scheduler
    self.fetch = fetch
    self.report = report
    self.onStart = onStart
  }

  override public var isAsynchronous: Bool { true }

  override public var isExecuting: Bool {
    state.withLock { if case .waiting = $0 { true } else { false } }
  }

  override public var isFinished: Bool {
    state.withLock { if case .finished = $0 { true } else { false } }
  }

  override public func start() {
    if isCancelled {
      finish(.cancelledBeforeStart)
      return
    }
    let started = state.withLock { phase in
      guard case .ready = phase else { return false }
      phase = .waiting(nil)
      // Inside the lock: counted in before any ending (which needs it) counts it out.
      onStart()
      return true
    }
    guard started else { return }
    didChangeValue(forKey: "isExecuting")
    let wait = scheduler.schedule(after: plan.latency) { [self] in
      finish(plan.fails ? .failed : .loaded(fetch(identifier)))
    }
    // Keep the handle so cancel() can stop the wait, unless it already ended.
    state.withLock { phase in
      if case .waiting = phase { phase = .waiting(wait) }
    }
  }

  override public func cancel() {
    super.cancel()
    let wait: ScheduledWork?? = state.withLock { phase in
      if case .waiting(let wait) = phase { return .some(wait) }
      return .none
    }
    guard let wait else { return }  // Not started (start() will see it) or already over.
    wait?.cancel()
    finish(.cancelledDuringWait)
  }

  /// Ends the operation once: the first outcome wins, later ones are dropped.
  private func finish(_ outcome: LoadOutcome<Value>) {
    let wasExecuting = state.withLock { phase -> Bool? in
      switch phase {
      case .finished: return nil
      case .ready:
        phase = .finished
        return false
      case .waiting:
        phase = .finished
        return true
      }
    }
    guard let wasExecuting else { return }
    report(self, outcome)
    if wasExecuting { didChangeValue(forKey: "isExecuting") }
    didChangeValue(forKey: "isFinished")
  }
}
