/// What a person sees when a scroll stops, which ready-on-display (counted
/// as cells fly past) does not say: how much of the screen they stopped on
/// is still spinners, and how long until it is whole.
public struct SettleMetrics: Equatable, Sendable {
  /// How long after the last key of a burst the screen is looked at, in
  /// milliseconds: the frame that answers the key and a glance.
  public static let delay = 100.0

  /// Stops looked at.
  public var stops: Int
  /// The mean share, over the stops, of the cells on screen `delay` after
  /// the last key whose data had not arrived.
  public var spinners: Double
  /// The median time from a burst's last key until every cell on screen
  /// then has its data, in milliseconds; nil when at most half the stops
  /// got there before the next key (the median is then unknown, and long).
  public var fullScreenMilliseconds: Double?

  /// The figures for the stops whose last key is at `stops` (milliseconds,
  /// on the display log's clock, each with when the next key came, or the
  /// run's end), given when each item's data arrived (`loadedAt`: nil for
  /// never; the first screen's at 0).
  public static func measure(
    stops: [(lastKey: Double, nextKey: Double)], displays: [OraclePrefetcher.Display],
    loadedAt: (Int) -> Double?
  ) -> SettleMetrics? {
    var shares: [Double] = []
    var fullTimes: [Double] = []
    for stop in stops where stop.nextKey > stop.lastKey + delay {
      let looked = stop.lastKey + delay
      let onScreen = displays.filter { $0.time <= looked && $0.end > looked }.map(\.item)
      guard !onScreen.isEmpty else { continue }
      let arrivals = onScreen.map { loadedAt($0) ?? .infinity }
      shares.append(Double(arrivals.filter { $0 > looked }.count) / Double(onScreen.count))
      let whole = max(arrivals.max() ?? 0, stop.lastKey)
      // Not whole before the next key moved the screen: longer than the stop.
      fullTimes.append(whole < stop.nextKey ? whole - stop.lastKey : .infinity)
    }
    guard !shares.isEmpty else { return nil }
    let median = fullTimes.sorted()[fullTimes.count / 2]
    return SettleMetrics(
      stops: shares.count, spinners: shares.reduce(0, +) / Double(shares.count),
      fullScreenMilliseconds: median.isFinite ? median : nil)
  }

  /// The share of the time cells were on screen between `from` and `to`
  /// (milliseconds) that they showed a spinner, given when each item's
  /// data arrived (`loadedAt`: nil for never). What a person saw over the
  /// whole run: ready on display counts a cell at the moment it came, so a
  /// row flown past weighs as much as a screen read for seconds, and
  /// spinners at settle looks once at each stop, not at the screen being
  /// read. nil when nothing was on screen.
  public static func timeSpinning(
    displays: [OraclePrefetcher.Display], from: Double, to: Double, loadedAt: (Int) -> Double?
  ) -> Double? {
    var shown = 0.0
    var spinning = 0.0
    for display in displays {
      let start = max(display.time, from)
      let end = min(display.end, to)
      guard end > start else { continue }
      shown += end - start
      let arrival = loadedAt(display.item) ?? .infinity
      spinning += max(0, min(arrival, end) - start)
    }
    return shown > 0 ? spinning / shown : nil
  }

  /// The stops of a trace, from the times its steps were typed (on the
  /// display log's clock, one per step, in order): each step that ends a
  /// burst, with the time of the next, or `end`, at or after `measuredFrom`.
  public static func stops(
    steps: [ScrollTrace.Step], typedAt times: [Double], measuredFrom: Double, end: Double
  ) -> [(lastKey: Double, nextKey: Double)] {
    var stops: [(lastKey: Double, nextKey: Double)] = []
    for index in times.indices where index < steps.count && steps[index].endsBurst {
      guard times[index] >= measuredFrom else { continue }
      stops.append((times[index], index + 1 < times.count ? times[index + 1] : end))
    }
    return stops
  }
}
