import Loading
import Support
import Testing

@testable import EmojiRater

@Suite struct ThroughputCeilingTests {
  typealias Display = OraclePrefetcher.Display

  @Test func aPoolFinishesItsSecondsOverTheMeanLatencyAndAMarginForTheSpread() throws {
    // Uniform 500–2000 ms: mean 1.25 s, variance 1.5² / 12, so E[L²]/μ² − 1 = 0.12.
    let uniform = try #require(
      ThroughputCeiling.expectedLoads(pool: 10, seconds: 10, latency: .uniform(500...2_000)))
    #expect(abs(uniform - 81.2) < 1e-9)
    // A fixed latency has no spread: two slots, 3 s, a second each.
    #expect(ThroughputCeiling.expectedLoads(pool: 2, seconds: 3, latency: .fixed(1_000)) == 6)
  }

  @Test func noCeilingWhereThePoolOrTheLatencyBoundsNothing() {
    #expect(ThroughputCeiling.expectedLoads(pool: 0, seconds: 10, latency: .default) == nil)
    #expect(ThroughputCeiling.expectedLoads(pool: 10, seconds: 10, latency: .none) == nil)
    // A long tail makes asking again for a slow load pay: the mean bounds nothing.
    #expect(
      ThroughputCeiling.expectedLoads(pool: 10, seconds: 10, latency: .logNormal(median: 300, p99: 3_000))
        == nil)
  }

  @Test func theLoadsGoToTheItemsShownMostAndTheFirstScreenIsFree() throws {
    // Item 1 shows three times, 2 twice, 3 and 4 once; 7 was loaded before the run.
    let displays = [1, 2, 1, 3, 7, 1, 2, 4].enumerated().map { Display(item: $1, time: Double($0 * 100)) }
    let rate = { (loads: Double) in
      ThroughputCeiling.readyRate(displays: displays, measuredFrom: 0, loads: loads, initiallyLoaded: [7])
    }
    #expect(rate(0) == 1.0 / 8)
    #expect(rate(1) == 4.0 / 8)
    #expect(rate(1.5) == 5.0 / 8)  // half a load of item 2, an expectation's leftover
    #expect(rate(2) == 6.0 / 8)
    #expect(rate(100) == 1)
    // Displays before the measured part count for nothing.
    #expect(ThroughputCeiling.readyRate(displays: displays, measuredFrom: 650, loads: 1) == 1)
    #expect(ThroughputCeiling.readyRate(displays: displays, measuredFrom: 900, loads: 1) == nil)
  }

  @Test func noOracleWithAFixedLatencyBeatsTheCeiling() throws {
    // With every load taking the same time the pool's count is exact, not an
    // expectation: whatever the trace, even the oracle stays under it.
    var generator = SeededGenerator(seed: 28)
    for _ in 0..<50 {
      let count = Int.random(in: 1...300, using: &generator)
      let displays = (0..<count).map { _ in
        Display(
          item: Int.random(in: 0..<120, using: &generator),
          time: Double.random(in: 0..<5_000, using: &generator))
      }
      let pool = Int.random(in: 1...8, using: &generator)
      let latency = Double.random(in: 100...1_500, using: &generator)
      let oracle = try #require(
        OraclePrefetcher.readyRate(displays: displays, latency: { _ in latency }, pool: pool, measuredFrom: 0)
      )
      let loads = try #require(
        ThroughputCeiling.expectedLoads(pool: pool, seconds: 5, latency: .fixed(latency)))
      let ceiling = try #require(
        ThroughputCeiling.readyRate(displays: displays, measuredFrom: 0, loads: loads))
      #expect(oracle <= ceiling + 1e-12, "pool \(pool), latency \(latency), \(count) displays")
    }
  }
}
