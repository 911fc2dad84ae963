import Support
import Testing

@testable import EmojiServer

/// The buckets on a clock the test turns.
@Suite struct RateLimiterTests {
  final class Clock: Sendable {
    let seconds = Locked(0.0)
    func advance(_ by: Double) { seconds.withLock { $0 += by } }
  }

  @Test func aBurstGoesThenTheRateHolds() {
    let clock = Clock()
    let limiter = RateLimiter<String>(rate: 20, burst: 40) { clock.seconds.withLock { $0 } }
    for _ in 0..<40 { #expect(limiter.take("ana") == nil) }
    #expect(limiter.take("ana") == 1.0 / 20, "one more in a twentieth of a second")
    clock.advance(0.5)
    for _ in 0..<10 { #expect(limiter.take("ana") == nil) }
    #expect(limiter.take("ana") != nil)
  }

  @Test func eachKeyHasItsOwnBucket() {
    let limiter = RateLimiter<String>(rate: 1, burst: 1) { 0 }
    #expect(limiter.take("ana") == nil)
    #expect(limiter.take("ana") != nil)
    #expect(limiter.take("bob") == nil)
  }

  @Test func aBucketFillsNoHigherThanTheBurst() {
    let clock = Clock()
    let limiter = RateLimiter<String>(rate: 10, burst: 3) { clock.seconds.withLock { $0 } }
    clock.advance(3600)
    for _ in 0..<3 { #expect(limiter.take("ana") == nil) }
    #expect(limiter.take("ana") != nil)
  }

  @Test func fullBucketsAreForgottenPastTheLimit() {
    let clock = Clock()
    let limiter = RateLimiter<Int>(rate: 1, burst: 2, remembered: 100) { clock.seconds.withLock { $0 } }
    for key in 0..<100 { _ = limiter.take(key) }
    clock.advance(10)  // Every bucket full again.
    _ = limiter.take(1_000)
    #expect(limiter.count == 1, "only the bucket just used is kept")
  }
}
