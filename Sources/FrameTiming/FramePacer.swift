/// Decides when frames happen: a tick every `period` while something moves,
/// none at all when nothing does.
///
/// Pure: the caller passes the time in and schedules the timer where it says.
/// A tick that starts whole periods after its deadline reports them as missed
/// frames, and the next deadline stays on the original grid (a late frame
/// does not shift every later one).
public struct FramePacer: Sendable {
  /// What a tick learned about its own timing.
  public struct Tick: Equatable, Sendable {
    /// How long after its deadline the tick started, in nanoseconds.
    public var lateness: UInt64
    /// Whole frame periods that passed with no frame (dropped frames).
    public var missedFrames: Int
  }

  public let period: UInt64
  /// Quiet ticks to run before stopping, so a burst of key repeats does not
  /// start and stop the clock on every key.
  public let quietTicksBeforeIdle: Int
  public private(set) var isRunning = false
  /// When the next tick is due, while running.
  public private(set) var nextDeadline: UInt64 = 0
  private var quietTicks = 0

  public init(framesPerSecond: Int = 60, quietTicksBeforeIdle: Int = 3) {
    precondition(framesPerSecond > 0)
    period = 1_000_000_000 / UInt64(framesPerSecond)
    self.quietTicksBeforeIdle = quietTicksBeforeIdle
  }

  /// Something happened that needs a frame. Returns true when the clock was
  /// idle and must be started (its first tick is due at once).
  public mutating func wake(at now: UInt64) -> Bool {
    quietTicks = 0
    guard !isRunning else { return false }
    isRunning = true
    nextDeadline = now
    return true
  }

  /// Puts the next deadline at `now`, as if the clock had just woken: after
  /// the process was stopped (Ctrl-Z), the time it was stopped is no lateness.
  public mutating func restart(at now: UInt64) {
    isRunning = true
    quietTicks = 0
    nextDeadline = now
  }

  /// Records a tick that started at `now`. `busy` says whether the frame had
  /// anything to do or anything is still moving; after a few quiet ticks the
  /// clock stops (`isRunning` turns false) until the next `wake`.
  public mutating func tick(at now: UInt64, busy: Bool) -> Tick {
    let tick = begin(at: now)
    end(busy: busy)
    return tick
  }

  /// The first half of `tick`: how late this tick is, and the next deadline.
  public mutating func begin(at now: UInt64) -> Tick {
    let lateness = now > nextDeadline ? now - nextDeadline : 0
    let missed = Int(lateness / period)
    nextDeadline += UInt64(missed + 1) * period
    return Tick(lateness: lateness, missedFrames: missed)
  }

  /// The second half of `tick`, once the frame knows whether it was busy.
  public mutating func end(busy: Bool) {
    quietTicks = busy ? 0 : quietTicks + 1
    if quietTicks >= quietTicksBeforeIdle { isRunning = false }
  }
}
