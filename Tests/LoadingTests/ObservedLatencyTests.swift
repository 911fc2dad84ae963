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
    for _ in 0..<ObservedLatency.memory { latency.record(milliseconds: 100) }
    #expect(latency.quantile(0.9) == 100)
    for _ in 0..<(ObservedLatency.memory / 2 + 1) { latency.record(milliseconds: 3_000) }
    #expect(latency.quantile(0.5) == 3_000)
    #expect(latency.quantile(0.1) == 100)
    for _ in 0..<ObservedLatency.memory { latency.record(milliseconds: 3_000) }
    #expect(latency.quantile(0) == 3_000)
    #expect(latency.count == 2 * ObservedLatency.memory + ObservedLatency.memory / 2 + 1)
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
