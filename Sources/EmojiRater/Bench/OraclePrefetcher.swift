/// The best a prefetcher could do: it knows the whole trace (when each item
/// will first be on screen) and every item's true latency, and has the same
/// pool. Earliest deadline first: whenever a slot is free it starts the item
/// due soonest among those that can still make it; an item that cannot make
/// its next display waits for the one after (it would only hold a slot).
/// Pure arithmetic, no clock.
///
/// Its ready-on-display rate is the ceiling the real prefetcher is scored
/// against: real ÷ oracle.
public enum OraclePrefetcher {
  /// One time an item came on screen, in milliseconds from the trace's start.
  public struct Display: Equatable, Sendable {
    public var item: Int
    public var time: Double

    public init(item: Int, time: Double) {
      self.item = item
      self.time = time
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
}
