import Loading
import Testing

@Suite struct LRUCacheTests {
  @Test func forgetsTheLeastRecentlyUsedFirst() {
    var cache = LRUCache<String, Int>(capacity: 2)
    cache.insert(1, for: "a")
    cache.insert(2, for: "b")
    #expect(cache.use("a") == 1)  // b is now the oldest
    cache.insert(3, for: "c")
    #expect(cache.contains("a"))
    #expect(!cache.contains("b"))
    #expect(cache.count == 2)
  }

  @Test func peekingDoesNotRefresh() {
    var cache = LRUCache<String, Int>(capacity: 2)
    cache.insert(1, for: "a")
    cache.insert(2, for: "b")
    #expect(cache.peek("a") == 1)
    cache.insert(3, for: "c")
    #expect(!cache.contains("a"))
  }

  /// A fresher copy keeps the entry's turn and whether it was used; a
  /// key not kept is not added.
  @Test func replacingAValueKeepsItsPlace() {
    var cache = LRUCache<String, Int>(capacity: 2)
    cache.insert(1, for: "a")
    cache.insert(2, for: "b")
    let replaced = cache.replace("a", with: 10)
    let added = cache.replace("z", with: 26)
    #expect(replaced && !added)
    #expect(!cache.contains("z"))
    #expect(cache.peek("a") == 10)
    // Still the oldest, and never used.
    let evicted = cache.insert(3, for: "c")
    #expect(evicted == [.init(key: "a", wasUsed: false)])
  }

  @Test func reportsEvictionsOfEntriesNeverUsed() {
    var cache = LRUCache<String, Int>(capacity: 1)
    cache.insert(1, for: "a")
    #expect(cache.insert(2, for: "b") == [.init(key: "a", wasUsed: false)])
    _ = cache.use("b")
    #expect(cache.insert(3, for: "c") == [.init(key: "b", wasUsed: true)])
    #expect(cache.insert(4, for: "d", used: true) == [.init(key: "c", wasUsed: false)])
  }
}

@Suite struct LRUCacheOrderTests {
  /// Many uses of the same few entries (a cell on screen for many frames)
  /// must neither grow without bound nor disturb the order.
  @Test func repeatedUsesKeepTheOrder() {
    var cache = LRUCache<Int, Int>(capacity: 3)
    for key in 0..<3 { cache.insert(key, for: key) }
    for _ in 0..<1_000 {
      _ = cache.use(0)
      _ = cache.use(2)
    }
    // 1 is the least recently used, then 0, then 2.
    cache.insert(3, for: 3)
    #expect(!cache.contains(1))
    cache.insert(4, for: 4)
    #expect(!cache.contains(0))
    #expect(cache.contains(2) && cache.contains(3) && cache.contains(4))
    #expect(cache.count == 3)
  }

  @Test func reinsertingAKeyRefreshesIt() {
    var cache = LRUCache<String, Int>(capacity: 2)
    cache.insert(1, for: "a")
    cache.insert(2, for: "b")
    cache.insert(10, for: "a")
    cache.insert(3, for: "c")
    #expect(cache.peek("a") == 10)
    #expect(!cache.contains("b"))
  }
}
