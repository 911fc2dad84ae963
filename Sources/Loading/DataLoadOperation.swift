import Foundation
import Support

/// How one load ended.
public enum LoadOutcome<Value: Sendable>: Sendable {
  case loaded(Value)
  case failed(LoadFailure)
  /// Cancelled while still queued: it never started.
  case cancelledBeforeStart
  /// Cancelled while under way: the wait (or the request) stopped at once.
  case cancelledDuringWait
}

/// One load of one item, as an asynchronous `Operation`: it asks its
/// source for the item (no thread is held while it waits: a timer, or a
/// request on the wire) and reports how it ended. Cancelling it stops the
/// load at once.
///
/// The queue counts it as executing from `start()` until it finishes, so
/// `maxConcurrentOperationCount` bounds the loads in flight, like a
/// connection pool.
public final class DataLoadOperation<ID: LoadIdentifier, Value: Sendable>: Operation, @unchecked Sendable {
  // @unchecked: Operation's own state is locked by Foundation; ours is in `state`.

  public let identifier: ID
  /// How many loads of the item came before this one (a retry is the next).
  public let attempt: UInt64
  private let source: any LoadSource<ID, Value>
  private let report: @Sendable (DataLoadOperation, LoadOutcome<Value>) -> Void
  private let onStart: @Sendable (DataLoadOperation, _ since: UInt64) -> Void
  private let clock: @Sendable () -> UInt64
  private let state = Locked(Phase.ready)

  /// When the load started (on `clock`) and how long it waited for its
  /// source, in nanoseconds: set before it reports an ending, nil if it
  /// never started.
  public var timing: Timing? {
    state.withLock { if case .finished(let timing) = $0 { timing } else { nil } }
  }

  public struct Timing: Equatable, Sendable {
    public var started: UInt64
    public var waited: UInt64
  }

  /// The time from `start` to `end`, none if the clock seems to have gone back.
  static func elapsed(_ start: UInt64, _ end: UInt64) -> UInt64 { end >= start ? end - start : 0 }

  /// The clock a load is timed on by default: monotonic nanoseconds.
  public static func uptime() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  private enum Phase {
    case ready
    /// Under way since `since` (on `clock`), with what stops its wait.
    case waiting(ScheduledWork?, since: UInt64)
    /// Over, with its timing if it started.
    case finished(Timing?)
  }

  /// - Parameters:
  ///   - onStart: called when the load starts waiting (it is then in flight),
  ///     with the time on `clock`, on the queue's thread, inside the
  ///     operation's lock (before any ending is reported).
  ///   - report: called exactly once, on whatever thread the load ended on;
  ///     the loader hops it to the main queue.
  ///   - clock: what `timing` is measured on.
  public init(
    identifier: ID, attempt: UInt64 = 0, source: any LoadSource<ID, Value>,
    onStart: @escaping @Sendable (DataLoadOperation, _ since: UInt64) -> Void = { _, _ in },
    clock: @escaping @Sendable () -> UInt64 = DataLoadOperation.uptime,
    report: @escaping @Sendable (DataLoadOperation, LoadOutcome<Value>) -> Void
  ) {
    self.clock = clock
    self.identifier = identifier
    self.attempt = attempt
    self.source = source
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
      let since = clock()
      phase = .waiting(nil, since: since)
      // Inside the lock: noted before any ending (which needs the lock) takes it out again.
      onStart(self, since)
      return true
    }
    guard started else { return }
    didChangeValue(forKey: "isExecuting")
    let wait = source.start(identifier, attempt: attempt) { [self] result in
      switch result {
      case .success(let value): finish(.loaded(value))
      case .failure(let failure): finish(.failed(failure))
      }
    }
    // Keep the handle so cancel() can stop the wait, unless it already ended.
    state.withLock { phase in
      if case .waiting(_, let since) = phase { phase = .waiting(wait, since: since) }
    }
  }

  override public func cancel() {
    super.cancel()
    let wait: ScheduledWork?? = state.withLock { phase in
      if case .waiting(let wait, _) = phase { return .some(wait) }
      return .none
    }
    guard let wait else { return }  // Not started (start() will see it) or already over.
    // Ended first: the source may answer a cancelled request at once, from
    // another thread, as a lost connection, which it was not.
    finish(.cancelledDuringWait)
    wait?.cancel()
  }

  /// Ends the operation once: the first outcome wins, later ones are dropped.
  private func finish(_ outcome: LoadOutcome<Value>) {
    let now = clock()
    let wasExecuting = state.withLock { phase -> Bool? in
      switch phase {
      case .finished: return nil
      case .ready:
        phase = .finished(nil)
        return false
      case .waiting(_, let since):
        phase = .finished(Timing(started: since, waited: Self.elapsed(since, now)))
        return true
      }
    }
    guard let wasExecuting else { return }
    report(self, outcome)
    if wasExecuting { didChangeValue(forKey: "isExecuting") }
    didChangeValue(forKey: "isFinished")
  }
}
