import Testing

@testable import EmojiRater

@Suite struct SpinnerClockTests {
  static let frame: UInt64 = 16_666_667

  /// Steps after `frames` frames at 60 Hz with `spinners` on screen.
  func steps(after frames: Int, spinners: Int) -> Int {
    var clock = SpinnerClock()
    var step = clock.step(at: 1_000, spinners: spinners, framePeriod: Self.frame)
    for index in 1...frames {
      step = clock.step(at: 1_000 + UInt64(index) * Self.frame, spinners: spinners, framePeriod: Self.frame)
    }
    return step
  }

  @Test func aFewSpinnersTurnInRealTime() {
    // A full 80×24 screen: 300 spinners, 50 moving a frame, within the budget.
    #expect(steps(after: 60, spinners: 300) == 60)
  }

  @Test func aScreenFullOfSpinnersTurnsSlowerSoAFrameRedrawsNoMoreThanTheBudget() {
    // 2,400 spinners would move 400 a frame: four times the budget, a quarter the speed.
    #expect(steps(after: 60, spinners: 2_400) == 14)
  }

  @Test func timeWithNoFramesIsNotAnimationTime() {
    var clock = SpinnerClock()
    _ = clock.step(at: 0, spinners: 1, framePeriod: Self.frame)
    // Ten idle seconds count as two frames at most.
    let step = clock.step(at: 10_000_000_000, spinners: 1, framePeriod: Self.frame)
    #expect(step == 2)
  }
}
