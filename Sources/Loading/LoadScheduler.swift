import Dispatch
import Support
import Synchronization

/// Where a load waits out its latency. The wait is a timer, not a sleeping
/// thread, so a thousand loads in flight cost no threads; and it can be
/// cancelled, so a cancelled load stops waiting at once.
public protocol LoadScheduler: Sendable {
  /// Runs `work` once `milliseconds` have passed, unless cancelled first.
  func schedule(after milliseconds: Double, _ work: @escaping @Sendable () -> Void) -> ScheduledWork
}

/// A pending piece of work that can be cancelled.
public struct ScheduledWork: Sendable {
  private let cancelAction: @Sendable () -> Void

  public init(cancel: @escaping @Sendable () -> Void) {
    cancelAction = cancel
  }

  public func cancel() { cancelAction() }
}

/// Real time, on a global dispatch queue.
public struct DispatchLoadScheduler: LoadScheduler {
  public init() {}

  public func schedule(after milliseconds: Double, _ work: @escaping @Sendable () -> Void) -> ScheduledWork {
    // A flag rather than DispatchWorkItem.cancel(): the work item is not
    // Sendable here. A cancelled wait's timer still fires, and does nothing.
    let cancelled = Atomic(false)
    DispatchQueue.global(qos: .userInitiated).asyncAfter(
      deadline: .now() + .microseconds(Int(milliseconds * 1000))
    ) {
      if !cancelled.load(ordering: .acquiring) { work() }
    }
    return ScheduledWork { cancelled.store(true, ordering: .releasing) }
  }
}

/// Time that moves only when a test says so: `advance(by:)` runs whatever
/// fell due, in order, on the caller's thread.
public final class ManualLoadScheduler: LoadScheduler {
  private struct Pending {
    let id: Int
    let due: Double
    let work: @Sendable () -> Void
  }

  private struct State {
    var now: Double = 0
    var nextID = 0
    var pending: [Pending] = []
  }

  private let state = Locked(State())

  public init() {}

  /// The scheduler's time, in nanoseconds: a clock for what it runs.
  public var nowNanoseconds: UInt64 { state.withLock { UInt64($0.now * 1_000_000) } }

  /// How many waits are scheduled and not yet run or cancelled.
  public var pendingCount: Int { state.withLock { $0.pending.count } }

  public func schedule(after milliseconds: Double, _ work: @escaping @Sendable () -> Void) -> ScheduledWork {
    let id = state.withLock { state in
      state.nextID += 1
      state.pending.append(Pending(id: state.nextID, due: state.now + milliseconds, work: work))
      return state.nextID
    }
    return ScheduledWork { [weak self] in
      self?.state.withLock { $0.pending.removeAll { $0.id == id } }
    }
  }

  /// Moves time on and runs every wait that is now due, earliest first.
  public func advance(by milliseconds: Double) {
    let due: [Pending] = state.withLock { state in
      state.now += milliseconds
      let now = state.now
      let due = state.pending.filter { $0.due <= now }.sorted { ($0.due, $0.id) < ($1.due, $1.id) }
      state.pending.removeAll { $0.due <= now }
      return due
    }
    for item in due { item.work() }
  }
}
