import Loading

/// The most ready on display any prefetcher could have that, like the app,
/// learns how long a load takes only when it lands: however well it
/// foresees the scroll, it finishes no more loads than its pool's
/// throughput allows, and each of those can serve at most its item's
/// displays.
///
/// The oracle (`OraclePrefetcher`) has no such bound: knowing each load's
/// latency, it spends the slots on the quick ones, and finishes more loads
/// in a run than the pool's mean latency lets anyone else. Where this
/// ceiling is under the oracle's figure, that part of the oracle's lead is
/// out of every blind prefetcher's reach, the app's included.
///
/// Loose on purpose, so that it holds for any policy: it lets every load
/// land in time for every display of its item, and the items displayed
/// most often be the ones loaded.
public enum ThroughputCeiling {
  /// The loads `pool` slots, busy from the start, can expect to finish in
  /// `seconds` when no load's latency is known before it lands: per slot a
  /// renewal process, whose count Lorden's inequality bounds by t/μ +
  /// E[L²]/μ² − 1.
  ///
  /// nil where that bounds no prefetcher: an unbounded pool or no latency,
  /// and a log-normal latency, whose long tail makes cancelling a slow
  /// load and asking again pay. A uniform or fixed latency's hazard rises
  /// with age, so a load under way is always at least as near landing as
  /// a new one would be: cancelling it (the app does, when its cell leaves
  /// the window) finishes no more loads.
  public static func expectedLoads(pool: Int, seconds: Double, latency: LatencyModel) -> Double? {
    let mean = latency.mean / 1000
    guard pool > 0, seconds > 0, mean > 0 else { return nil }
    let spreadSquared: Double  // the squared coefficient of variation, E[L²]/μ² − 1
    switch latency {
    case .none, .logNormal: return nil
    case .fixed: spreadSquared = 0
    case .uniform(let range):
      let width = (range.upperBound - range.lowerBound) / 1000
      spreadSquared = width * width / 12 / (mean * mean)
    }
    return Double(pool) * (seconds / mean + spreadSquared)
  }

  /// The share of `displays` at or after `measuredFrom` that `loads`
  /// loads could have made ready: the items in `initiallyLoaded` free, then
  /// the items with the most measured displays, each for all of them.
  public static func readyRate(
    displays: [OraclePrefetcher.Display], measuredFrom: Double, loads: Double,
    initiallyLoaded: Set<Int> = []
  ) -> Double? {
    let measured = displays.filter { $0.time >= measuredFrom }
    guard !measured.isEmpty else { return nil }
    var ready = 0.0
    var displaysByItem: [Int: Int] = [:]
    for display in measured {
      if initiallyLoaded.contains(display.item) {
        ready += 1
      } else {
        displaysByItem[display.item, default: 0] += 1
      }
    }
    var left = max(0, loads)
    for count in displaysByItem.values.sorted(by: >) {
      guard left > 0 else { break }
      // A fraction of a load is what an expectation leaves over.
      ready += min(1, left) * Double(count)
      left -= 1
    }
    return min(1, ready / Double(measured.count))
  }
}
