import Testing

@testable import EmojiRater

@Suite struct SpinnerClockTests {
  let step = SpinnerClock.stepLength

  @Test func theStepFollowsTheClock() {
    var clock = SpinnerClock()
    #expect(clock.step(at: 0, after: 0, holding: false) == 0)
    #expect(clock.step(at: 5 * step + 1, after: 0, holding: false) == 5)
    #expect(clock.step(at: 60 * step, after: 5, holding: false) == AppState.stepsPerSecond)
  }

  /// A page slide: the spinners stand still while it plays, and then go on
  /// from where they stopped, not from where the clock has got to.
  @Test func heldSpinnersGoOnFromWhereTheyStopped() {
    var clock = SpinnerClock()
    var drawn = clock.step(at: 10 * step, after: 0, holding: false)
    #expect(drawn == 10)
    for tick in 11...22 {
      drawn = clock.step(at: UInt64(tick) * step, after: drawn, holding: true)
      #expect(drawn == 10, "tick \(tick)")
    }
    #expect(clock.step(at: 23 * step, after: drawn, holding: false) == 11)
    #expect(clock.step(at: 30 * step, after: 11, holding: false) == 18)
    // A second slide holds from there, and adds its own pause.
    drawn = clock.step(at: 31 * step, after: 18, holding: true)
    #expect(drawn == 18)
    #expect(clock.step(at: 40 * step, after: drawn, holding: false) == 27)  // 40 less 12 and 1 held.
  }
}
