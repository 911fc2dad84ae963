import Foundation
import Support

/// How often each key (a voter, an address) may do something: a bucket
/// per key that fills at `rate` a second up to `burst`, and each time
/// takes one. A person voting down a column of emoji bursts, then rests;
/// a script voting as fast as it can is held to the rate.
final class RateLimiter<Key: Hashable & Sendable>: Sendable {
  private struct Bucket {
    var tokens: Double
    var updated: Double
  }

  let rate: Double
  let burst: Double
  private let buckets = Locked([Key: Bucket]())
  /// Seconds on a clock that only goes forward.
  private let now: @Sendable () -> Double
  /// Keys are forgotten once their bucket is full again, when there are
  /// more than this many: a full bucket is no different from none.
  private let remembered: Int

  init(
    rate: Double, burst: Double, remembered: Int = 10_000,
    now: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
  ) {
    self.rate = rate
    self.burst = burst
    self.remembered = remembered
    self.now = now
  }

  /// Takes one for `key`: nil if it may go ahead, else the seconds until
  /// it may.
  func take(_ key: Key) -> Double? {
    let time = now()
    return buckets.withLock { buckets in
      var bucket = buckets[key] ?? Bucket(tokens: burst, updated: time)
      bucket.tokens = min(burst, bucket.tokens + (time - bucket.updated) * rate)
      bucket.updated = time
      defer {
        buckets[key] = bucket
        if buckets.count > remembered { forgetFull(&buckets, at: time) }
      }
      guard bucket.tokens >= 1 else { return (1 - bucket.tokens) / rate }
      bucket.tokens -= 1
      return nil
    }
  }

  /// How many keys it holds a bucket for.
  var count: Int { buckets.withLock { $0.count } }

  private func forgetFull(_ buckets: inout [Key: Bucket], at time: Double) {
    buckets = buckets.filter { _, bucket in bucket.tokens + (time - bucket.updated) * rate < burst }
  }
}

/// How often a voter may vote and an address may register voters: what
/// keeps one client from flooding the database.
public struct RatingsLimits: Sendable {
  /// Votes a second per voter, after a burst of `voteBurst` (a person
  /// voting down a column of emoji as fast as the keys repeat).
  public var votesPerSecond: Double = 20
  public var voteBurst: Double = 40
  /// Voters an address may register an hour, after a first
  /// `registrationBurst` (a household or an office behind one address).
  public var registrationsPerHour: Double = 60
  public var registrationBurst: Double = 20

  public init() {}
}
