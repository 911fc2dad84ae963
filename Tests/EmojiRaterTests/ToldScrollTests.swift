import Testing

@testable import EmojiRater

/// The told run's ranking: the blind oracle's, read at a moment.
@Suite struct ToldScrollTests {
  typealias Display = OraclePrefetcher.Display

  let told = ToldScroll(
    displays: [
      Display(item: 1, time: 0, end: 3_000),  // on screen, leaving in 3 s
      Display(item: 2, time: 0, end: 1_000),  // on screen, leaving before a load lands
      Display(item: 3, time: 2_500, end: 2_600),
      Display(item: 4, time: 1_500, end: 1_600),  // too soon at 0 for a 2 s load...
      Display(item: 4, time: 5_000, end: 5_100),  // ...so it aims at its next display
      Display(item: 5, time: 9_000),
      Display(item: 6, time: 800, end: 900),  // too soon, and never again
    ], lead: 2_000, horizon: 3_000)

  @Test func aCellOnScreenGoesFirstUnlessItLeavesBeforeItsLoadLands() {
    #expect(told.rank(of: 1, at: 0) == -1)
    #expect(told.rank(of: 2, at: 0) == .infinity)
    #expect(told.rank(of: 1, at: 1_500) == .infinity, "it leaves in 1.5 s")
  }

  @Test func aPrefetchGoesByTheDisplayItCanStillMake() {
    #expect(told.rank(of: 3, at: 0) == 2_500)
    #expect(told.rank(of: 4, at: 0) == 5_000, "its first display is too soon")
    #expect(told.rank(of: 3, at: 0) < told.rank(of: 4, at: 0), "soonest first")
    #expect(told.rank(of: 6, at: 0) == .infinity)
    #expect(told.rank(of: 99, at: 0) == .infinity, "never shown")
  }

  @Test func itAsksForWhatComesOnScreenWithinItsHorizonInTheOrderItComes() {
    #expect(told.upcoming(at: 0) == [6, 4, 3])
    #expect(told.upcoming(at: 2_000) == [3, 4])
    #expect(told.upcoming(at: 6_000) == [5])
  }
}
