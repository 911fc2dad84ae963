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

  /// How late the frame's output came after its slot ended, given its
  /// period: a frame is due by its deadline plus one period (the moment the
  /// next one is due). Timer jitter inside the slot is no hitch; a main
  /// thread blocked past the slot is, by exactly how long.
  public func hitch(period: UInt64) -> UInt64 {
    let finished = lateness + work.total
    return finished > period ? finished - period : 0
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
