import FrameTiming

/// What the benchmark needs of a run, load by load and cell by cell: when
/// each cell came on screen and left it (the oracles' displays), when each
/// item's data first arrived (what a stop showed: `SettleMetrics`), and
/// each load that took a slot, with what the app made of it (`LoadLog`),
/// and each landing and cancellation (`LoadFates`), all in milliseconds
/// from `start`.
/// Appends only while the run goes; paired into displays when asked, so a
/// frame pays an append per cell, no lookup.
@MainActor
public final class RunLog: LoadingObserver {
  private let start: UInt64
  private var events: [DisplayEvent] = []
  /// When each item's data first arrived.
  public private(set) var arrivals: [Int: Double] = [:]
  /// Every load that took a slot, every landing (an item evicted and
  /// loaded again lands twice) and every cancellation of a load under way.
  public private(set) var loads = LoadFates.Log()
  /// What the app made of each load in `loads.starts`, in the same order,
  /// when the run is asked to keep it (`readsLoads`, for `bench
  /// --load-log`): worked out per load, it is not for every run.
  public private(set) var readings: [LoadReading] = []
  private let readsLoads: Bool

  private struct DisplayEvent {
    var item: Int
    var time: Double
    var isEnd: Bool
  }

  /// A log whose times count from `start` (nanoseconds on the controller's
  /// clock), keeping what the app made of each load if `readsLoads`.
  public init(start: UInt64, readsLoads: Bool = false) {
    self.start = start
    self.readsLoads = readsLoads
  }

  private func milliseconds(_ time: UInt64) -> Double {
    (Double(time) - Double(start)) / 1e6
  }

  public func cameOnScreen(item: Int, at time: UInt64) {
    events.append(DisplayEvent(item: item, time: milliseconds(time), isEnd: false))
  }

  public func leftScreen(item: Int, at time: UInt64) {
    events.append(DisplayEvent(item: item, time: milliseconds(time), isEnd: true))
  }

  public func loadStarted(item: Int, at time: UInt64, reading: @autoclosure () -> LoadReading) {
    loads.starts.append(.init(item: item, time: milliseconds(time)))
    if readsLoads { readings.append(reading()) }
  }

  public func dataLanded(item: Int, at time: UInt64) {
    let time = milliseconds(time)
    if arrivals[item] == nil { arrivals[item] = time }
    loads.landings.append(.init(item: item, time: time))
  }

  public func loadCancelled(item: Int, at time: UInt64) {
    loads.cancellations.append(.init(item: item, time: milliseconds(time)))
  }

  /// Every display, in the order they began.
  public var displays: [OraclePrefetcher.Display] {
    var log: [OraclePrefetcher.Display] = []
    var open: [Int: Int] = [:]  // Where each item on screen has its display in `log`.
    for event in events {
      if event.isEnd {
        if let index = open.removeValue(forKey: event.item) { log[index].end = event.time }
      } else {
        open[event.item] = log.count
        log.append(.init(item: event.item, time: event.time))
      }
    }
    return log
  }
}
