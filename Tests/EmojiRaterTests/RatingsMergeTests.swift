import Foundation
import Testing

@testable import EmojiRater

/// Two copies of the app on one file (a deleted lock file let the second
/// in): a three-way merge against the file as each last saw it.
@Suite struct RatingsMergeTests {
  static let noon = Date(timeIntervalSince1970: 1_700_000_000)

  static func ratings(_ votes: [(String, Vote, Double)]) -> Ratings {
    var ratings = Ratings()
    for (identifier, vote, seconds) in votes { ratings.set(vote, for: identifier, at: noon + seconds) }
    return ratings
  }

  @Test func whatOnlyOneSideChangedTakesThatChange() {
    let base = Self.ratings([("1f600", .up, 0), ("1f642", .up, 0)])
    let ours = Self.ratings([("1f600", .down, 5), ("1f642", .up, 0)])  // Changed 1f600.
    let theirs = Self.ratings([("1f600", .up, 0), ("1f436", .up, 2)])  // Cleared 1f642, added 1f436.
    let merged = ours.merging(theirs, base: base, cleared: [:])
    #expect(merged == Self.ratings([("1f600", .down, 5), ("1f436", .up, 2)]))
  }

  @Test func whereBothChangedTheNewerVoteWins() {
    let base = Self.ratings([("1f600", .up, 0)])
    let ours = Self.ratings([("1f600", .down, 5)])
    let theirs = Self.ratings([("1f600", .up, 9)])
    #expect(ours.merging(theirs, base: base, cleared: [:]) == theirs)
    #expect(theirs.merging(ours, base: base, cleared: [:]) == theirs)
  }

  @Test func aClearHereStandsUnlessTheirVoteCameAfterIt() {
    let base = Self.ratings([("1f600", .up, 0), ("1f642", .up, 0)])
    let theirs = Self.ratings([("1f600", .down, 3), ("1f642", .down, 9)])
    let merged = Ratings().merging(
      theirs, base: base, cleared: ["1f600": Self.noon + 4, "1f642": Self.noon + 8])
    #expect(merged == Self.ratings([("1f642", .down, 9)]))
  }
}
