import CollectionKit

/// An incremental search by name and keyword (`/`): the query as typed,
/// its matches, where the search started, and whether the prompt is still
/// taking keys.
public struct Search: Equatable, Sendable {
  public private(set) var query = ""
  /// Flat positions of the matching emoji, in order; found once per change
  /// of the query, not per frame.
  public private(set) var matches: [Int] = []
  /// Typing (the prompt takes every key) or done (n / N step through matches).
  public var isEditing = true
  /// Where the selection was when the search began: each keystroke looks
  /// from there, so narrowing the query does not skip past a match.
  public let origin: Int
  /// The longest query: more than any emoji's name.
  public static let maximumQueryLength = 80

  public init(origin: Int) {
    self.origin = origin
  }

  /// Sets the query and finds its matches in `catalog`.
  public mutating func setQuery(_ query: String, in catalog: EmojiCatalog) {
    self.query = query
    let words = SearchRanking.words(of: query)
    matches = catalog.sections.lazy.flatMap(\.emoji).enumerated()
      .filter { SearchRanking.matches($0.element, words: words) }.map(\.offset)
  }

  /// Whether an emoji matches: every word of the query appears in its name,
  /// or starts a word of one of its keywords, in any order, ignoring case
  /// ("cat face" finds "grinning cat face", "laugh" finds 😂 "face with
  /// tears of joy" by its keyword "laugh"; "cat" does not find 🥴 by
  /// "intoxicated").
  static func matches(_ query: String, _ emoji: Emoji) -> Bool {
    SearchRanking.matches(emoji, words: SearchRanking.words(of: query))
  }

  /// The first match at or after `item` going forward (at or before it
  /// going backward), wrapping round; nil when nothing matches.
  public func match(from item: Int, forward: Bool = true) -> Int? {
    guard !matches.isEmpty else { return nil }
    if forward {
      return matches.first { $0 >= item } ?? matches.first
    }
    return matches.last { $0 <= item } ?? matches.last
  }

  /// Which match `item` is (1-based), if it is one.
  public func position(of item: Int) -> Int? {
    matches.firstIndex(of: item).map { $0 + 1 }
  }
}
