import FrameTiming
import Testing

private let ms: UInt64 = 1_000_000
private let period: UInt64 = 1_000_000_000 / 60

/// Ticks at the given start times (nanoseconds), each with `work` ms of
/// drawing, as the pacer would report them.
private func run(_ starts: [UInt64], work: Double = 1, stats: inout FrameStats) {
  var pacer = FramePacer(framesPerSecond: 60, quietTicksBeforeIdle: 1_000)
  _ = pacer.wake(at: starts[0])
  for now in starts {
    let tick = pacer.tick(at: now, busy: true)
    stats.record(
      FrameSample(
        start: now, lateness: tick.lateness, missedFrames: tick.missedFrames,
        work: FrameWork(draw: UInt64(work * 1e6))))
  }
}

@Suite struct FrameStatsTests {
  @Test func onTimeFramesDropNothing() {
    var stats = FrameStats()
    run((0..<60).map { $0 * period }, stats: &stats)
    #expect(stats.frames == 60)
    #expect(stats.dropped == 0)
    #expect(stats.hitchTime == 0)
    #expect(stats.hitchRatio == 0)
    #expect(stats.hitchBand == .good)
  }

  @Test func aLateTickDropsTheWholePeriodsItMissed() {
    var stats = FrameStats()
    // Deadlines every 16.67 ms; the fourth tick comes at 90 ms instead of 50:
    // 40 ms late, two whole periods missed; with 1 ms of work its output is
    // out 41 ms after its deadline, 24.3 ms after its slot ended.
    run([0, period, 2 * period, 90 * ms], stats: &stats)
    #expect(stats.frames == 4)
    #expect(stats.dropped == 2)
    #expect(stats.expectedFrames == 6)
    #expect(abs(stats.droppedShare - 2.0 / 6) < 1e-9)
    #expect(stats.hitchTime == 90 * ms - 3 * period + ms - period)
    // 24.3 ms of hitches in 91 ms of activity (until the last frame was out).
    #expect(abs(stats.hitchRatio - 24.333 / 0.091) < 0.5)
    #expect(stats.hitchBand == .critical)
  }

  @Test func timerJitterInsideTheSlotIsNoHitchButABlockedFrameIs() {
    var stats = FrameStats()
    // Ticks a few microseconds late, with 2 ms of work: all inside their slots.
    for index in 0..<10 {
      stats.record(
        FrameSample(start: UInt64(index) * period + 100_000, lateness: 100_000, work: FrameWork(draw: 2 * ms))
      )
    }
    #expect(stats.hitchTime == 0)
    // A synchronous load blocks one frame for 500 ms: it is out 483.3 ms after its slot.
    stats.record(FrameSample(start: 10 * period, work: FrameWork(syncLoad: 500 * ms)))
    #expect(stats.hitchTime == 500 * ms - period)
  }

  @Test func dropsAreBlamedOnThePartThatOverran() {
    var stats = FrameStats()
    stats.record(FrameSample(start: 0, work: FrameWork(syncLoad: 500 * ms, draw: ms)))
    stats.record(FrameSample(start: 501 * ms, lateness: 484 * ms, missedFrames: 29))
    stats.record(FrameSample(start: 520 * ms, work: FrameWork(draw: 30 * ms)))
    stats.record(FrameSample(start: 551 * ms, lateness: 14 * ms, missedFrames: 1))
    stats.record(FrameSample(start: 584 * ms, lateness: 17 * ms, missedFrames: 1))
    #expect(stats.droppedByCause[.syncLoad] == 29)
    #expect(stats.droppedByCause[.draw] == 1)
    #expect(stats.droppedByCause[.lateTick] == 1, "the frame before did not overrun")
  }

  @Test func percentilesOfWorkTime() {
    var stats = FrameStats()
    for (index, work) in (1...100).enumerated() {
      stats.record(FrameSample(start: UInt64(index) * period, work: FrameWork(draw: UInt64(work) * 100_000)))
    }
    // 0.1 ms ... 10 ms, kept to two significant digits: within 1%.
    #expect(abs(stats.workTime(percentile: 50) - 5.0) <= 0.05)
    #expect(abs(stats.workTime(percentile: 99) - 9.9) <= 0.099)
    #expect(abs(stats.maxWorkTime - 10.0) <= 0.1)
    #expect(abs(stats.workBoundFPS - 1000 / 5.05) < 0.5)
  }

  @Test func onePercentLowIsTheNinetyNinthPercentileInterval() {
    var stats = FrameStats()
    var start: UInt64 = 0
    for index in 0..<200 {
      start += index == 100 || index == 150 || index == 199 ? 50 * ms : period
      stats.record(FrameSample(start: start))
    }
    // Three 50 ms gaps among 199 intervals: the 99th percentile is 50 ms → 20 fps.
    #expect(abs(stats.onePercentLowFPS - 20) < 0.1)
  }

  @Test func idleTimeCountsAsNeitherFramesNorActivity() {
    var stats = FrameStats()
    run([0, period, 2 * period], stats: &stats)
    let active = stats.activeTime
    stats.markIdle()
    // Ten seconds later the clock starts again, on time (the pacer restarts its grid).
    run([10_000 * ms, 10_000 * ms + period], stats: &stats)
    #expect(stats.frames == 5)
    #expect(stats.dropped == 0)
    // The new run's activity: from its first deadline until its last frame was out.
    #expect(stats.activeTime == active + period + ms)
  }

