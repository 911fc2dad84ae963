import Support
import Testing

@testable import Loading

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
  /// loads under way, and as many start. Remembering 256 loads, fewer
  /// than are under way, read the median as more than four times what it
  /// is; four pools' worth, within a fifth.
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

    func medianRead(remembering memory: Int) -> Double {
      var latency = ObservedLatency(prior: .fixed(900), memory: memory)
      for load in ended {
        if load.landed {
          latency.record(milliseconds: load.milliseconds)
        } else {
          latency.recordCancelled(after: load.milliseconds)
        }
      }
      #expect(latency.isMeasured)
      return latency.countingWaits(started.map { now - $0 }).quantile(0.5)
    }
    #expect(medianRead(remembering: 256) > 4 * median)
    let read = medianRead(remembering: ObservedLatency.memory(forPool: pool))
    #expect(read > 0.9 * median && read < 1.2 * median, "read \(read) ms, drawn \(median) ms")
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
    #expect(latency.countingWaits([]).quantile(0.9) == 5_000)
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
