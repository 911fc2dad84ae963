import Foundation

/// A value behind a lock, for state shared with background threads.
///
/// A pthread mutex (NSLock) rather than `Synchronization.Mutex`: on Linux
/// the latter is a bare futex, which Thread Sanitizer cannot see, so every
/// locked access would be reported as a race.
public final class Locked<State>: @unchecked Sendable {
  // @unchecked: every access to `state` goes through `lock`.
  private let lock = NSLock()
  private var state: State

  public init(_ state: State) {
    self.state = state
  }

  public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
