import Histogram

/// Frame statistics as docs/hud.md defines them, pure: samples come in with
/// their times, nothing here reads a clock.
///
/// - **Dropped frames**: a tick that starts k whole periods after its
///   deadline drops k frames; they are blamed on the previous frame's largest
///   part if that frame overran its budget, else on a late tick.
/// - **Hitch time**: how much later than expected each frame reached the
///   screen (`FrameSample.hitch`: by the end of its slot, and a period after
///   the frame before it), not rounded, each moment of lateness counted
///   once; the **hitch ratio** is hitch milliseconds per second of activity,
///   so never above 1,000.
/// - **Activity**: from the moment the clock woke (the first tick's
///   deadline) until the last frame of the run reached the screen.
/// - **Idle** time (the clock stopped because nothing moved) counts as
///   neither frames nor activity.
///
/// Percentiles come from HDR histograms (microseconds, 2 significant digits:
/// within 1%, and a percentile query short enough to run on a frame).
public struct FrameStats: Sendable {
  public let period: UInt64
  /// Seconds the rolling window covers.
  public let windowLength: UInt64

  // Totals since the start or the last reset.
  public private(set) var frames = 0
  public private(set) var dropped = 0
  public private(set) var droppedByCause: [FrameCause: Int] = [:]
  /// Nanoseconds frames reached the screen later than expected, summed.
  public private(set) var hitchTime: UInt64 = 0
  /// Nanoseconds of activity: while the clock ran, from each run's first
  /// deadline to its last frame on screen.
  public private(set) var activeTime: UInt64 = 0
  /// Nanoseconds of work per part, summed.
  public private(set) var workTotals = FrameWork()
  private var workTimes = Microseconds.histogram()
  private var intervals = Microseconds.histogram()
  /// The most recent frames, for the rolling figures and the sparkline.
  public private(set) var recent: [RecentFrame] = []

  /// A frame of the rolling window, with its share of the totals.
  public struct RecentFrame: Equatable, Sendable {
    public var sample: FrameSample
    /// Nanoseconds of hitch and of activity this frame added.
    public var hitch: UInt64
    public var active: UInt64
  }
  private var previous: FrameSample?

  public init(framesPerSecond: Int = 60, windowSeconds: Int = 3) {
    precondition(framesPerSecond > 0)
    period = 1_000_000_000 / UInt64(framesPerSecond)
    windowLength = UInt64(windowSeconds) * 1_000_000_000
  }

  // MARK: Recording

  public mutating func record(_ sample: FrameSample) {
    frames += 1
    dropped += sample.missedFrames
    let hitch = sample.hitch(period: period, previousPresented: previous?.presented)
    hitchTime += hitch
    // Activity runs on from what is already counted: the last frame's
    // presentation, or for a run's first frame the moment it was due.
    let counted = previous?.presented ?? sample.deadline
    let active = sample.presented > counted ? sample.presented - counted : 0
    activeTime += active
    if sample.missedFrames > 0 {
      let cause = previous.map { $0.work.total > period ? $0.work.largestPart : .lateTick } ?? .lateTick
      droppedByCause[cause, default: 0] += sample.missedFrames
    }
    if let previous, sample.start > previous.start {
      _ = intervals.record(Microseconds.clamped(nanoseconds: sample.start - previous.start))
    }
    workTotals += sample.work
    _ = workTimes.record(Microseconds.clamped(nanoseconds: sample.work.total))
    recent.append(RecentFrame(sample: sample, hitch: hitch, active: active))
    // Samples come in time order: the stale ones are at the front.
    let stale = recent.prefix { sample.start - $0.sample.start > windowLength }.count
    if stale > 0 { recent.removeFirst(stale) }
    previous = sample
  }

  /// The frame clock stopped: the gap until the next frame is idle, not a hitch.
  public mutating func markIdle() {
    previous = nil
  }

