import Testing

@testable import RatingsDatabase

/// The tallies a server answers reads from: a sole writer's in the order
/// set, several servers' by version, whatever order they come in.
@Suite struct TallyBoardTests {
  @Test func anEmojiNobodyVotedOnIsZero() {
    #expect(TallyBoard().tally(of: "1f44d") == Tally())
  }

  @Test func withoutVersionsTheLastSetIsTheTally() {
    let board = TallyBoard()
    #expect(board.set(Tally(up: 2, down: 0), of: "1f44d"))
    #expect(board.set(Tally(up: 1, down: 0), of: "1f44d"))
    #expect(!board.set(Tally(up: 1, down: 0), of: "1f44d"), "the same tally again is no change")
    #expect(board.tally(of: "1f44d") == Tally(up: 1, down: 0))
  }

  @Test func withVersionsTheNewestWinsInWhateverOrderTheyCome() {
    let board = TallyBoard()
    #expect(board.set(Tally(up: 3, down: 1), of: "1f44d", version: 5))
    // An older change heard late (a notification behind a fresh read) is ignored.
    #expect(!board.set(Tally(up: 2, down: 1), of: "1f44d", version: 4))
    // The same version twice (a server's own vote, then its notification) tells once.
    #expect(!board.set(Tally(up: 3, down: 1), of: "1f44d", version: 5))
    #expect(board.tally(of: "1f44d") == Tally(up: 3, down: 1))
    #expect(board.set(Tally(up: 3, down: 2), of: "1f44d", version: 6))
    #expect(board.tally(of: "1f44d") == Tally(up: 3, down: 2))
    // Each emoji has its own versions.
    #expect(board.set(Tally(up: 1, down: 0), of: "1f389", version: 1))
  }
}
