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
}