  /// Starts the rolling window afresh, keeping the totals: after a switch
  /// of loading mode, the HUD shows the new mode's frames only.
  public mutating func resetWindow() {
    recent.removeAll()
  }

  /// Starts afresh (`r`).
  public mutating func reset() {
    self = FrameStats(
      framesPerSecond: Int(1_000_000_000 / period), windowSeconds: Int(windowLength / 1_000_000_000))
  }

  // MARK: Figures

  /// Frames that should have been shown: those shown plus those dropped.
  public var expectedFrames: Int { frames + dropped }

  /// Dropped frames as a share of expected ones, 0...1.
  public var droppedShare: Double {
    expectedFrames == 0 ? 0 : Double(dropped) / Double(expectedFrames)
  }

  /// Hitch milliseconds per second of activity (Apple's bands: under 5 good,
  /// 5–10 warning, over 10 critical).
  public var hitchRatio: Double {
    activeTime == 0 ? 0 : (Double(hitchTime) / 1e6) / (Double(activeTime) / 1e9)
  }

  public var hitchBand: HitchBand { HitchBand(ratio: hitchRatio) }

  /// Frame work time at a percentile (0...100), in milliseconds.
  public func workTime(percentile: Double) -> Double {
    workTimes.totalCount == 0 ? 0 : Double(workTimes.valueAtPercentile(percentile)) / 1000
  }

  public var maxWorkTime: Double {
    workTimes.totalCount == 0 ? 0 : Double(workTimes.max) / 1000
  }

  /// The frame rate the work alone would allow: 1 / mean work time.
  public var workBoundFPS: Double {
    workTimes.totalCount == 0 || workTimes.mean == 0 ? 0 : 1_000_000 / workTimes.mean
  }

  /// "1% low": 1000 / the 99th-percentile frame interval in milliseconds.
  public var onePercentLowFPS: Double {
    guard intervals.totalCount > 0 else { return 0 }
    let p99 = Double(intervals.valueAtPercentile(99)) / 1000
    return p99 == 0 ? 0 : 1000 / p99
  }

  // MARK: The rolling window

  /// Frames per second over the window.
  public var recentFPS: Double {
    guard let first = recent.first?.sample, let last = recent.last?.sample, last.start > first.start else {
      return 0
    }
    return Double(recent.count - 1) / (Double(last.start - first.start) / 1e9)
  }

  /// Dropped frames within the window.
  public var recentDropped: Int { recent.reduce(0) { $0 + $1.sample.missedFrames } }

  /// Dropped frames within the window as a share of those expected there, 0...1.
  public var recentDroppedShare: Double {
    let dropped = recentDropped
    return dropped == 0 ? 0 : Double(dropped) / Double(recent.count + dropped)
  }

  /// The hitch ratio within the window, in ms/s.
  public var recentHitchRatio: Double {
    let active = recent.reduce(0) { $0 + $1.active }
    return active == 0 ? 0 : (Double(recent.reduce(0) { $0 + $1.hitch }) / 1e6) / (Double(active) / 1e9)
  }

  /// Frame work time at a percentile (0...100) within the window, in
  /// milliseconds: a sort of at most a few hundred values, for a HUD that
  /// refreshes a few times a second.
  public func recentWorkTime(percentile: Double) -> Double {
    guard !recent.isEmpty else { return 0 }
    let sorted = recent.map(\.sample.work.total).sorted()
    let rank = Int((percentile / 100 * Double(sorted.count)).rounded(.up)) - 1
    return Double(sorted[min(max(0, rank), sorted.count - 1)]) / 1e6
  }

  /// The last `count` frames' work times in milliseconds, oldest first.
  public func recentWorkTimes(_ count: Int) -> [Double] {
    recent.suffix(count).map { Double($0.sample.work.total) / 1e6 }
  }

}

/// Apple's hitch-ratio bands.
public enum HitchBand: String, Sendable {
  case good, warning, critical

  public init(ratio: Double) {
    self = ratio < 5 ? .good : ratio <= 10 ? .warning : .critical
  }
}
