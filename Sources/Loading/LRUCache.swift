import OrderedCollections

/// A bounded cache that forgets the least recently used entry first.
///
/// Entries remember whether they were ever used (displayed) so that the
/// loader can count loads that were wasted: fetched, then evicted unseen.
public struct LRUCache<Key: Hashable, Value> {
  public let capacity: Int
  /// Oldest first: a use moves an entry to the end.
  private var entries: OrderedDictionary<Key, Entry> = [:]

  private struct Entry {
    var value: Value
    var wasUsed: Bool
  }

  public init(capacity: Int) {
    precondition(capacity > 0, "a cache needs room for at least one entry")
    self.capacity = capacity
  }

  public var count: Int { entries.count }

  public func contains(_ key: Key) -> Bool { entries[key] != nil }

  /// The value, without counting it as a use.
  public func peek(_ key: Key) -> Value? { entries[key]?.value }

  /// The value, counted as a use: it becomes the most recent.
  public mutating func use(_ key: Key) -> Value? {
    guard let index = entries.index(forKey: key) else { return nil }
    var entry = entries.remove(at: index).value
    entry.wasUsed = true
    entries[key] = entry
    return entry.value
  }

  /// Stores a value as the most recent; returns how many entries were
  /// evicted to make room that had never been used.
  @discardableResult
  public mutating func insert(_ value: Value, for key: Key, used: Bool = false) -> Int {
    let wasUsed = entries.removeValue(forKey: key)?.wasUsed ?? false
    entries[key] = Entry(value: value, wasUsed: used || wasUsed)
    var evictedUnused = 0
    while entries.count > capacity {
      if !entries.removeFirst().value.wasUsed { evictedUnused += 1 }
    }
    return evictedUnused
  }

  public mutating func removeAll() { entries.removeAll() }
}
