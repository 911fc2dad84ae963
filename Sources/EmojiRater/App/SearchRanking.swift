/// How well an emoji answers a search, best first: its whole name is the
/// query; then, for the query's worst-matched word, a name word that starts
/// with it, a keyword equal to it, a keyword word that starts with it, or a
/// match inside a name word. Among equals, more query words that are whole
/// keywords, then a name that ends with a query word (English puts the
/// thing last: "red heart" is a heart, "heart decoration" a decoration),
/// then shorter names, then catalog order. `heart` puts ❤️ first, `cat` 🐈,
/// `laugh` 🤣 😆 😂.
public enum SearchRanking {
  /// One emoji's standing; lower is better. nil: it does not match.
  public struct Rank: Comparable, Sendable {
    var wholeName: Int
    var worstTier: Int
    var missingKeywords: Int
    var headMiss: Int
    var nameWords: Int

    public static func < (lhs: Rank, rhs: Rank) -> Bool {
      (lhs.wholeName, lhs.worstTier, lhs.missingKeywords, lhs.headMiss, lhs.nameWords)
        < (rhs.wholeName, rhs.worstTier, rhs.missingKeywords, rhs.headMiss, rhs.nameWords)
    }
  }

  /// The query's words, lower case.
  static func words(of query: String) -> [Substring] {
    query.lowercased().split(separator: " ")
  }

  /// Whether every one of `words` is inside `emoji`'s name or starts a
  /// word of one of its keywords: the search's matches, which `rank`
  /// orders. Cheaper than ranking, for the search's every keystroke.
  static func matches(_ emoji: Emoji, words: [Substring]) -> Bool {
    guard !words.isEmpty else { return false }
    let name = emoji.name.lowercased()
    return words.allSatisfy { name.contains($0) || startsAKeywordWord($0, of: emoji) }
  }

  /// Whether `word` begins a word of one of `emoji`'s keywords: at a
  /// keyword's start, or after a space in it.
  private static func startsAKeywordWord(_ word: Substring, of emoji: Emoji) -> Bool {
    let spaced = " " + word
    return emoji.keywords.contains { $0.hasPrefix(word) || $0.contains(spaced) }
  }

  /// How `emoji` answers `query`; nil when some word of it is in neither
  /// its name nor at the start of a word of its keywords.
  public static func rank(_ emoji: Emoji, for query: String) -> Rank? {
    rank(emoji, words: words(of: query))
  }

  static func rank(_ emoji: Emoji, words: [Substring]) -> Rank? {
    guard !words.isEmpty else { return nil }
    let name = emoji.name.lowercased()
    let nameWords = name.split(separator: " ")
    var worst = 0
    var missing = 0
    for word in words {
      let tier: Int
      if nameWords.contains(where: { $0.hasPrefix(word) }) {
        tier = 1
      } else if emoji.keywords.contains(where: { $0 == word }) {
        tier = 2
      } else if startsAKeywordWord(word, of: emoji) {
        tier = 3
      } else if name.contains(word) {
        tier = 4
      } else {
        return nil
      }
      worst = max(worst, tier)
      if !emoji.keywords.contains(where: { $0 == word }) { missing += 1 }
    }
    let head = nameWords.last.map { last in words.contains { $0 == last } } ?? false
    return Rank(
      wholeName: nameWords.elementsEqual(words) ? 0 : 1, worstTier: worst,
      missingKeywords: missing, headMiss: head ? 0 : 1, nameWords: nameWords.count)
  }

  /// The flat positions of `catalog`'s emoji that match `query`, best first.
  public static func ranked(_ query: String, in catalog: EmojiCatalog) -> [Int] {
    let words = words(of: query)
    var found: [(rank: Rank, item: Int)] = []
    for (item, emoji) in catalog.sections.lazy.flatMap(\.emoji).enumerated() {
      if let rank = rank(emoji, words: words) { found.append((rank, item)) }
    }
    // Stable: equals stay in catalog order.
    return found.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(
      \.element.item)
  }
}
