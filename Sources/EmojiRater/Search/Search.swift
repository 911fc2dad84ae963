/// A search by name and keyword (`/`): the query as typed, whether the
/// prompt still takes keys, where the selection was when it began, and
/// which query the grid's matches answer so far.
public struct Search: Equatable, Sendable {
  public private(set) var query = ""
  /// Typing (the prompt takes every key) or done (n / N step through the matches).
  public var isEditing = true
  /// The catalog item selected when the search began (nil: the grid showed
  /// nothing). Esc while typing goes back to it.
  public let origin: Int?
  /// The query whose matches the grid shows; nil while it shows the whole
  /// grid (no query yet). Behind `query` while a long catalog is ranked
  /// off the main thread.
  public internal(set) var answered: String?
  /// How many emoji match `answered`.
  public internal(set) var matchCount = 0
  /// The longest query: more than any emoji's name.
  public static let maximumQueryLength = 80

  public init(origin: Int?) {
    self.origin = origin
  }

  public mutating func setQuery(_ query: String) {
    self.query = query
  }

  /// Whether the query has no words: the grid shows everything the filter keeps.
  public var isBlank: Bool { SearchRanking.Query(query).isEmpty }

  /// Whether the grid's matches are for an older query than the one typed.
  public var isRanking: Bool { !isBlank && answered != query }
}

/// A query's matches, ready to show: ranked, mapped both ways, and titled.
/// Made in one piece, on the main thread for a catalog that ranks inside a
/// frame, on the search's queue for a longer one (`SearchRunner`); the
/// state takes it only if it still answers what is typed.
public struct SearchResults: Sendable {
  public let query: String
  /// Which of the filter's lists the matches were picked within
  /// (`AppState.filterGeneration`): votes change what a filter keeps.
  public let filterGeneration: Int
  public let shown: ShownItems
  public let count: Int

  /// Ranks `query` among `candidates` (what the filter keeps: ascending
  /// catalog positions, nil for all). nil if cancelled part way.
  public static func rank(
    _ query: String, in index: SearchIndex, among candidates: [Int]?, filterGeneration: Int,
    isCancelled: () -> Bool = { false }
  ) -> SearchResults? {
    guard let ranked = index.ranked(query, among: candidates, isCancelled: isCancelled) else { return nil }
    return SearchResults(
      query: query, filterGeneration: filterGeneration, shown: ShownItems(ranked), count: ranked.count)
  }
}
