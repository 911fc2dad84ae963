import Dispatch
import Foundation

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
public final class ManualClock: MonotonicClock, @unchecked Sendable {
  // @unchecked: `current` is only touched under `lock` (a pthread mutex,
  // which Thread Sanitizer understands, unlike Synchronization.Mutex here).
  private let lock = NSLock()
  private var current: UInt64

  public init(start: UInt64 = 1_000_000_000) {
    current = start
  }

  public func now() -> UInt64 {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  public func advance(by nanoseconds: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    current += nanoseconds
  }

  public func advance(milliseconds: Double) {
    advance(by: UInt64(milliseconds * 1_000_000))
  }
}
