import Support
import Testing

@testable import Loading

/// Loads that each started after every one recorded before it.
extension ObservedLatency {
  fileprivate mutating func record(milliseconds: Double) {
    record(milliseconds: milliseconds, started: UInt64(count))
  }

  fileprivate mutating func recordCancelled(after milliseconds: Double) {
    recordCancelled(after: milliseconds, started: UInt64(count))
  }

  /// Counting loads under way, each started after every load recorded.
  fileprivate func countingWaits(_ milliseconds: [Double]) -> ObservedLatency {
    countingWaits(milliseconds.map { (started: UInt64(count), milliseconds: $0) })
  }
}

@Suite struct ObservedLatencyTests {
  @Test func thePriorStandsUntilEnoughLoadsAreMeasured() {
    var latency = ObservedLatency(prior: .uniform(500...2_000))
    for _ in 1..<ObservedLatency.minimumSamples { latency.record(milliseconds: 40) }
    #expect(!latency.isMeasured)
    #expect(latency.quantile(0.9) == 1_850)
    latency.record(milliseconds: 40)
    #expect(latency.isMeasured)
    #expect(latency.quantile(0.9) == 40)
  }

  @Test func quantilesComeFromTheMeasuredLoadsInOrder() {
    var latency = ObservedLatency(prior: .default)
    // 100, 200, …, 4,000 ms, recorded out of order.
    for step in (1...40).reversed() { latency.record(milliseconds: Double(step * 100)) }
    #expect(latency.quantile(0) == 100)
    #expect(latency.quantile(1) == 4_000)
    #expect(latency.quantile(0.5) == 2_000)  // the 20th of 40
  }

  /// A server that slows down is followed: the oldest loads are forgotten.
  @Test func onlyTheLatestLoadsCount() {
    var latency = ObservedLatency(prior: .default)
    let memory = latency.memory
    for _ in 0..<memory { latency.record(milliseconds: 100) }
    #expect(latency.quantile(0.9) == 100)
    for _ in 0..<(memory / 2 + 1) { latency.record(milliseconds: 3_000) }
    #expect(latency.quantile(0.5) == 3_000)
    #expect(latency.quantile(0.1) == 100)
    for _ in 0..<memory { latency.record(milliseconds: 3_000) }
    #expect(latency.quantile(0) == 3_000)
    #expect(latency.count == 2 * memory + memory / 2 + 1)
  }

  @Test func itRemembersFourPoolsOfLoads() {
    #expect(ObservedLatency.memory(forPool: 562) == 2_248)
    #expect(ObservedLatency.memory(forPool: 20) == ObservedLatency.shortestMemory)
    #expect(ObservedLatency.memory(forPool: 0) == ObservedLatency.shortestMemory, "no bound")
  }

  /// The pool's size changed: the newest loads stay remembered.
  @Test func aShorterMemoryKeepsTheNewestLoads() {
    var latency = ObservedLatency(prior: .fixed(5_000), memory: 100)
    for step in 1...150 { latency.record(milliseconds: Double(step)) }  // 51...150 remembered
    latency.remember(atMost: 40)
    #expect(latency.memory == 40)
    #expect(latency.quantile(0) == 111)
    #expect(latency.quantile(1) == 150)
    latency.record(milliseconds: 1_000)  // forgets 111
    #expect(latency.quantile(0) == 112)
    latency.remember(atMost: 400)
    for _ in 0..<100 { latency.record(milliseconds: 2_000) }
    #expect(latency.quantile(0) == 112, "nothing forgotten while there is room")
  }

