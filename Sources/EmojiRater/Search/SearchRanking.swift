import EmojiModel

/// How well an emoji answers a search, best first: one of its names is the
/// whole query; then, for the query's worst-matched word, a name word that
/// starts with it, a keyword equal to it, a keyword word that starts with
/// it, or a match inside a name word. Among equals, more query words that
/// are whole keywords, then a name that ends with a query word (English
/// puts the thing last: "red heart" is a heart, "heart decoration" a
/// decoration), then shorter names, then catalog order. `heart` puts ❤️
/// first, `cat` 🐈, `laugh` 🤣 😆 😂.
///
/// One rule decides both whether an emoji matches and where: every word of
/// the query must be somewhere in its names, or begin a word of one of its
/// keywords ("laugh" finds 😂 "face with tears of joy" by its keyword; "cat"
/// does not find 🥴 by "intoxicated").
public enum SearchRanking {
  /// One emoji's standing; lower is better.
  public struct Rank: Hashable, Comparable, Sendable {
    var wholeName: Int
    var worstTier: Int
    var missingKeywords: Int
    var headMiss: Int
    var nameWords: Int

    public static func < (lhs: Rank, rhs: Rank) -> Bool {
      lhs.key < rhs.key
    }

    /// The rank in one number that orders as the rank does: each part in
    /// bits of its own, the first the highest. Cheap to sort and look up,
    /// where a keystroke ranks thousands of emoji.
    var key: UInt32 {
      UInt32(wholeName) << 24 | UInt32(worstTier) << 20 | UInt32(min(missingKeywords, 255)) << 12
        | UInt32(headMiss) << 8 | UInt32(min(nameWords, 255))
    }
  }

  /// A query, folded and cut into words once per keystroke.
  struct Query: Sendable {
    let words: [SearchText.Bytes]

    init(_ text: String) {
      words = SearchText.words(of: text)
    }

    /// A query of no words matches nothing (and the grid stays whole).
    var isEmpty: Bool { words.isEmpty }
  }

  /// How `emoji` answers `query`; nil when it does not match.
  public static func rank(_ emoji: Emoji, for query: String) -> Rank? {
    rank(SearchEntry(emoji), for: Query(query))
  }

  static func rank(_ entry: SearchEntry, for query: Query) -> Rank? {
    entry.rank(for: query)
  }

  /// The flat positions of `catalog`'s emoji that match `query`, best first.
  public static func ranked(_ query: String, in catalog: EmojiCatalog) -> [Int] {
    SearchIndex(catalog).ranked(query) ?? []
  }
}
