import HeapModule

/// How long loads take, in milliseconds, as quantiles: what a prefetch
/// must allow for to be done by the time its cell shows.
public protocol LatencyQuantiles: Sendable {
  /// The delay that `fraction` of loads stay under, in milliseconds.
  func quantile(_ fraction: Double) -> Double
}

extension LatencyModel: LatencyQuantiles {}

/// The latency loads have been taking lately, as the loader measured them
/// (from a load's start to its data): the prefetcher plans with the server
/// it is talking to, not with the figure it was started with (`--latency`
/// is a guess about a real server). Until enough loads have landed, the
/// `prior` stands in.
///
/// A load cancelled while it waited counts too, as one that took at least
/// that long. Counting only the loads that landed would read the server
/// as quicker than it is: a scroll cancels the loads still waiting, which
/// are the slow ones (`make bench-families`, 5 seeds: planning with the
/// landed loads alone, held at 80×24 fell from 26% ready on display to
/// 21%, wheel at 200×60 from 11% to 6%). The quantiles are the
/// Kaplan–Meier estimate, which reads such "at least" times as they are.
///
/// The loads remembered are the latest to start, not the latest to end.
/// Of the loads that started together, the quick ones end first: the
/// latest to end are, at their oldest, the slow ones of loads whose quick
/// ones are forgotten, and a pool busy with loads of 0.5 to 2 s read their
/// median 4% slow (1.30 s for 1.25). Of the latest to start, those that
/// have ended are measured and those still under way count as "at least
/// their wait", so every start counts once whatever its load took.
public struct ObservedLatency: LatencyQuantiles {
  /// What is assumed before the loads say otherwise.
  public let prior: LatencyModel
  /// How many of the latest loads count (`memory(forPool:)`).
  public private(set) var memory: Int
  /// The fewest loads remembered, whatever the pool: a few seconds of a
  /// small one's, so a server that slows down is followed within seconds.
  public static let shortestMemory = 256

  /// How many of the latest loads to remember with `pool` loads under way
  /// at most: four times as many, a few seconds of a busy pool at any
  /// size, so that a server that slows down is followed within seconds.
  /// Remembered by when they ended, fewer loads than were under way read
  /// the server as slower than it was, and after a page's slide cancelled
  /// a screen of loads, as slow as the longest wait (at 200×60, 562 under
  /// way, loads of a median 0.9 s on a log-normal curve: the median read
  /// 1.5 s, and up to 4.5 s, and the screen being read, each cell worth
  /// what was left of the pause less that, waited; `docs/benchmark.md`,
  /// "The latency the planner reads"). Counted by when they started, the
  /// loads under way that began before those remembered are left out, so
  /// they can no longer outnumber the rest.
  public static func memory(forPool pool: Int) -> Int {
    max(shortestMemory, 4 * pool)
  }
  /// How many loads must have landed before they are believed over the prior.
  public static let minimumSamples = 32

  /// A load's time, and when it started (on the loader's clock), by which
  /// the oldest is forgotten first.
  private struct Sample: Comparable {
    var started: UInt64
    var milliseconds: Double
    /// false: cancelled, or still under way, after waiting this long.
    var landed: Bool

    static func < (a: Sample, b: Sample) -> Bool { a.started < b.started }

    /// Whether it is a time at all (not NaN, infinite or negative).
    var isTime: Bool { milliseconds.isFinite && milliseconds >= 0 }
  }

  /// A load still under way: when it started, and how long it has waited.
  public typealias Wait = (started: UInt64, milliseconds: Double)

  /// The `memory` loads that started last of those that ended.
  private var samples = Heap<Sample>()
  /// Loads that landed among `samples`.
  private var landedCount = 0
  /// Loads still under way, in a copy made for a reading (`countingWaits`).
  private var waits: [Sample] = []
  /// Loads measured so far, landed or cut short, all told.
  public private(set) var count = 0

  public init(prior: LatencyModel, memory: Int = ObservedLatency.shortestMemory) {
    self.prior = prior
    self.memory = max(1, memory)
  }