  /// The loads under way are no fair sample: a slow load is under way
  /// longer, so more of them are slow. A pool of 562 busy for 20 s with
  /// log-normal loads (median 0.9 s, 99 in 100 under 4 s); a third of a
  /// second before the reading, a page's slide cancels two thirds of the
  /// loads under way, and as many start. Remembered by when they ended,
  /// 256 loads, fewer than are under way, read the median as more than
  /// four times what it is. By when they started, the loads under way
  /// that began before every one remembered are left out, and 256 read it
  /// within a fifth, as four pools' worth do.
  @Test func theLoadsUnderWayDoNotOutweighThoseRemembered() {
    let pool = 562
    var random = SeededGenerator(seed: 1)
    let model = LatencyModel.logNormal(median: 900, p99: 4_000)
    let (slide, now) = (19_700.0, 20_000.0)
    var ended: [(time: Double, milliseconds: Double, landed: Bool)] = []
    var started: [Double] = []
    var drawn: [Double] = []
    for slot in 0..<pool {
      var time = -Double.random(in: 0..<2_000, using: &random)
      var cancelled = slot % 3 == 0
      while true {
        let milliseconds = model.sample(using: &random)
        drawn.append(milliseconds)
        if !cancelled, time < slide, time + milliseconds > slide {
          cancelled = true
          ended.append((slide, slide - time, false))
          time = slide
          continue
        }
        if time + milliseconds > now { break }
        ended.append((time + milliseconds, milliseconds, true))
        time += milliseconds
      }
      started.append(time)
    }
    ended.sort { $0.time < $1.time }
    let median = drawn.sorted()[drawn.count / 2]

    func medianRead(remembering memory: Int, byEnd: Bool = false) -> Double {
      var latency = ObservedLatency(prior: .fixed(900), memory: memory)
      for (order, load) in ended.enumerated() {
        let started = byEnd ? UInt64(order) : Self.nanoseconds(load.time - load.milliseconds)
        if load.landed {
          latency.record(milliseconds: load.milliseconds, started: started)
        } else {
          latency.recordCancelled(after: load.milliseconds, started: started)
        }
      }
      #expect(latency.isMeasured)
      let waits = started.map {
        (
          started: byEnd ? UInt64(ended.count) : Self.nanoseconds($0), milliseconds: now - $0
        )
      }
      return latency.countingWaits(waits).quantile(0.5)
    }
    #expect(medianRead(remembering: 256, byEnd: true) > 4 * median)
    for memory in [256, ObservedLatency.memory(forPool: pool)] {
      let read = medianRead(remembering: memory)
      #expect(read > 0.9 * median && read < 1.2 * median, "\(memory): read \(read) ms, drawn \(median) ms")
    }
  }

  /// A pool of 515 kept busy for 30 s by loads of 0.5 to 2 s, evenly
  /// spread, over eight seeds. Remembered by when they started, the loads
  /// read the server's quantiles within 1.5% on average. By when they
  /// ended, the oldest remembered are the slow ones of loads whose quick
  /// ones are forgotten: the median read over 3% slow.
  @Test func theLoadsRememberedAreTheLatestToStart() {
    let seeds: [UInt64] = Array(1...8)
    let reads = seeds.map(Self.busyPoolsReading(seed:))
    for (fraction, truth) in [(0.3, 950.0), (0.5, 1_250.0), (0.75, 1_625.0), (0.9, 1_850.0)] {
      let byStart = reads.map { $0.byStart.quantile(fraction) }.reduce(0, +) / Double(seeds.count)
      #expect(abs(byStart - truth) < 0.015 * truth, "\(fraction): read \(byStart) ms")
    }
    let byEnd = reads.map { $0.byEnd.quantile(0.5) }.reduce(0, +) / Double(seeds.count)
    #expect(byEnd > 1.03 * 1_250)
  }

  /// What a pool of 515 busy with loads of 0.5 to 2 s for 30 s reads, the
  /// loads remembered by when they started and by when they ended.
  static func busyPoolsReading(seed: UInt64) -> (byStart: LatencyCurve, byEnd: LatencyCurve) {
    let pool = 515
    var random = SeededGenerator(seed: seed)
    let model = LatencyModel.uniform(500...2_000)
    let now = 30_000.0
    var ended: [(time: Double, started: Double, milliseconds: Double)] = []
    var waits: [ObservedLatency.Wait] = []
    for _ in 0..<pool {
      var time = -Double.random(in: 0..<2_000, using: &random)
      while true {
        let milliseconds = model.sample(using: &random)
        if time + milliseconds > now {
          waits.append((started: nanoseconds(time), milliseconds: now - time))
          break
        }
        ended.append((time + milliseconds, time, milliseconds))
        time += milliseconds
      }
    }
    ended.sort { $0.time < $1.time }
    let memory = ObservedLatency.memory(forPool: pool)
    var byStart = ObservedLatency(prior: .fixed(5_000), memory: memory)
    var byEnd = ObservedLatency(prior: .fixed(5_000), memory: memory)
    for (order, load) in ended.enumerated() {
      byStart.record(milliseconds: load.milliseconds, started: nanoseconds(load.started))
      // Started, as far as the memory can tell, in the order they ended.
      byEnd.record(milliseconds: load.milliseconds, started: UInt64(order))
    }
    let lastStarted = waits.map {
      (started: UInt64(ended.count), milliseconds: $0.milliseconds)
    }
    return (byStart.countingWaits(waits).curve(), byEnd.countingWaits(lastStarted).curve())
  }

