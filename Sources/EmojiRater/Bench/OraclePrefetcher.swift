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

  /// The share of `displays` at or after `measuredFrom` whose item could
  /// have been loaded by then, with loads starting no earlier than 0 and at
  /// most `pool` at a time (0: no bound).
  public static func readyRate(
    displays: [Display], latency: (Int) -> Double, pool: Int, measuredFrom: Double,
    initiallyLoaded: Set<Int> = []
  ) -> Double? {
    let measured = displays.filter { $0.time >= measuredFrom }
    guard !measured.isEmpty else { return nil }
    // Each item's display times, soonest first: its deadlines in turn.
    var timesByItem: [Int: [Double]] = [:]
    for display in displays where !initiallyLoaded.contains(display.item) {
      timesByItem[display.item, default: []].append(display.time)
    }
    // (deadline, item, index of that deadline among the item's times), soonest last.
    var pending = timesByItem.map { item, times -> (Double, Int, Int) in
      let sorted = times.sorted()
      timesByItem[item] = sorted
      return (sorted[0], item, 0)
    }
    pending.sort { ($0.0, $0.1) > ($1.0, $1.1) }
    // Slots free at these times; a bound pool starts with `pool` slots free at 0.
    var slots = [Double](repeating: 0, count: pool > 0 ? pool : 0)
    var loadedAt = Dictionary(uniqueKeysWithValues: initiallyLoaded.map { ($0, 0.0) })
    while let (deadline, item, index) = pending.popLast() {
      let slot = pool > 0 ? slots.indices.min { slots[$0] < slots[$1] } : nil
      let finish = (slot.map { slots[$0] } ?? 0) + latency(item)
      guard finish <= deadline else {
        // Hopeless for this display: aim at its next one, if any, leaving the slot to others.
        let times = timesByItem[item]!
        if index + 1 < times.count {
          let next = (times[index + 1], item, index + 1)
          let position = pending.firstIndex { ($0.0, $0.1) < (next.0, next.1) } ?? pending.endIndex
          pending.insert(next, at: position)
        }
        continue
      }
      loadedAt[item] = finish
      if let slot { slots[slot] = finish }
    }
    let ready = measured.filter { display in loadedAt[display.item].map { $0 <= display.time } ?? false }
    return Double(ready.count) / Double(measured.count)
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
    guard pool > 0 else {
      // Without a bound nothing waits, so the rule changes nothing.
      return readyRate(
        displays: displays, latency: latency, pool: pool, measuredFrom: measuredFrom,
        initiallyLoaded: initiallyLoaded)
    }
    let measured = displays.filter { $0.time >= measuredFrom }
    guard !measured.isEmpty else { return nil }
    // Time only moves forward (each slot frees after it was taken), and a
    // display that cannot be met now never can be later. So one pass over
    // the displays in time order serves both kinds of load: those before
    // `arrived` have come on screen (the visible queue starts at `visible`),
    // those from `prefetch` on are still to come.
    let ordered = displays.filter { !initiallyLoaded.contains($0.item) }.sorted {
      ($0.time, $0.item) < ($1.time, $1.item)
    }
    var latencies: [Int: Double] = [:]
    for display in ordered where latencies[display.item] == nil {
      latencies[display.item] = latency(display.item)
    }
    var loadedAt = Dictionary(uniqueKeysWithValues: initiallyLoaded.map { ($0, 0.0) })
    var visible = 0
    var arrived = 0
    var prefetch = 0
    // When each slot is next free; time moves forward with the soonest.
    var slots = [Double](repeating: 0, count: pool)
    while true {
      let slot = slots.indices.min { slots[$0] < slots[$1] }!
      let now = slots[slot]
      while arrived < ordered.count, ordered[arrived].time <= now { arrived += 1 }
      prefetch = max(prefetch, arrived)
      // A cell on screen without its data, that its load would reach in time, the one shown longest.
      while visible < arrived {
        let display = ordered[visible]
        if loadedAt[display.item] == nil, now < display.end, now + latencies[display.item]! <= display.end {
          break
        }
        visible += 1
      }
      // Else the display due soonest that a load started now would make.
      if visible == arrived {
        while prefetch < ordered.count {
          let display = ordered[prefetch]
          if loadedAt[display.item] == nil, now + latencies[display.item]! <= display.time { break }
          prefetch += 1
        }
      }
      let next = visible < arrived ? visible : prefetch < ordered.count ? prefetch : nil
      if let next {
        let item = ordered[next].item
        loadedAt[item] = now + latencies[item]!
        slots[slot] = loadedAt[item]!
      } else if arrived < ordered.count {
        slots[slot] = ordered[arrived].time  // Nothing worth a slot: it idles until the next cell comes.
      } else {
        break
      }
    }
    let ready = measured.filter { display in loadedAt[display.item].map { $0 <= display.time } ?? false }
    return Double(ready.count) / Double(measured.count)
  }
}