  /// Remembers the latest `memory` loads from now on, the latest started
  /// of those already remembered kept (the pool's size changed).
  public mutating func remember(atMost memory: Int) {
    self.memory = max(1, memory)
    forgetTheOldest()
  }

  /// Notes one load, started at `started`, whose data came after
  /// `milliseconds`.
  public mutating func record(milliseconds: Double, started: UInt64) {
    add(Sample(started: started, milliseconds: milliseconds, landed: true))
  }

  /// Notes one load, started at `started`, cancelled after waiting
  /// `milliseconds`: it would have taken at least that long.
  public mutating func recordCancelled(after milliseconds: Double, started: UInt64) {
    add(Sample(started: started, milliseconds: milliseconds, landed: false))
  }

  private mutating func add(_ sample: Sample) {
    guard sample.isTime else { return }
    count += 1
    samples.insert(sample)
    if sample.landed { landedCount += 1 }
    forgetTheOldest()
  }

  private mutating func forgetTheOldest() {
    while samples.count > memory, let oldest = samples.popMin() {
      if oldest.landed { landedCount -= 1 }
    }
  }

  /// A copy for reading quantiles that also counts the loads still
  /// waiting, each as one that takes at least its wait so far. Without
  /// them the first loads to land, the quickest, would read as the whole:
  /// 32 loads into a run, 0.9 of them seemed to land within 0.94 s, where
  /// the truth was 1.85 s. Not those that started before every load
  /// remembered: the loads that started with them are forgotten, and only
  /// the slow ones would count.
  public func countingWaits(_ waits: [Wait]) -> ObservedLatency {
    var copy = self
    let forgottenBefore = samples.count >= memory ? samples.min?.started : nil
    copy.waits =
      waits
      .map { Sample(started: $0.started, milliseconds: $0.milliseconds, landed: false) }
      .filter { $0.isTime && $0.started >= forgottenBefore ?? 0 }
    return copy
  }

  /// Whether enough of the remembered loads landed to stand for the prior.
  public var isMeasured: Bool { landedCount >= Self.minimumSamples }

  /// The time under which `fraction` of loads land (see `LatencyCurve`).
  /// Works the curve out at each call: for several quantiles, ask `curve()`.
  public func quantile(_ fraction: Double) -> Double {
    curve().quantile(fraction)
  }

  /// The Kaplan–Meier estimate of the remembered loads, worked out once
  /// (a sort) for as many quantiles as are asked of it.
  public func curve() -> LatencyCurve {
    // Landed before cut short at the same time: a load cut at t had not landed by t.
    let sorted = (samples.unordered + waits).sorted { a, b in
      a.milliseconds != b.milliseconds ? a.milliseconds < b.milliseconds : a.landed && !b.landed
    }
    var atRisk = Double(sorted.count)
    var surviving = 1.0
    var landedShares: [(milliseconds: Double, share: Double)] = []
    for sample in sorted {
      if sample.landed {
        surviving *= 1 - 1 / atRisk
        landedShares.append((sample.milliseconds, 1 - surviving))
      }
      atRisk -= 1
    }
    return LatencyCurve(
      isMeasured: isMeasured, landedShares: landedShares, longestWait: sorted.last?.milliseconds ?? 0,
      prior: prior)
  }
}

/// Latency quantiles read off a Kaplan–Meier curve: each time a load
/// landed, with the share of loads estimated to have landed by then. Where
/// the loads cut short leave a share unknown (more than that share were
/// cancelled, or are still waiting, before any landed later), the longest
/// wait seen or the prior's quantile, whichever is longer. Until enough
/// loads have landed, the prior's.
public struct LatencyCurve: LatencyQuantiles {
  public let isMeasured: Bool
  let landedShares: [(milliseconds: Double, share: Double)]
  let longestWait: Double
  let prior: LatencyModel

  public func quantile(_ fraction: Double) -> Double {
    guard isMeasured else { return prior.quantile(fraction) }
    let target = min(max(fraction, 0), 1)
    if let landed = landedShares.first(where: { $0.share >= target - 1e-9 }) { return landed.milliseconds }
    return max(longestWait, prior.quantile(target))
  }
}
