import DequeModule

/// A bounded cache that forgets the least recently used entry first, in
/// constant time per operation (amortised): it is asked for every cell that
/// comes on screen and filled by every arrival, on the main thread.
///
/// Entries remember whether they were ever used (displayed) so that the
/// loader can count loads that were wasted: fetched, then evicted unseen.
public struct LRUCache<Key: Hashable, Value> {
  /// Entries kept at most. Lowering it evicts at the next insert.
  public var capacity: Int {
    didSet { precondition(capacity > 0, "a cache needs room for at least one entry") }
  }
  private var entries: [Key: Entry] = [:]
  /// Every insert and use in order, oldest first. A key may appear several
  /// times; only the mark that matches its entry's `lastUse` is current, the
  /// rest are skipped when evicting (and dropped when they pile up).
  private var uses: Deque<Use> = []
  private var nextMark: UInt64 = 0

  public struct Entry {
    fileprivate var value: Value
    fileprivate var wasUsed: Bool
    fileprivate var lastUse: UInt64
  }

  private struct Use {
    var key: Key
    var mark: UInt64
  }

  public init(capacity: Int) {
    precondition(capacity > 0, "a cache needs room for at least one entry")
    self.capacity = capacity
  }

  public var count: Int { entries.count }

  public func contains(_ key: Key) -> Bool { entries[key] != nil }

  /// Every key kept, in no order.
  public var keys: Dictionary<Key, Entry>.Keys { entries.keys }

  /// The value, without counting it as a use.
  public func peek(_ key: Key) -> Value? { entries[key]?.value }

  /// The value, counted as a use: it becomes the most recent.
  public mutating func use(_ key: Key) -> Value? {
    guard entries[key] != nil else { return nil }
    entries[key]!.wasUsed = true
    entries[key]!.lastUse = mark(key)
    return entries[key]!.value
  }

  /// An entry forgotten to make room.
  public struct Eviction: Equatable {
    public var key: Key
    /// Whether it was ever used: a value never used was loaded in vain.
    public var wasUsed: Bool

    public init(key: Key, wasUsed: Bool) {
      self.key = key
      self.wasUsed = wasUsed
    }
  }

  /// Stores a value as the most recent; returns the entries evicted to make room.
  @discardableResult
  public mutating func insert(_ value: Value, for key: Key, used: Bool = false) -> [Eviction] {
    let wasUsed = entries[key]?.wasUsed ?? false
    entries[key] = Entry(value: value, wasUsed: used || wasUsed, lastUse: mark(key))
    var evictions: [Eviction] = []
    while entries.count > capacity, let oldest = uses.popFirst() {
      guard entries[oldest.key]?.lastUse == oldest.mark else { continue }
      let entry = entries.removeValue(forKey: oldest.key)!
      evictions.append(Eviction(key: oldest.key, wasUsed: entry.wasUsed))
    }
    return evictions
  }

  /// Puts a fresher copy of a kept value in its place: its turn to be
  /// forgotten and whether it was used stay as they were. False when the
  /// key is not kept (nothing is added).
  @discardableResult
  public mutating func replace(_ key: Key, with value: Value) -> Bool {
    guard entries[key] != nil else { return false }
    entries[key]!.value = value
    return true
  }

  public mutating func removeAll() {
    entries.removeAll()
    uses.removeAll()
  }

  /// Records a use of `key` now and returns its mark (for the caller to
  /// store as the entry's `lastUse`).
  private mutating func mark(_ key: Key) -> UInt64 {
    if uses.count >= 2 * capacity + 64 { dropStaleUses() }
    let mark = nextMark
    nextMark += 1
    uses.append(Use(key: key, mark: mark))
    return mark
  }

  /// Keeps only the current mark of each entry, in order: a cell used on
  /// every frame must not grow the queue without bound.
  private mutating func dropStaleUses() {
    uses = Deque(uses.filter { entries[$0.key]?.lastUse == $0.mark })
  }
}
