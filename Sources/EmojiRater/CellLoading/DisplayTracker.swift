/// The cells on screen still waiting for their data, and how cells met
/// theirs (`DisplayCounters`): the loading controller's bookkeeping of
/// `willDisplay` and `didEndDisplaying`, apart from the loader it drives.
/// Items are catalog positions; times are nanoseconds.
struct DisplayTracker {
  /// How cells met their data since the last `resetCounters`.
  private(set) var counters = DisplayCounters()
  /// Items on screen whose data has not arrived, with when they came on screen.
  private var waitingSince: [Int: UInt64] = [:]
  /// Items displayed without their data that the loader has not been asked for yet.
  private var toLoad: [Int] = []

  /// `item` came on screen at `time`, its data there already or not.
  /// Returns whether it waits for it.
  mutating func displayed(_ item: Int, ready: Bool, at time: UInt64) -> Bool {
    counters.displayed += 1
    if ready {
      counters.readyOnDisplay += 1
      counters.visibleLatency.record(milliseconds: 0)
      return false
    }
    waitingSince[item] = time
    return true
  }

  /// A waiting item to ask the loader for after the frame (`takeLoadsToAsk`).
  mutating func askLater(for item: Int) {
    toLoad.append(item)
  }

  /// The items to ask the loader for now: those put off that are still on
  /// screen and waiting.
  mutating func takeLoadsToAsk() -> [Int] {
    defer { toLoad.removeAll(keepingCapacity: true) }
    return toLoad.filter { waitingSince[$0] != nil }
  }

  /// Whether any item waits to be asked for after the frame.
  var hasLoadsToAsk: Bool { !toLoad.isEmpty }

  /// `item` left the screen.
  mutating func left(_ item: Int) {
    waitingSince.removeValue(forKey: item)
  }

  /// `item`'s data came, or its load failed, at `time`: if it was waiting
  /// on screen and is now shown with its data, the wait is counted.
  /// `withData` is asked only then (most arrivals are prefetches off screen).
  mutating func arrived(_ item: Int, withData: @autoclosure () -> Bool, at time: UInt64) {
    guard let since = waitingSince.removeValue(forKey: item), withData() else { return }
    counters.visibleLatency.record(milliseconds: Double(time - since) / 1_000_000)
  }

  /// `item`, on screen, lost its data (evicted) at `time`: it waits again.
  mutating func waitsAgain(_ item: Int, since time: UInt64) {
    waitingSince[item] = time
  }

  /// The screen shows other items: none waits any more.
  mutating func forgetWaits() {
    waitingSince.removeAll()
  }

  /// Whether a cell on screen still waits for its data (its spinner moves).
  var isWaiting: Bool { !waitingSince.isEmpty }

  /// How many cells on screen wait for their data.
  var waitingCount: Int { waitingSince.count }

  mutating func resetCounters() {
    counters = DisplayCounters()
  }
}
