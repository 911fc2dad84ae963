import EmojiModel
import Testing

@testable import EmojiRater

/// Ranked search, from CLDR's own keywords: the queries people type and
/// what they expect near the top.
@Suite struct SearchRankingTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: false)

  static func top(_ query: String, _ count: Int) -> [String] {
    SearchRanking.ranked(query, in: catalog).prefix(count).map { catalog.emoji(atFlatIndex: $0).string }
  }

  @Test(arguments: [
    ("laugh", ["😂", "🤣"], 5),
    ("heart", ["❤️"], 1),
    ("thumbs up", ["👍"], 1),
    ("tear", ["😂", "😢"], 20),
  ])
  func theExpectedAreNearTheTop(query: String, expected: [String], within: Int) {
    let top = Self.top(query, within)
    for emoji in expected { #expect(top.contains(emoji), "\(query): \(top)") }
  }

  @Test func catRanksACatFirst() {
    #expect(["🐱", "🐈"].contains(Self.top("cat", 1).first ?? ""))
  }

  /// "yes" is inside "eyes": such a match comes after every better one.
  @Test func aMatchInsideAWordComesLast() throws {
    let ranked = SearchRanking.ranked("yes", in: Self.catalog).map { Self.catalog.emoji(atFlatIndex: $0) }
    let inside = try #require(ranked.firstIndex { $0.name.lowercased().contains("eyes") })
    #expect(ranked[inside...].allSatisfy { !$0.keywords.contains("yes") }, "keyword matches first")
    #expect(SearchRanking.rank(ranked[inside], for: "yes")?.worstTier == 4)
  }

  @Test func everyRankedEmojiMatchesAndEveryMatchIsRanked() {
    for query in ["heart", "cat face", "laugh", "flag", "zzzz", "", "  "] {
      let ranked = SearchRanking.ranked(query, in: Self.catalog)
      #expect(Set(ranked).count == ranked.count, "each once")
      let matching = (0..<Self.catalog.count).filter {
        SearchRanking.rank(Self.catalog.emoji(atFlatIndex: $0), for: query) != nil
      }
      #expect(Set(ranked) == Set(matching), "\(query)")
    }
  }

  /// Accents and case fold away, on both sides: `CAFE` finds "café"-like
  /// names, and a name with capitals is found in lower case.
  @Test func caseAndAccentsDoNotMatter() {
    #expect(SearchText.fold("Tränen") == "tranen")
    #expect(
      SearchText.words(of: "flag: Côte d’Ivoire").map { String(decoding: $0, as: UTF8.self) } == [
        "flag", "cote", "d", "ivoire",
      ])
    #expect(Self.top("PIÑATA", 1) == ["🪅"])
  }

  /// A query of candidates: only those are ranked, and what is cancelled stops.
  @Test func rankingAmongCandidatesAndCancelling() throws {
    let index = SearchIndex(Self.catalog)
    let all = try #require(index.ranked("face"))
    let odd = all.filter { $0 % 2 == 1 }.sorted()
    #expect(index.ranked("face", among: odd) == all.filter { $0 % 2 == 1 })
    #expect(index.ranked("face", isCancelled: { true }) == nil || Self.catalog.count < 65_536)
    let long = SearchIndex(Self.catalog.repeated(toCount: 200_000))
    #expect(long.ranked("face", isCancelled: { true }) == nil)
    #expect(long.ranked("face")?.first == all.first, "equals in catalog order: the first copy first")
  }

  @Test func bestFirstAndEqualsInCatalogOrder() {
    let ranked = SearchRanking.ranked("flag", in: Self.catalog)
    let ranks = ranked.map { SearchRanking.rank(Self.catalog.emoji(atFlatIndex: $0), for: "flag")! }
    for index in ranked.indices.dropFirst() {
      #expect(ranks[index - 1] <= ranks[index])
      if ranks[index - 1] == ranks[index] { #expect(ranked[index - 1] < ranked[index]) }
    }
  }
}
