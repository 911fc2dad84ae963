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

  @Test func reportsEvictionsOfEntriesNeverUsed() {
    var cache = LRUCache<String, Int>(capacity: 1)
    cache.insert(1, for: "a")
    #expect(cache.insert(2, for: "b") == 1)
    _ = cache.use("b")
    #expect(cache.insert(3, for: "c") == 0)
    #expect(cache.insert(4, for: "d", used: true) == 1)
  }
}
