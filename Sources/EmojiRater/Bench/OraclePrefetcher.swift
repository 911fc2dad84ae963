import HeapModule
import Loading

/// The best a prefetcher could do: it knows the whole trace (when each item
/// will first be on screen) and every item's true latency, and has the same
/// pool. Earliest deadline first: whenever a slot is free it starts the item
/// due soonest among those that can still make it; an item that cannot make
/// its next display waits for the one after (it would only hold a slot).
/// Pure arithmetic, no clock.
///
/// Its ready-on-display rate is the ceiling the real prefetcher is scored
/// against: real ÷ oracle.
///
/// It comes in two kinds. `readyRate` spends every slot on future displays
/// and leaves a cell that missed its display empty. The app may not: a cell
/// on screen without its data must not wait behind prefetches (issue 3).
/// `readyRateServingVisibleFirst` obeys that rule, so it stands for the
/// best the real prefetcher could do with perfect knowledge: when the pool
/// cannot keep up with the scroll, cells on screen take slots there as they
/// do in the app. (Earliest deadline first is greedy, so it is a strong
/// reference rather than a proven optimum.)
public enum OraclePrefetcher {
  /// One time an item was on screen, in milliseconds from the trace's start.
  public struct Display: Equatable, Sendable {
    public var item: Int
    /// When it came on screen.
    public var time: Double
    /// When it left (infinity: still there when the run ended).
    public var end: Double

    public init(item: Int, time: Double, end: Double = .infinity) {
      self.item = item
      self.time = time
      self.end = end
    }
  }

  /// An item's display that a load could aim at: the soonest goes first.
  private struct Deadline: Comparable {
    var time: Double
    var item: Int
    /// Which of the item's displays, in time order.
    var index: Int

    static func < (a: Deadline, b: Deadline) -> Bool {
      (a.time, a.item) < (b.time, b.item)
    }
  }

  /// The share of `displays` at or after `measuredFrom` whose item could
  /// have been loaded by then, with loads starting no earlier than 0 and at
  /// most `pool` at a time (0: no bound).
  public static func readyRate(
    displays: [Display], latency: (Int) -> Double, pool: Int, measuredFrom: Double,
    initiallyLoaded: Set<Int> = []
  ) -> Double? {
    let loadedAt = loadTimes(
      displays: displays, latency: latency, pool: pool, initiallyLoaded: initiallyLoaded)
    return readyRate(of: displays, measuredFrom: measuredFrom, loadedAt: loadedAt)
  }

  /// The share of `displays` at or after `measuredFrom` whose item had
  /// arrived by then, by `loadedAt`.
  static func readyRate(of displays: [Display], measuredFrom: Double, loadedAt: [Int: Double]) -> Double? {
    let measured = displays.filter { $0.time >= measuredFrom }
    guard !measured.isEmpty else { return nil }
    let ready = measured.filter { display in loadedAt[display.item].map { $0 <= display.time } ?? false }
    return Double(ready.count) / Double(measured.count)
  }

  /// When each item's load lands, earliest deadline first (`readyRate`).
  public static func loadTimes(
    displays: [Display], latency: (Int) -> Double, pool: Int, initiallyLoaded: Set<Int> = []
  ) -> [Int: Double] {
    // Each item's display times, soonest first: its deadlines in turn.
    var timesByItem: [Int: [Double]] = [:]
    for display in displays where !initiallyLoaded.contains(display.item) {
      timesByItem[display.item, default: []].append(display.time)
    }
    // Each item's next deadline, soonest first.
    var pending = Heap(
      timesByItem.map { item, times -> Deadline in
        let sorted = times.sorted()
        timesByItem[item] = sorted
        return Deadline(time: sorted[0], item: item, index: 0)
      })
    // When each slot is next free; a bound pool starts with `pool` slots free at 0.
    var slots = Heap([Double](repeating: 0, count: pool > 0 ? pool : 0))
    var loadedAt = Dictionary(uniqueKeysWithValues: initiallyLoaded.map { ($0, 0.0) })
    while let deadline = pending.popMin() {
      let finish = (slots.min ?? 0) + latency(deadline.item)
      guard finish <= deadline.time else {
        // Hopeless for this display: aim at its next one, if any, leaving the slot to others.
        let times = timesByItem[deadline.item]!
        if deadline.index + 1 < times.count {
          pending.insert(
            Deadline(time: times[deadline.index + 1], item: deadline.item, index: deadline.index + 1))
        }
        continue
      }
      loadedAt[deadline.item] = finish
      if pool > 0 { slots.replaceMin(with: finish) }
    }
    return loadedAt
  }

