import Dispatch
import Synchronization

/// Where the frame loop reads the time: injected, so tests drive time by hand.
public protocol MonotonicClock: Sendable {
  /// Nanoseconds since an arbitrary fixed point; never goes backwards.
  func now() -> UInt64
}

/// The machine's monotonic clock (the one `DispatchTime` uses, so deadlines
/// read from it can be handed straight to dispatch timers).
public struct SystemClock: MonotonicClock {
  public init() {}

  public func now() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
  }
}

/// A clock that moves only when told to.
public final class ManualClock: MonotonicClock {
  private let current: Mutex<UInt64>

  public init(start: UInt64 = 1_000_000_000) {
    current = Mutex(start)
  }

  public func now() -> UInt64 {
    current.withLock { $0 }
  }

  public func advance(by nanoseconds: UInt64) {
    current.withLock { $0 += nanoseconds }
  }

  public func advance(milliseconds: Double) {
    advance(by: UInt64(milliseconds * 1_000_000))
  }
}
