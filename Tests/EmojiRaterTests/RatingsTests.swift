import EmojiModel
import Foundation
import Testing

@testable import EmojiRater

/// The moment the ratings tests vote at.
let ratingsNoon = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21T12:00:00Z

@Suite struct RatingsTests {
  @Test func setReplacesAndClearRemovesKeepingCounts() {
    var ratings = Ratings()
    ratings.set(.up, for: "1f600", at: ratingsNoon)
    ratings.set(.up, for: "1f44b", at: ratingsNoon)
    ratings.set(.down, for: "2764-fe0f", at: ratingsNoon)
    #expect((ratings.count, ratings.count(of: .up), ratings.count(of: .down)) == (3, 2, 1))

    ratings.set(.down, for: "1f600", at: ratingsNoon + 60)
    #expect(ratings["1f600"] == Rating(vote: .down, time: ratingsNoon + 60))
    #expect((ratings.count, ratings.count(of: .up), ratings.count(of: .down)) == (3, 1, 2))

    #expect(ratings.clear("1f44b") == Rating(vote: .up, time: ratingsNoon))
    #expect(ratings.clear("1f44b") == nil)
    #expect(ratings["1f44b"] == nil)
    #expect((ratings.count, ratings.count(of: .up), ratings.count(of: .down)) == (2, 0, 2))
    #expect(ratings.sortedByIdentifier().map(\.identifier) == ["1f600", "2764-fe0f"])
  }

  @Test func timesKeepWholeSecondsSoTheyReadBackEqual() {
    let rating = Rating(vote: .up, time: ratingsNoon + 0.75)
    #expect(rating.time == ratingsNoon)
  }

  @Test(arguments: [
    ("1f600", true), ("1f469-200d-1f4bb", true), ("23-fe0f-20e3", true),
    ("1F600", false), ("01f600", false), ("", false), ("1f600-", false), ("-1f600", false),
    ("110000", false), ("d800", false), ("+1f", false), ("1f60g", false), ("😀", false),
  ])
  func identifiersAreExactlyEmojiIdentifiers(text: String, valid: Bool) {
    #expect(Ratings.isValidIdentifier(text) == valid)
  }

  /// A new catalog that inserts an emoji moves every later position, but a
  /// vote follows its emoji, not the position it had.
  @Test func votesFollowIdentifiersWhenACatalogGainsAnEmoji() throws {
    let before = try catalog(EmojiTestParserTests.sample)
    let waving = before.emoji(atFlatIndex: 2)
    #expect(waving.name == "waving hand")
    var ratings = Ratings()
    ratings.set(.up, for: waving.identifier, at: ratingsNoon)

    let inserted = "1F603 ; fully-qualified # 😃 E0.6 grinning face with big eyes\n"
    let after = try catalog(
      EmojiTestParserTests.sample.replacingOccurrences(
        of: "263A FE0F", with: inserted.trimmingCharacters(in: .newlines) + "\n263A FE0F"))
    #expect(after.count == before.count + 1)
    #expect(after.emoji(atFlatIndex: 2).name == "smiling face")
    #expect(ratings[after.emoji(atFlatIndex: 2)] == nil)
    #expect(ratings[after.emoji(atFlatIndex: 3)] == Rating(vote: .up, time: ratingsNoon))
  }

  private func catalog(_ text: String) throws -> EmojiCatalog {
    EmojiCatalog(
      entries: try EmojiTestParser.parse(text, source: "sample"), includeSkinTones: false, source: "sample")
  }
}

extension Ratings {
  /// How many votes are `vote`.
  func count(of vote: Vote) -> Int {
    count { $0.rating.vote == vote }
  }
}
