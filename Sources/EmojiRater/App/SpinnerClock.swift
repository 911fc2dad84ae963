/// Where the spinners are in their turn, as a frame draws them: the
/// animation step (`AppState.stepsPerSecond` a second) and how many groups
/// they move on in, one group a step (`CellView.spinnerGroups`). The frame
/// loop keeps it from its clock; the state knows no time.
public struct SpinnerPhase: Equatable, Sendable {
  public var step: Int
  public var groups: Int

  public init(step: Int, groups: Int) {
    self.step = step
    self.groups = groups
  }

  /// The first step, with no spinners yet.
  public init() {
    self.init(step: 0, groups: CellView.spinnerGroups(spinners: 0))
  }
}

/// The spinners' animation step (`AppState.stepsPerSecond` a second): the
/// clock's, less the steps it made while the spinners held still, so that
/// they go on from where they stopped rather than jump.
///
/// They hold still while a page slides: the rows are moving anyway, and a
/// slide frame's time goes to the rows it brings in (at 200×60 a step
/// redraws up to a hundred spinners, and a slide frame brings in two
/// hundred cells; `emoji-rater bench`, pages: work p95 0.77–0.97 ms
/// against 0.90–1.23 ms, with the spinner groups' hysteresis).
struct SpinnerClock {
  static let stepLength: UInt64 = 1_000_000_000 / UInt64(AppState.stepsPerSecond)

  /// Clock steps made while holding still, all told.
  private var heldSteps = 0

  /// The step to draw at `time` (nanoseconds), after `lastStep`, the one
  /// drawn last; `holding`: the spinners hold still now.
  mutating func step(at time: UInt64, after lastStep: Int, holding: Bool) -> Int {
    let clockStep = Int(time / Self.stepLength)
    if holding { heldSteps = clockStep - lastStep }
    return clockStep - heldSteps
  }
}
