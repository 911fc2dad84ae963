/// Animation time for the spinners, in `AppState.stepsPerSecond` steps.
///
/// Each spinner moves on `CellView.spinnerRate` times a second on its own
/// beat, so a sixth of them move each 60 Hz frame: about 45 cells a frame on
/// a full 80×24 screen, but 390 on a 200×60 screen of fresh cells after a
/// page jump, every frame, and then most of the frame's drawing and output.
/// Past `budget` moving cells a frame, this clock runs slower, so a screen
/// of spinners costs a bounded amount per frame however big it is.
struct SpinnerClock {
  /// Spinner cells a frame may redraw.
  static let budget = 100
  private static let stepLength = 1_000_000_000 / UInt64(AppState.stepsPerSecond)
  private static let stepsPerSpinnerFrame = Double(max(1, AppState.stepsPerSecond / CellView.spinnerRate))

  /// Animation time so far, in nanoseconds.
  private var time: UInt64 = 0
  private var lastTick: UInt64?

  /// The step for a frame at `now` (nanoseconds) with `spinners` cells
  /// spinning on screen; frames come every `framePeriod`.
  mutating func step(at now: UInt64, spinners: Int, framePeriod: UInt64) -> Int {
    // A gap with no frames (the clock was idle) is not animation time.
    let elapsed = min(now - (lastTick ?? now), 2 * framePeriod)
    lastTick = now
    let movingPerFrame = Double(spinners) / Self.stepsPerSpinnerFrame
    let slowdown = max(1, movingPerFrame / Double(Self.budget))
    time += UInt64(Double(elapsed) / slowdown)
    return Int(time / Self.stepLength)
  }
}
