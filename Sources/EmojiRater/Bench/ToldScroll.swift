import CollectionKit

/// The scroll told ahead: when each item will be on screen, from a run of
/// the same trace and seed before (`emoji-rater bench --told`). The app's
/// loading, ranked by it instead of its own forecast, shows what the rest
/// of the loading (the pool, the requests' ranking, the window) does when
/// the forecast is right: what separates the app from that run is its
/// forecast of the scroll; what separates that run from the oracle is
/// knowing each load's latency, which no app can.
///
/// Its ranking is the blind oracle's (`OraclePrefetcher.blindReadyRate`),
/// with the app's lead for a sure prefetch: a cell on screen first, unless
/// it leaves before a load that long lands; then the display due soonest
/// that a load started now would make, an item too late for its next
/// display aiming at the one after.
struct ToldScroll: Sendable {
  /// Each item's displays, in milliseconds from the trace's first key,
  /// soonest first.
  private let displaysOfItem: [Int: [OraclePrefetcher.Display]]
  /// Every display's start and item, soonest first (`upcoming`).
  private let starts: [(time: Double, item: Int)]
  /// How long before its display a load must start, in milliseconds.
  let lead: Double
  /// How far ahead the items to ask for reach, in milliseconds.
  let horizon: Double

  /// `displays` in milliseconds from the trace's first key.
  init(displays: [OraclePrefetcher.Display], lead: Double, horizon: Double = 4000) {
    displaysOfItem = Dictionary(grouping: displays, by: \.item).mapValues { $0.sorted { $0.time < $1.time } }
    starts = displays.map { (time: $0.time, item: $0.item) }.sorted { $0.time < $1.time }
    self.lead = lead
    self.horizon = horizon
  }

  /// The loader's rank for `item` at `now` (milliseconds from the trace's
  /// first key): lower goes first, infinity waits.
  func rank(of item: Int, at now: Double) -> Double {
    for display in displaysOfItem[item] ?? [] where display.end > now {
      if display.time <= now {
        // On screen: first, if it stays long enough for the load to land.
        if display.end - now >= lead { return -1 }
      } else if display.time - now >= lead {
        return display.time - now
      }
    }
    return .infinity
  }

  /// The items that come on screen after `now` and within `horizon`, in
  /// the order they come: what the loader is asked for.
  func upcoming(at now: Double) -> [Int] {
    let first = starts.partitioningIndex(where: { $0.time > now })
    var items: [Int] = []
    for start in starts[first...] {
      guard start.time <= now + horizon else { break }
      items.append(start.item)
    }
    return items
  }
}
