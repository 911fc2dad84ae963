import Testing

@testable import EmojiRater

/// The cells on screen that wait for their data, and how cells met it.
@Suite struct DisplayTrackerTests {
  @Test func aCellReadyOnDisplayCountsAndWaitsForNothing() {
    var cells = DisplayTracker()
    let waits = cells.displayed(7, ready: true, at: 0)
    #expect(!waits)
    #expect(cells.counters.displayed == 1 && cells.counters.readyOnDisplay == 1)
    #expect(cells.counters.visibleLatency.percentile(50) == 0)
    #expect(!cells.isWaiting)
  }

  @Test func aWaitIsCountedFromDisplayToData() {
    var cells = DisplayTracker()
    let waits = cells.displayed(7, ready: false, at: 1_000_000_000)
    #expect(waits)
    #expect(cells.waitingCount == 1)
    cells.arrived(7, withData: true, at: 1_250_000_000)
    #expect(cells.counters.visibleLatency.percentile(50) == 250)
    #expect(cells.counters.readyOnDisplay == 0 && !cells.isWaiting)
  }

  @Test func aFailureEndsTheWaitUncounted() {
    var cells = DisplayTracker()
    _ = cells.displayed(7, ready: false, at: 0)
    cells.arrived(7, withData: false, at: 500_000_000)
    #expect(!cells.isWaiting && cells.counters.visibleLatency.count == 0)
  }

  /// A cell that came and went within a frame is not asked for after it.
  @Test func onlyCellsStillWaitingAreAskedForAfterTheFrame() {
    var cells = DisplayTracker()
    for item in [1, 2, 3] {
      _ = cells.displayed(item, ready: false, at: 0)
      cells.askLater(for: item)
    }
    cells.left(2)
    #expect(cells.hasLoadsToAsk)
    let asked = cells.takeLoadsToAsk()
    #expect(asked == [1, 3])
    let again = cells.takeLoadsToAsk()
    #expect(!cells.hasLoadsToAsk && again.isEmpty, "asked once")
    #expect(cells.waitingCount == 2)
  }

  @Test func anEvictedCellWaitsAgainAndANewListWaitsForNothing() {
    var cells = DisplayTracker()
    _ = cells.displayed(1, ready: true, at: 0)
    cells.waitsAgain(1, since: 100)
    #expect(cells.waitingCount == 1)
    cells.forgetWaits()
    #expect(!cells.isWaiting)
    cells.resetCounters()
    #expect(cells.counters.displayed == 0)
  }
}
