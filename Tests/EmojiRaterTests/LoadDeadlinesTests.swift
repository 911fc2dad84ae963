import CollectionKit
import Testing

@testable import EmojiRater

/// The loader's ranking is remade when the view moves at once, but when
/// only the speed changes (every frame of a pause) at most ten times a second.
@Suite struct LoadDeadlinesTests {
  let ms: UInt64 = 1_000_000
  let deadlines = LoadDeadlines(
    shown: .all, layout: GridLayout(sectionItemCounts: [1_000], width: 80), visibleRows: 10..<30, speed: 10,
    direction: .down, prefetchHoldBack: 1_250, visibleHoldBack: 1_625)

  @Test func theSameViewKeepsItsRanking() {
    #expect(deadlines.canReuseRanking(madeWith: deadlines, after: 5_000 * ms))
    #expect(!deadlines.canReuseRanking(madeWith: nil, after: 0), "no ranking yet")
  }

  @Test func aMovedViewIsRankedAgainAtOnce() {
    var moved = deadlines
    moved.visibleRows = 11..<31
    #expect(!moved.canReuseRanking(madeWith: deadlines, after: 1 * ms))
    var turned = deadlines
    turned.direction = .up
    #expect(!turned.canReuseRanking(madeWith: deadlines, after: 1 * ms))
  }

  @Test func aChangeOfSpeedAloneWaitsATenthOfASecond() {
    var slower = deadlines
    slower.speed = 6
    #expect(slower.canReuseRanking(madeWith: deadlines, after: 99 * ms))
    #expect(!slower.canReuseRanking(madeWith: deadlines, after: 100 * ms))
  }

  /// 10 rows a second down, 20 rows on screen from row 10; loads of 0.5 to
  /// 2 s, three in four within 1.625 s and half within 1.25 s.
  @Test func deadlinesFollowTheScroll() {
    func urgency(row: Int) -> Double {
      deadlines.urgency(of: deadlines.layout.flatIndex(of: deadlines.layout.indexPath(row: row, column: 0)!))
    }
    #expect(urgency(row: 29) == -1, "on screen for 2 s more: in time, and before any prefetch")
    #expect(urgency(row: 20) == .infinity, "leaves in 1.1 s: too soon")
    #expect(urgency(row: 40) == .infinity, "comes in 1.1 s: too soon for a median load")
    #expect(urgency(row: 50) == 2_100)
    #expect(urgency(row: 45) < urgency(row: 50), "the sooner deadline first")
    #expect(urgency(row: 5) > LoadDeadlines.behindTheScroll)
  }
}
