import EmojiModel

/// A catalog made ready for search: each distinct emoji's words once
/// (`SearchEntry`), and which of them each flat position is. A keystroke
/// then ranks the distinct emoji (a few thousand, however long the catalog
/// is repeated with `--items`) and sorts the positions by their rank with a
/// counting sort: two passes over the positions, no comparisons, equals
/// left in catalog order.
public final class SearchIndex: Sendable {
  private let entries: [SearchEntry]
  /// The entry of every flat position.
  private let entryOfItem: [Int32]

  public init(_ catalog: EmojiCatalog) {
    // Two positions are the same emoji when they have the same code points
    // and name: a repeated catalog costs one entry per emoji, not per position.
    struct Key: Hashable {
      let scalars: [Unicode.Scalar]
      let name: String
    }
    var entryByKey: [Key: Int32] = [:]
    var entries: [SearchEntry] = []
    var entryOfItem: [Int32] = []
    entryOfItem.reserveCapacity(catalog.count)
    for section in catalog.sections {
      for emoji in section.emoji {
        let key = Key(scalars: emoji.scalars, name: emoji.name)
        if let entry = entryByKey[key] {
          entryOfItem.append(entry)
        } else {
          let entry = Int32(entries.count)
          entryByKey[key] = entry
          entries.append(SearchEntry(emoji))
          entryOfItem.append(entry)
        }
      }
    }
    self.entries = entries
    self.entryOfItem = entryOfItem
  }

  /// The catalog positions that match `query`, best first, among
  /// `candidates` (ascending; nil for every position). Stops early, with
  /// nil, when `isCancelled` says so (a newer keystroke wants the work).
  public func ranked(
    _ query: String, among candidates: [Int]? = nil, isCancelled: () -> Bool = { false }
  ) -> [Int]? {
    let query = SearchRanking.Query(query)
    guard !query.isEmpty else { return [] }
    // Each distinct emoji's rank (as its key), then each distinct rank's
    // place in order: the bucket its positions go in.
    let keys = entries.map { SearchRanking.rank($0, for: query)?.key ?? .max }
    var order = keys.filter { $0 != .max }.sorted()
    order.removeSubrange(order.uniquePrefixEnd()...)
    guard !order.isEmpty else { return [] }
    let bucketOfEntry = keys.map { key in
      key == .max ? -1 : Int32(order.partitioningIndex { $0 >= key })
    }

    // Counting sort: how many positions fall in each bucket, then where
    // each bucket starts, then every position in its place.
    var starts = [Int](repeating: 0, count: order.count + 1)
    var passed = 0
    func visit(_ body: (Int, Int32) -> Void) -> Bool {
      func one(_ item: Int) -> Bool {
        passed += 1
        if passed & 0xFFFF == 0, isCancelled() { return false }
        let bucket = bucketOfEntry[Int(entryOfItem[item])]
        if bucket >= 0 { body(item, bucket) }
        return true
      }
      if let candidates {
        for item in candidates where !one(item) { return false }
      } else {
        for item in entryOfItem.indices where !one(item) { return false }
      }
      return true
    }
    guard visit({ _, bucket in starts[Int(bucket) + 1] += 1 }) else { return nil }
    for bucket in order.indices { starts[bucket + 1] += starts[bucket] }
    var ranked = [Int](repeating: 0, count: starts[order.count])
    guard
      visit({ item, bucket in
        ranked[starts[Int(bucket)]] = item
        starts[Int(bucket)] += 1
      })
    else { return nil }
    return ranked
  }
}

extension Array where Element: Equatable {
  /// Moves the distinct elements of this sorted array to its front, in
  /// order, and says where they end.
  fileprivate mutating func uniquePrefixEnd() -> Int {
    guard !isEmpty else { return 0 }
    var end = 1
    for index in 1..<count where self[index] != self[end - 1] {
      self[end] = self[index]
      end += 1
    }
    return end
  }
}
