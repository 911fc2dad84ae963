import CollectionKit
import Testing

/// Where a still screen's loads will be seen longest: a screen of 10
/// rows, a pause with 2 s left, bursts of 4 or 8 rows, pauses of 3 s.
@Suite struct StopOutlookTests {
  let outlook = StopOutlook(restLeft: 2, burstRows: [4, 8], nextPause: 3, screenRows: 10)

  @Test func aCellTheNextBurstTakesAwayIsWorthWhatIsLeftOfThisPause() {
    #expect(outlook.seenSeconds(ahead: 0, latency: 1) == 1, "gone after either burst")
    #expect(outlook.seenSeconds(ahead: 0, latency: 2.5) == 0, "lands after it left")
  }

  @Test func aCellAShortBurstLeavesOnScreenIsWorthTheNextPauseToo() {
    #expect(outlook.seenSeconds(ahead: 9, latency: 1) == 1 + 3, "after either burst")
    #expect(outlook.seenSeconds(ahead: 5, latency: 1) == 1 + 3 * 0.5, "after the 4-row burst, not the 8")
  }

  @Test func aCellPastTheScreenIsWorthTheNextPauseWhereABurstStopsWithIt() {
    #expect(outlook.seenSeconds(ahead: 12, latency: 1) == 3, "on both stops' screens")
    #expect(outlook.seenSeconds(ahead: 15, latency: 1) == 1.5, "on the 8-row burst's only")
    #expect(outlook.seenSeconds(ahead: 18, latency: 1) == 0, "past both")
    #expect(outlook.seenSeconds(ahead: 12, latency: 3) == 2, "landing a second into the next pause")
  }

  @Test func rowsBehindTheScreenAreNotSeenAgain() {
    #expect(outlook.seenSeconds(ahead: -1, latency: 0) == 0)
  }

  /// The rows past the screen come after the rest of the pause: a
  /// burst's usual length (8 rows: the median of 4, 8 and 12) at the
  /// bursts' 80 rows a second, the rows past it at the cycle's 4.
  @Test func theRowsPastTheScreenComeAtTheBurstsPaceThenTheCycles() {
    let paced = StopOutlook(
      restLeft: 0.5, burstRows: [12, 4, 8], nextPause: 3, screenRows: 10, burstSpeed: 80, cycleSpeed: 4)
    #expect(paced.secondsUntilShown(rowsPast: 4) == 0.5 + 4.0 / 80)
    #expect(paced.secondsUntilShown(rowsPast: 12) == 0.5 + 8.0 / 80 + 4.0 / 4)
    var cycleOnly = paced
    cycleOnly.burstSpeed = nil
    #expect(cycleOnly.secondsUntilShown(rowsPast: 4) == 0.5 + 4.0 / 4, "the bursts' pace unread")
    #expect(outlook.secondsUntilShown(rowsPast: 1) == .infinity, "no pace read at all")
  }

  @Test func theRestIsCountedInQuarterSeconds() {
    #expect(StopOutlook(restLeft: 0.99, burstRows: [1], nextPause: 1, screenRows: 1).restLeft == 0.75)
  }
}
