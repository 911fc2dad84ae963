import FrameTiming
import Testing

private let millisecond: UInt64 = 1_000_000

/// A pacer woken at the clock's current time, with its first tick run on time.
private func runningPacer(_ clock: ManualClock, framesPerSecond: Int = 60) -> FramePacer {
  var pacer = FramePacer(framesPerSecond: framesPerSecond)
  _ = pacer.wake(at: clock.now())
  _ = pacer.tick(at: clock.now(), busy: true)
  return pacer
}

/// A tick's timing as (lateness, missed frames), for comparing in one expectation.
private func timing(_ tick: FramePacer.Tick) -> [UInt64] {
  [tick.lateness, UInt64(tick.missedFrames)]
}

@Suite struct FramePacerTests {
  @Test func manualClockMovesOnlyWhenTold() {
    let clock = ManualClock(start: 500)
    #expect(clock.now() == 500)
    #expect(clock.now() == 500)
    clock.advance(by: 25)
    #expect(clock.now() == 525)
    clock.advance(milliseconds: 1.5)
    #expect(clock.now() == 1_500_525)
    #expect(ManualClock().now() == 1_000_000_000)
  }

  @Test func wakeStartsAnIdleClockOnceWithItsFirstTickDueNow() {
    let clock = ManualClock()
    var pacer = FramePacer()
    #expect(!pacer.isRunning)
    let started = pacer.wake(at: clock.now())
    #expect(started)
    #expect(pacer.isRunning)
    #expect(pacer.nextDeadline == clock.now())
    let firstDeadline = clock.now()
    clock.advance(milliseconds: 5)
    let startedAgain = pacer.wake(at: clock.now())
    #expect(!startedAgain)
    #expect(pacer.nextDeadline == firstDeadline)
  }

  @Test func onTimeTicksMissNothing() {
    let clock = ManualClock()
    var pacer = runningPacer(clock)
    for _ in 0..<5 {
      clock.advance(by: pacer.period)
      let tick = pacer.tick(at: clock.now(), busy: true)
      #expect(timing(tick) == [0, 0])
    }
  }

  @Test func anEarlyTickIsNotLateAndKeepsTheGrid() {
    let clock = ManualClock()
    var pacer = runningPacer(clock)
    let deadline = pacer.nextDeadline
    clock.advance(milliseconds: 2)
    let tick = pacer.tick(at: clock.now(), busy: true)
    #expect(timing(tick) == [0, 0])
    #expect(pacer.nextDeadline == deadline + pacer.period)
  }

  @Test func aLateTickReportsItsLatenessAndTheFramesItMissed() {
    let clock = ManualClock()
    var pacer = runningPacer(clock)
    let deadline = pacer.nextDeadline
    clock.advance(by: pacer.period + 40 * millisecond)
    let late = pacer.tick(at: clock.now(), busy: true)
    #expect(timing(late) == [40 * millisecond, 2])
    // The next frame is due on the original grid, not 1 period after the late one.
    #expect(pacer.nextDeadline == deadline + 3 * pacer.period)
    clock.advance(by: pacer.nextDeadline - clock.now())
    let next = pacer.tick(at: clock.now(), busy: true)
    #expect(timing(next) == [0, 0])
  }

  @Test func theClockStopsAfterEnoughQuietTicks() {
    let clock = ManualClock()
    var pacer = runningPacer(clock)
    #expect(pacer.quietTicksBeforeIdle == 3)
    for _ in 0..<2 {
      _ = pacer.tick(at: clock.now(), busy: false)
      #expect(pacer.isRunning)
    }
    _ = pacer.tick(at: clock.now(), busy: false)
    #expect(!pacer.isRunning)
    let restarted = pacer.wake(at: clock.now())
    #expect(restarted)
    #expect(pacer.isRunning)
  }

  @Test func aBusyTickStartsTheQuietCountAgain() {
    let clock = ManualClock()
    var pacer = runningPacer(clock)
    for busy in [false, false, true, false, false] {
      _ = pacer.tick(at: clock.now(), busy: busy)
    }
    #expect(pacer.isRunning)
    _ = pacer.tick(at: clock.now(), busy: false)
    #expect(!pacer.isRunning)
  }

  @Test func wakingARunningClockStartsTheQuietCountAgain() {
    let clock = ManualClock()
    var pacer = runningPacer(clock)
    _ = pacer.tick(at: clock.now(), busy: false)
    _ = pacer.tick(at: clock.now(), busy: false)
    let started = pacer.wake(at: clock.now())
    #expect(!started)
    _ = pacer.tick(at: clock.now(), busy: false)
    _ = pacer.tick(at: clock.now(), busy: false)
    #expect(pacer.isRunning)
    _ = pacer.tick(at: clock.now(), busy: false)
    #expect(!pacer.isRunning)
  }

  @Test func oneQuietTickIsEnoughWhenConfiguredSo() {
    let clock = ManualClock()
    var pacer = FramePacer(quietTicksBeforeIdle: 1)
    _ = pacer.wake(at: clock.now())
    _ = pacer.tick(at: clock.now(), busy: false)
    #expect(!pacer.isRunning)
  }

  @Test(arguments: [(30, 33_333_333), (60, 16_666_666), (120, 8_333_333)] as [(Int, UInt64)])
  func periodFollowsTheFrameRate(framesPerSecond: Int, period: UInt64) {
    #expect(FramePacer(framesPerSecond: framesPerSecond).period == period)
  }

  @Test func missedFramesCountInTheRatesOwnPeriods() {
    let clock = ManualClock()
    var fast = runningPacer(clock, framesPerSecond: 120)
    var slow = runningPacer(clock, framesPerSecond: 30)
    let fastDeadline = fast.nextDeadline
    let slowDeadline = slow.nextDeadline
    clock.advance(by: 40 * millisecond)
    let fastTick = fast.tick(at: clock.now(), busy: true)
    let slowTick = slow.tick(at: clock.now(), busy: true)
    #expect(timing(fastTick) == [31_666_667, 3])  // 3.8 periods of 8.3 ms
    #expect(timing(slowTick) == [6_666_667, 0])  // 0.2 of a period of 33.3 ms
    #expect(fast.nextDeadline == fastDeadline + 4 * fast.period)
    #expect(slow.nextDeadline == slowDeadline + slow.period)
  }
}