  /// The share of `displays` at or after `measuredFrom` whose item was
  /// loaded by then, when a free slot goes first to a cell on screen without
  /// its data (the one shown longest), unless it would leave the screen
  /// before its load lands, and only then to the prefetch due soonest that
  /// can make it. Same inputs as `readyRate`.
  public static func readyRateServingVisibleFirst(
    displays: [Display], latency: (Int) -> Double, pool: Int, measuredFrom: Double,
    initiallyLoaded: Set<Int> = []
  ) -> Double? {
    let loadedAt = loadTimesServingVisibleFirst(
      displays: displays, latency: latency, pool: pool, initiallyLoaded: initiallyLoaded)
    return readyRate(of: displays, measuredFrom: measuredFrom, loadedAt: loadedAt)
  }

  /// The ready-on-display of an oracle that knows the trace (when each
  /// item will be on screen) but, like the app, not how long each load will
  /// take: it plans every load to take the same quantile of `distribution`,
  /// and each takes its true `latency`. Of the quantiles it could plan
  /// with (median, 3 in 4, 9 in 10), the best: the ceiling of a
  /// prefetcher that foresees the scroll perfectly but, like the app,
  /// cannot pick the quick loads for the near deadlines (greedy too, so a
  /// reference rather than a proven best).
  public static func blindReadyRate(
    displays: [Display], latency: (Int) -> Double, distribution: LatencyModel, pool: Int,
    measuredFrom: Double, initiallyLoaded: Set<Int> = []
  ) -> Double? {
    Self.blindPlanningQuantiles.compactMap { fraction -> Double? in
      let planned = distribution.quantile(fraction)
      let loadedAt = loadTimesServingVisibleFirst(
        displays: displays, latency: latency, plannedLatency: { _ in planned }, pool: pool,
        initiallyLoaded: initiallyLoaded)
      return readyRate(of: displays, measuredFrom: measuredFrom, loadedAt: loadedAt)
    }.max()
  }

  static let blindPlanningQuantiles = [0.5, 0.75, 0.9]

  /// When each item's load lands, cells on screen served first
  /// (`readyRateServingVisibleFirst`).
  ///
  /// `plannedLatency`, when given, is what the oracle believes each load
  /// will take when it decides whether a load can make its display; the
  /// load still takes its true `latency`. A blind oracle plans with the
  /// same figure for every item (`blindReadyRate`).
  public static func loadTimesServingVisibleFirst(
    displays: [Display], latency: (Int) -> Double, plannedLatency: ((Int) -> Double)? = nil, pool: Int,
    initiallyLoaded: Set<Int> = []
  ) -> [Int: Double] {
    guard pool > 0 else {
      // Without a bound nothing waits, so the rule changes nothing.
      return loadTimes(displays: displays, latency: latency, pool: pool, initiallyLoaded: initiallyLoaded)
    }
    // Time only moves forward (each slot frees after it was taken), and a
    // display that cannot be met now never can be later. So one pass over
    // the displays in time order serves both kinds of load: those before
    // `arrived` have come on screen (the visible queue starts at `visible`),
    // those from `prefetch` on are still to come.
    let ordered = displays.filter { !initiallyLoaded.contains($0.item) }.sorted {
      ($0.time, $0.item) < ($1.time, $1.item)
    }
    var latencies: [Int: Double] = [:]
    var planned: [Int: Double] = [:]
    for display in ordered where latencies[display.item] == nil {
      latencies[display.item] = latency(display.item)
      planned[display.item] = plannedLatency?(display.item) ?? latencies[display.item]
    }
    var loadedAt = Dictionary(uniqueKeysWithValues: initiallyLoaded.map { ($0, 0.0) })
    var visible = 0
    var arrived = 0
    var prefetch = 0
    // When each slot is next free; time moves forward with the soonest.
    var slots = Heap([Double](repeating: 0, count: pool))
    while let now = slots.popMin() {
      while arrived < ordered.count, ordered[arrived].time <= now { arrived += 1 }
      prefetch = max(prefetch, arrived)
      // A cell on screen without its data, that its load would reach in time, the one shown longest.
      while visible < arrived {
        let display = ordered[visible]
        if loadedAt[display.item] == nil, now < display.end, now + planned[display.item]! <= display.end {
          break
        }
        visible += 1
      }
      // Else the display due soonest that a load started now would make.
      if visible == arrived {
        while prefetch < ordered.count {
          let display = ordered[prefetch]
          if loadedAt[display.item] == nil, now + planned[display.item]! <= display.time { break }
          prefetch += 1
        }
      }
      let next = visible < arrived ? visible : prefetch < ordered.count ? prefetch : nil
      if let next {
        let item = ordered[next].item
        loadedAt[item] = now + latencies[item]!
        slots.insert(loadedAt[item]!)
      } else if arrived < ordered.count {
        slots.insert(ordered[arrived].time)  // Nothing worth a slot: it idles until the next cell comes.
      } else {
        break
      }
    }
    return loadedAt
  }
}