  /// A load under way that started before every load remembered is left
  /// out: the loads that started with it are forgotten, the quick ones
  /// first, and it alone would read the server slow.
  @Test func aWaitOlderThanEveryLoadRememberedIsLeftOut() {
    var latency = ObservedLatency(prior: .fixed(5_000), memory: 40)
    for start in 100..<140 { latency.record(milliseconds: 100, started: UInt64(start)) }
    let old: ObservedLatency.Wait = (started: 99, milliseconds: 10_000)
    let new: ObservedLatency.Wait = (started: 140, milliseconds: 10_000)
    #expect(latency.countingWaits(Array(repeating: old, count: 40)).quantile(0.9) == 100)
    #expect(latency.countingWaits(Array(repeating: new, count: 40)).quantile(0.9) == 10_000)
  }

  /// A load that ends late but started early is forgotten before those
  /// that started after it, though they ended first.
  @Test func theEarliestStartedIsForgottenFirst() {
    var latency = ObservedLatency(prior: .fixed(5_000), memory: 40)
    for start in 1...40 { latency.record(milliseconds: 100, started: UInt64(start)) }
    latency.record(milliseconds: 3_000, started: 0)
    #expect(latency.quantile(1) == 100, "started before all forty, so the first forgotten")
    latency.record(milliseconds: 3_000, started: 41)
    #expect(latency.quantile(1) == 3_000)
  }

  /// Loader times in nanoseconds for times in milliseconds from -10 s.
  static func nanoseconds(_ milliseconds: Double) -> UInt64 {
    UInt64((milliseconds + 10_000) * 1e6)
  }

  /// A load cancelled after a wait would have taken at least that long:
  /// leaving it out would make the server look quicker than it is.
  @Test func aCancelledLoadCountsAsAtLeastItsWait() {
    var latency = ObservedLatency(prior: .fixed(5_000))
    // 40 loads landed at 100 ms, 40 more were cancelled after 200 ms.
    for _ in 0..<40 { latency.record(milliseconds: 100) }
    for _ in 0..<40 { latency.recordCancelled(after: 200) }
    #expect(latency.quantile(0.5) == 100)
    // Beyond the half that landed, nothing is known but "over 200 ms": the prior stands.
    #expect(latency.quantile(0.9) == 5_000)
    // Counted as landed, the cancelled loads would have said 200 ms.
    #expect(latency.countingWaits([Double]()).quantile(0.9) == 5_000)
    // Loads that land later than the cancelled ones waited settle it.
    for _ in 0..<40 { latency.record(milliseconds: 400) }
    #expect(latency.quantile(0.9) == 400)
  }

  @Test func loadsStillWaitingCountOnlyForTheReading() {
    var latency = ObservedLatency(prior: .fixed(5_000))
    for _ in 0..<ObservedLatency.minimumSamples { latency.record(milliseconds: 100) }
    #expect(latency.quantile(0.9) == 100)
    let reading = latency.countingWaits(Array(repeating: 300, count: ObservedLatency.minimumSamples))
    #expect(reading.quantile(0.25) == 100)
    #expect(reading.quantile(0.9) == 5_000)
    #expect(reading.count == latency.count)
  }

  @Test func nonsenseIsNotRecorded() {
    var latency = ObservedLatency(prior: .fixed(300))
    latency.record(milliseconds: -.infinity)
    latency.record(milliseconds: .nan)
    latency.record(milliseconds: -5)
    latency.recordCancelled(after: .nan)
    #expect(latency.count == 0)
  }
}
