/// One frame as the loop measured it: when it started, how late, and where
/// its main-thread time went. Times in nanoseconds.
public struct FrameSample: Equatable, Sendable {
  /// When the tick started.
  public var start: UInt64
  /// How long after its deadline the tick started (the hitch).
  public var lateness: UInt64
  /// Whole frame periods that passed with no frame.
  public var missedFrames: Int
  /// Main-thread time in each part of the frame.
  public var work: FrameWork

  /// When the tick was due.
  public var deadline: UInt64 { start - min(lateness, start) }

  /// When the frame's output was written: the moment it reached the screen.
  public var presented: UInt64 { start + work.total }

  /// The frame's hitch time, Apple's definition: how much later than
  /// expected the frame reached the screen, not rounded. It was expected by
  /// the end of its slot (its deadline plus one period: timer jitter inside
  /// the slot is no hitch), and no sooner than a period after the frame
  /// before it reached the screen, when there was one in this run of frames.
  ///
  /// The second bound is what counts each moment of lateness once. A frame
  /// blocked 300 ms at 60 Hz has a hitch of 283 ms; the next tick then starts
  /// some 283 ms after its own deadline (the pacer keeps the original grid),
  /// but that lateness is the blocked frame's, already counted: the next
  /// frame is expected a period after the blocked one came out, and has
  /// no hitch of its own if it makes that. So a run's hitch time never
  /// exceeds the run's length, and the ratio never 1,000 ms per second.
  public func hitch(period: UInt64, previousPresented: UInt64?) -> UInt64 {
    var expected = deadline + period
    if let previousPresented { expected = max(expected, previousPresented + period) }
    return presented > expected ? presented - expected : 0
  }

  public init(start: UInt64, lateness: UInt64 = 0, missedFrames: Int = 0, work: FrameWork = FrameWork()) {
    self.start = start
    self.lateness = lateness
    self.missedFrames = missedFrames
    self.work = work
  }
}

/// A frame's main-thread time split by what it was doing, so a regression
/// points at its cause (as notcurses splits render, raster and write-out).
public struct FrameWork: Equatable, Sendable {
  /// Reading input and updating the state (and telling the loader).
  public var input: UInt64 = 0
  /// Blocked in a synchronous load (`sync` mode).
  public var syncLoad: UInt64 = 0
  /// Laying out and drawing into the canvas.
  public var draw: UInt64 = 0
  /// ncurses working out and writing the changes (`doupdate`).
  public var output: UInt64 = 0

  public init(input: UInt64 = 0, syncLoad: UInt64 = 0, draw: UInt64 = 0, output: UInt64 = 0) {
    self.input = input
    self.syncLoad = syncLoad
    self.draw = draw
    self.output = output
  }

  /// Adds each part.
  public static func += (totals: inout FrameWork, work: FrameWork) {
    totals.input += work.input
    totals.syncLoad += work.syncLoad
    totals.draw += work.draw
    totals.output += work.output
  }

  /// From the tick's start until the frame's output was written.
  public var total: UInt64 { input + syncLoad + draw + output }

  /// The part that took longest: what a dropped frame is blamed on.
  public var largestPart: FrameCause {
    let parts: [(FrameCause, UInt64)] = [
      (.syncLoad, syncLoad), (.input, input), (.draw, draw), (.output, output),
    ]
    return parts.max { $0.1 < $1.1 }!.0
  }
}

/// Why frames were dropped, in the spirit of Android's `gfxinfo` janky-frame
/// causes.
public enum FrameCause: String, CaseIterable, Codable, Sendable {
  /// The main thread was blocked loading data (`sync` mode).
  case syncLoad = "sync load"
  /// Input handling and state updates overran the frame.
  case input = "slow input"
  /// Layout and drawing overran the frame.
  case draw = "slow draw"
  /// Writing the frame to the terminal overran it.
  case output = "slow output"
  /// The frame's own work fit, but the tick still started late (the
  /// scheduler, another process, a slow terminal).
  case lateTick = "late tick"
}
