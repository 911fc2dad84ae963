import Loading
import Testing

@testable import EmojiRater

@Suite struct OraclePrefetcherTests {
  typealias Display = OraclePrefetcher.Display

  @Test func withoutABoundEverythingDueAfterItsLatencyIsReady() {
    let displays = [Display(item: 1, time: 500), Display(item: 2, time: 900), Display(item: 3, time: 2_000)]
    let rate = OraclePrefetcher.readyRate(
      displays: displays, latency: { [1: 600.0, 2: 800, 3: 1_000][$0]! }, pool: 0, measuredFrom: 0)
    #expect(rate == 2.0 / 3)  // item 1 needs 600 ms but is due at 500
  }

  @Test func aPoolOfOneServesTheEarliestDeadlinesAndSkipsTheHopeless() {
    // Each load takes 300 ms. Item 9 is due at 100 (hopeless) and must not hold the slot.
    let displays = [
      Display(item: 9, time: 100), Display(item: 1, time: 300), Display(item: 2, time: 600),
      Display(item: 3, time: 700),
    ]
    let rate = OraclePrefetcher.readyRate(displays: displays, latency: { _ in 300 }, pool: 1, measuredFrom: 0)
    // 1 done at 300, 2 at 600, 3 would finish at 900 > 700.
    #expect(rate == 2.0 / 4)
  }

  @Test func onlyTheMeasuredWindowCountsAndAShownItemStaysReady() {
    let displays = [
      Display(item: 1, time: 1_000), Display(item: 1, time: 3_000), Display(item: 2, time: 3_100),
    ]
    let rate = OraclePrefetcher.readyRate(
      displays: displays, latency: { $0 == 1 ? 2_000 : 100 }, pool: 1, measuredFrom: 2_500)
    // Item 1 missed its first display, but loaded by 2,000 it is ready at 3,000; 2 is ready too.
    #expect(rate == 1)
    #expect(
      OraclePrefetcher.readyRate(displays: displays, latency: { _ in 1 }, pool: 1, measuredFrom: 5_000) == nil
    )
  }

  @Test func underTheRuleACellOnScreenTakesTheSlotBeforeAPrefetch() {
    // Item 9 is on screen from 0 to 1,000 without its data; item 1 is due at 400. Loads take 300 ms.
    let displays = [Display(item: 9, time: 0, end: 1_000), Display(item: 1, time: 400)]
    let latency: (Int) -> Double = { _ in 300 }
    // Without the rule the slot prefetches 1 (ready at 300) and leaves 9 empty.
    #expect(OraclePrefetcher.readyRate(displays: displays, latency: latency, pool: 1, measuredFrom: 0) == 0.5)
    // Under it, 9 loads first (0 to 300) and 1 lands at 600, too late.
    #expect(
      OraclePrefetcher.readyRateServingVisibleFirst(
        displays: displays, latency: latency, pool: 1, measuredFrom: 0)
        == 0)
  }

  @Test func theBlindOracleCannotPickTheQuickLoadForTheNearDeadline() {
    // One slot. Item 1 is due at 400 and its load takes 300; item 2 is due at
    // 800 and takes 1,000. Knowing each latency, the oracle loads 1 (ready at
    // 300) and skips the hopeless 2. Planning every load at the median of
    // 200...1,200 (700), the blind one finds 1 too late to try and starts 2,
    // which misses: it cannot tell the quick load from the slow one.
    let displays = [Display(item: 1, time: 400), Display(item: 2, time: 800)]
    let latency: (Int) -> Double = { $0 == 1 ? 300 : 1_000 }
    #expect(
      OraclePrefetcher.readyRateServingVisibleFirst(
        displays: displays, latency: latency, pool: 1, measuredFrom: 0) == 0.5)
    let planned = OraclePrefetcher.loadTimesServingVisibleFirst(
      displays: displays, latency: latency, plannedLatency: { _ in 700 }, pool: 1)
    // Item 1 loads once on screen, after 2 (as the app's visible cells do).
    #expect(planned == [2: 1_000, 1: 1_300])
    // Whichever quantile it plans with (700, 950, 1,100 here), 1 looks too late.
    #expect(
      OraclePrefetcher.blindReadyRate(
        displays: displays, latency: latency, distribution: .uniform(200...1_200), pool: 1, measuredFrom: 0)
        == 0)
    // When every load takes the same time, the blind oracle is the oracle.
    let even = [Display(item: 1, time: 400), Display(item: 2, time: 700), Display(item: 3, time: 800)]
    #expect(
      OraclePrefetcher.blindReadyRate(
        displays: even, latency: { _ in 300 }, distribution: .fixed(300), pool: 1, measuredFrom: 0)
        == OraclePrefetcher.readyRateServingVisibleFirst(
          displays: even, latency: { _ in 300 }, pool: 1, measuredFrom: 0))
  }

  @Test func underTheRuleACellLeavingBeforeItsLoadWouldLandIsHeldBack() {
    // Item 9 leaves at 200, before a 300 ms load could land: the slot prefetches 1 instead.
    let displays = [Display(item: 9, time: 0, end: 200), Display(item: 1, time: 400)]
    #expect(
      OraclePrefetcher.readyRateServingVisibleFirst(
        displays: displays, latency: { _ in 300 }, pool: 1, measuredFrom: 0) == 0.5)
  }

  @Test func underTheRuleAVisibleLoadStillCountsWhenTheCellComesBack() {
    // Scrolled back to: 9, loaded while on screen the first time, is ready the second.
    let displays = [
      Display(item: 9, time: 0, end: 1_000), Display(item: 9, time: 2_000), Display(item: 1, time: 2_100),
    ]
    let rate = OraclePrefetcher.readyRateServingVisibleFirst(
      displays: displays, latency: { _ in 300 }, pool: 1, measuredFrom: 1_500)
    #expect(rate == 1)
  }

  @Test func withoutABoundTheRuleChangesNothing() {
    let displays = [Display(item: 9, time: 0, end: 1_000), Display(item: 1, time: 400)]
    #expect(
      OraclePrefetcher.readyRateServingVisibleFirst(
        displays: displays, latency: { _ in 300 }, pool: 0, measuredFrom: 0) == 0.5)
  }
}