  /// The outside view of a blocked frame: the screen stood still for 300 ms
  /// where a frame was due every 16.7, so the hitch is 300 − 16.7 ms, once.
  /// The tick after the block starts 283 ms after its own deadline, but that
  /// lateness is the blocked frame's.
  @Test func aBlockedFrameCountsItsLatenessOnce() {
    var stats = FrameStats()
    var pacer = FramePacer(framesPerSecond: 60, quietTicksBeforeIdle: 1_000)
    _ = pacer.wake(at: 0)
    var now: UInt64 = 0
    for index in 0..<40 {
      let tick = pacer.begin(at: now)
      pacer.end(busy: true)
      let work: UInt64 = index == 10 ? 300 * ms : ms
      stats.record(
        FrameSample(
          start: now, lateness: tick.lateness, missedFrames: tick.missedFrames,
          work: FrameWork(syncLoad: work)))
      now = max(now + work, pacer.nextDeadline)
    }
    #expect(stats.hitchTime == 300 * ms - period)
    #expect(stats.dropped == 17)
  }

  /// However frames block, start late or stop, a second holds at most a
  /// second of hitch: random runs of the real pacer, with random blocks,
  /// late ticks and idle gaps.
  @Test func theHitchRatioNeverExceedsAThousandMillisecondsPerSecond() {
    for seed in 0..<500 as Range<UInt64> {
      var random = SplitMix(seed: seed)
      var stats = FrameStats()
      var pacer = FramePacer(framesPerSecond: 60, quietTicksBeforeIdle: 3)
      var now: UInt64 = 0
      _ = pacer.wake(at: now)
      for _ in 0..<200 {
        if !pacer.isRunning {
          stats.markIdle()
          now += UInt64.random(in: 0...2_000, using: &random) * ms
          _ = pacer.wake(at: now)
        }
        // Sometimes the tick itself comes late (the main thread was busy elsewhere).
        now =
          max(now, pacer.nextDeadline)
          + (Bool.random(using: &random) ? 0 : UInt64.random(in: 0...400, using: &random) * ms)
        let tick = pacer.begin(at: now)
        pacer.end(busy: UInt64.random(in: 0..<4, using: &random) > 0)
        let work = [ms, 10 * ms, 20 * ms, 300 * ms, 2_000 * ms].randomElement(using: &random)!
        stats.record(
          FrameSample(
            start: now, lateness: tick.lateness, missedFrames: tick.missedFrames, work: FrameWork(draw: work))
        )
        now += work
      }
      #expect(stats.hitchRatio <= 1_000, "seed \(seed): \(stats.hitchRatio) ms/s")
      #expect(stats.hitchTime <= stats.activeTime, "seed \(seed)")
    }
  }

  @Test func theRollingWindowForgetsOldFrames() {
    var stats = FrameStats(framesPerSecond: 60, windowSeconds: 1)
    run((0..<120).map { $0 * period }, stats: &stats)
    #expect(stats.recent.count <= 61)
    #expect(abs(stats.recentFPS - 60) < 1)
    stats.record(FrameSample(start: 5_000 * ms, lateness: 100 * ms, missedFrames: 6))
    #expect(stats.recentDropped == 6)
    stats.record(FrameSample(start: 7_000 * ms))
    #expect(stats.recentDropped == 0, "the drop is more than a second old")
    #expect(stats.dropped == 6, "totals keep it")
  }

  /// A switch from `sync` to `async`: the HUD's figures (the window) start
  /// afresh and show the new mode at once; the totals keep the old one.
  @Test func aFreshWindowForgetsTheOldModeButTheTotalsKeepIt() {
    var stats = FrameStats()
    run((0..<10).map { $0 * 300 * ms }, work: 300, stats: &stats)
    #expect(stats.recentHitchRatio > 900 && stats.recentWorkTime(percentile: 99) >= 299)
    stats.resetWindow()
    stats.markIdle()
    run((0..<30).map { 4_000 * ms + $0 * period }, work: 0.5, stats: &stats)
    #expect(stats.recentHitchRatio == 0)
    #expect(stats.recentDropped == 0)
    #expect(stats.recentWorkTime(percentile: 99) == 0.5)
    #expect(stats.hitchRatio > 500, "the totals still hold the sync frames")
    #expect(stats.dropped > 100)
  }

  @Test func resetStartsAfresh() {
    var stats = FrameStats()
    run([0, period, 90 * ms], stats: &stats)
    stats.reset()
    #expect(stats.frames == 0)
    #expect(stats.dropped == 0)
    #expect(stats.hitchTime == 0)
    #expect(stats.workTime(percentile: 99) == 0)
    #expect(stats.recent.isEmpty)
    #expect(stats.period == period)
  }

  @Test func sparklineScalesToTheBudget() {
    #expect(Sparkline.render([0, 8, 16, 40], budget: 16) == "▁▅██")
    #expect(Sparkline.render([0, 16.7], budget: 16.7, ascii: true) == "_#")
  }
}

/// A seeded generator for the property test (FrameTiming has no other).
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
