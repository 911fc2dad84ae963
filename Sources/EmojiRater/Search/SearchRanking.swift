import EmojiModel

/// How well an emoji answers a search, best first: one of its names is the
/// whole query, then one of the short names chat apps know it by (`tada`,
/// `+1`); then, for the query's worst-matched word: a name word equal to
/// it, a name word that starts with it, a keyword equal to it, a keyword
/// word that starts with it, a match inside a name word, and last a name
/// word it misspells, then a keyword word it misspells (a word of four
/// letters or more at one edit, a swapped pair counting one, of eight or
/// more at two: `hert` finds ❤️, `rokcet` 🚀). Among equals, the nearer
/// misspelling, then more query words that are whole keywords, then a
/// name that ends with a query word (English puts the thing last: "red
/// heart" is a heart, "heart decoration" a decoration), then shorter
/// names, then catalog order. `heart` puts ❤️ first, `cat` 🐈, `party`
/// 🎉, `laugh` 🤣 😆 😄 😂.
///
/// One rule decides both whether an emoji matches and where: every word of
/// the query must be somewhere in its names, begin a word of one of its
/// keywords or short names, or be a misspelling of one ("laugh" finds 😂
/// "face with tears of joy" by its keyword; "cat" does not find 🥴 by
/// "intoxicated"). Short names count as keywords (`joy`, `thumbsup`).
public enum SearchRanking {
  /// One emoji's standing; lower is better.
  public struct Rank: Hashable, Comparable, Sendable {
    var wholeName: Int
    var worstTier: Int
    /// How far the misspelt words are from what they match (0 when none is).
    var misspelling: Int
    var missingKeywords: Int
    var headMiss: Int
    var nameWords: Int

    public static func < (lhs: Rank, rhs: Rank) -> Bool {
      lhs.key < rhs.key
    }

    /// The rank in one number that orders as the rank does: each part in
    /// bits of its own, the first the highest. Cheap to sort and look up,
    /// where a keystroke ranks thousands of emoji.
    var key: UInt64 {
      UInt64(wholeName) << 40 | UInt64(worstTier) << 36 | UInt64(min(misspelling, 255)) << 24
        | UInt64(min(missingKeywords, 255)) << 12 | UInt64(headMiss) << 8 | UInt64(min(nameWords, 255))
    }
  }

  /// A query, folded and cut into words once per keystroke.
  struct Query: Sendable {
    let words: [SearchText.Bytes]
    /// The whole query as a short name (`SearchText.aliasKey`).
    let aliasKey: SearchText.Bytes
    /// For each word, the edits a misspelling of it may make: 0 for a
    /// word too short to guess at, or not plain ASCII (edits count bytes).
    let allowedEdits: [Int]

    init(_ text: String) {
      words = SearchText.words(of: text)
      aliasKey = SearchText.aliasKey(text)
      allowedEdits = words.map { word in
        guard word.allSatisfy({ $0 < 0x80 }) else { return 0 }
        return word.count >= 8 ? 2 : word.count >= 4 ? 1 : 0
      }
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
