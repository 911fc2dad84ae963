import EmojiModel
import Testing

@testable import EmojiRater

/// Search that forgives: the short names chat apps use, and words typed
/// with a slip, as people type them.
@Suite struct ForgivingSearchTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: false)

  static func top(_ query: String, _ count: Int) -> [String] {
    SearchRanking.ranked(query, in: catalog).prefix(count).map { catalog.emoji(atFlatIndex: $0).string }
  }

  /// Chat apps' short names (GitHub's and Slack's, from the emoji
  /// package) find their emoji first, colons or not.
  @Test(arguments: [
    ("tada", "🎉"), (":tada:", "🎉"), ("+1", "👍"), ("thumbsup", "👍"), ("-1", "👎"), ("joy", "😂"),
    ("heart_eyes", "😍"), ("heart eyes", "😍"), ("rofl", "🤣"), ("pray", "🙏"), ("fire", "🔥"),
    ("sob", "😭"), ("100", "💯"),
  ])
  func aShortNameFindsItsEmojiFirst(query: String, expected: String) {
    #expect(Self.top(query, 1) == [expected], "\(query): \(Self.top(query, 5))")
  }

  /// A slip of one letter in a word of four or more (a swapped pair
  /// counting one), of two in a word of eight or more.
  @Test(arguments: [
    ("hert", "❤️", 1), ("rokcet", "🚀", 1), ("piza", "🍕", 1), ("unicron", "🦄", 1), ("thumsbup", "👍", 1),
    ("sunglases", "🕶️", 2), ("thumbs dwon", "👎", 1), ("wavng", "👋", 1), ("grining", "😀", 1),
    ("eyse", "👀", 1), ("laguh", "🤣", 3), ("celbratoin", "🎆", 1), ("fireworsk", "🎆", 1),
    ("birthdya", "🎂", 1), ("confeti", "🎊", 1), ("skul", "💀", 1),
  ])
  func aWordTypedWithASlipStillFindsIt(query: String, expected: String, within: Int) {
    #expect(Self.top(query, within).contains(expected), "\(query): \(Self.top(query, 10))")
  }

  /// Misspellings come after every exact and prefix match: `fire` is
  /// first, and a word one letter off ("fired"? "firm"?) never beats it.
  @Test func misspellingsComeAfterWhatIsTypedRight() throws {
    let ranked = SearchRanking.ranked("fire", in: Self.catalog).map { Self.catalog.emoji(atFlatIndex: $0) }
    let tier = { (emoji: Emoji) in SearchRanking.rank(emoji, for: "fire")?.worstTier ?? 9 }
    let firstMisspelt = try #require(ranked.firstIndex { tier($0) >= 5 })
    #expect(ranked[..<firstMisspelt].allSatisfy { tier($0) < 5 })
    #expect(ranked[firstMisspelt...].allSatisfy { [5, 6].contains(tier($0)) })
  }

  /// Short words are taken as typed: three letters have too many
  /// neighbours to guess at, and so does a word not in plain ASCII.
  @Test func shortWordsAreNotGuessedAt() {
    #expect(SearchRanking.ranked("qxz", in: Self.catalog).isEmpty)
    #expect(
      SearchRanking.ranked("cst", in: Self.catalog).allSatisfy {
        (SearchRanking.rank(Self.catalog.emoji(atFlatIndex: $0), for: "cst")?.worstTier ?? 9) < 5
      })
    #expect(SearchRanking.Query("кошка").allowedEdits == [0])
    #expect(SearchRanking.Query("übér").allowedEdits == [1], "folded to plain ASCII first")
    #expect(SearchRanking.Query("cats celebration piz").allowedEdits == [1, 2, 0])
  }

  /// The edit count, on bytes: one letter left out, put in, changed, or
  /// a pair swapped is one edit; two take a word of eight letters.
  @Test func theDistanceIsTheEditsASlipMakes() {
    func cost(_ word: String, _ candidate: String, edits: Int = 1, wholly: Bool = true) -> Int? {
      let bytes = Array(candidate.utf8)
      return bytes.withUnsafeBufferPointer {
        SearchEntry.misspelling(Array(word.utf8), $0, 0, bytes.count, edits: edits, wholly: wholly)
      }
    }
    #expect(cost("hert", "heart") == SearchEntry.shiftCost)
    #expect(cost("haert", "heart") == SearchEntry.shiftCost, "a swapped pair")
    #expect(cost("heaet", "heart") == SearchEntry.changeCost)
    #expect(cost("hrt", "heart") == nil, "two letters out")
    #expect(cost("hrat", "heart", edits: 2) == 2 * SearchEntry.shiftCost)
    #expect(cost("hero", "heart") == nil)
    #expect(cost("celbr", "celebration", wholly: false) == SearchEntry.shiftCost, "the start of a word")
    #expect(cost("hert", "herb", wholly: false) == SearchEntry.changeCost)
    #expect(
      cost("hert", "hero", wholly: false) == SearchEntry.changeCost, "not the shorter \"her\" with t left out"
    )
  }

  /// The property the ranking keeps whatever else ranks near: an emoji's
  /// exact name, typed, puts that emoji first. Over every third emoji of
  /// the catalog (all of it takes seconds under Thread Sanitizer);
  /// names that read alike to search ("keycap: *" and "keycap: #" are
  /// both `keycap`) put one of them first.
  @Test func anEmojisExactNameRanksItFirst() {
    let index = SearchIndex(Self.catalog)
    var missed: [String] = []
    for item in stride(from: 0, to: Self.catalog.count, by: 3) {
      let emoji = Self.catalog.emoji(atFlatIndex: item)
      guard let first = index.ranked(emoji.name)?.first else {
        missed.append("\(emoji.name): nothing")
        continue
      }
      let found = Self.catalog.emoji(atFlatIndex: first).name
      if SearchText.words(of: found) != SearchText.words(of: emoji.name) {
        missed.append("\(emoji.name): \(found)")
      }
    }
    #expect(missed.isEmpty, "\(missed.count): \(missed.prefix(10))")
  }
}
