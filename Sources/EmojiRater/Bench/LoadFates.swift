/// Where a run's loads went, load by load: what the pool's slots were spent
/// on. Ready on display says how often a cell came on screen with its data;
/// this says why not, from the other side: loads that landed in time for
/// their cell, loads that landed after it came on screen, loads whose cell
/// never came, loads for cells already on screen (and whether those landed
/// before the cell left), loads cancelled before they landed, and loads
/// still under way when the run ended.
public struct LoadFates: Codable, Equatable, Sendable {
  /// Loads that took a slot in the measured part.
  public var started = 0
  /// Started off screen, landed before the cell next came on screen.
  public var inTime = 0
  /// Started off screen; the cell came on screen before its data.
  public var late = 0
  /// Started off screen, landed, and the cell did not come on screen in
  /// the run (the scroll went elsewhere, or the run ended first).
  public var neverShown = 0
  /// Started for a cell on screen, landed while it was still there.
  public var onScreenLandedInView = 0
  /// Started for a cell on screen, which left before the data landed.
  public var onScreenLandedAfterItLeft = 0
  /// Cancelled before it landed (a cell left behind a scroll, a list of
  /// matches the next letter replaced): its slot went back then.
  public var cancelled = 0
  /// Still under way when the run ended, for a cell not shown since.
  public var underWayAtEnd = 0

  /// The loads that took a slot, the landings and the cancellations of
  /// loads under way, as the loading benchmark's record of a run has them
  /// (`RunLog.loads`), in milliseconds.
  public struct Log: Equatable, Sendable {
    public struct Event: Equatable, Sendable {
      public var item: Int
      public var time: Double

      public init(item: Int, time: Double) {
        self.item = item
        self.time = time
      }
    }

    public var starts: [Event] = []
    public var landings: [Event] = []
    public var cancellations: [Event] = []

    public init(starts: [Event] = [], landings: [Event] = [], cancellations: [Event] = []) {
      self.starts = starts
      self.landings = landings
      self.cancellations = cancellations
    }
  }

  public init() {}

  /// What became of a load: the counts above, one load at a time.
  public enum Fate: String, Sendable {
    case inTime = "in-time"
    case late
    case neverShown = "never-shown"
    case onScreenLandedInView = "in-view"
    case onScreenLandedAfterItLeft = "after-it-left"
    case cancelled
    case underWayAtEnd = "under-way-at-end"
  }

  /// A load's fate, and when it landed (nil: not by the run's end).
  public struct Outcome: Equatable, Sendable {
    public var fate: Fate
    public var landed: Double?

    public init(_ fate: Fate, landed: Double?) {
      self.fate = fate
      self.landed = landed
    }
  }

  /// The fates of the loads started from `from` until `to` (milliseconds),
  /// followed until `to` (see `outcomes`).
  public init(log: Log, displays: [OraclePrefetcher.Display], from: Double, to: Double) {
    for outcome in Self.outcomes(log: log, displays: displays, from: from, to: to) {
      guard let outcome else { continue }
      started += 1
      switch outcome.fate {
      case .inTime: inTime += 1
      case .late: late += 1
      case .neverShown: neverShown += 1
      case .onScreenLandedInView: onScreenLandedInView += 1
      case .onScreenLandedAfterItLeft: onScreenLandedAfterItLeft += 1
      case .cancelled: cancelled += 1
      case .underWayAtEnd: underWayAtEnd += 1
      }
    }
  }

  /// Each load's outcome, in the order of `log.starts` (nil for a load
  /// started before `from` or from `to` on), followed until `to`: its
  /// landing is its item's first landing after it started, unless the
  /// item's first cancellation after it came sooner; its cell is on
  /// screen if a display of the item (`displays`, in the order they began)
  /// spans the start.
  public static func outcomes(log: Log, displays: [OraclePrefetcher.Display], from: Double, to: Double)
    -> [Outcome?]
  {
    let landings = times(of: log.landings, until: to)
    let cancellations = times(of: log.cancellations, until: to)
    var shown: [Int: [OraclePrefetcher.Display]] = [:]
    for display in displays where display.time < to { shown[display.item, default: []].append(display) }
    return log.starts.map { start in
      guard start.time >= from && start.time < to else { return nil }
      let landed = landings[start.item]?.first { $0 >= start.time }
      // Cancelled before any landing of its item: this load never landed,
      // and the next landing is another load's.
      if let cancelled = cancellations[start.item]?.first(where: { $0 >= start.time }),
        cancelled <= landed ?? .infinity
      {
        return Outcome(.cancelled, landed: nil)
      }
      let displays = shown[start.item] ?? []
      if let current = displays.first(where: { $0.time <= start.time && start.time < $0.end }) {
        if let landed, landed <= current.end { return Outcome(.onScreenLandedInView, landed: landed) }
        if landed != nil || current.end <= to { return Outcome(.onScreenLandedAfterItLeft, landed: landed) }
        return Outcome(.underWayAtEnd, landed: nil)
      }
      let next = displays.first { $0.time > start.time }
      switch (landed, next) {
      case (nil, nil): return Outcome(.underWayAtEnd, landed: nil)
      case (nil, .some): return Outcome(.late, landed: nil)
      case (.some(let landed), nil): return Outcome(.neverShown, landed: landed)
      case (.some(let landed), .some(let next)):
        return Outcome(landed <= next.time ? .inTime : .late, landed: landed)
      }
    }
  }

  /// Each item's times in `events` up to `to`, in the order logged.
  private static func times(of events: [Log.Event], until to: Double) -> [Int: [Double]] {
    var times: [Int: [Double]] = [:]
    for event in events where event.time <= to { times[event.item, default: []].append(event.time) }
    return times
  }

  /// Each fate's share of the loads started, in the order of `header`.
  public var shares: [Double] {
    let counts = [
      inTime, late, neverShown, onScreenLandedInView, onScreenLandedAfterItLeft, cancelled, underWayAtEnd,
    ]
    return counts.map { started > 0 ? Double($0) / Double(started) : 0 }
  }

  /// A table of fates, its notes under it: `rows` each name the run (size,
  /// trace, pool, mode), then loads a second, then `shares`.
  static func table(_ rows: [[String]]) -> [String] {
    BenchTable.aligned([header] + rows, leftAligned: [0, 1, 3]) + notes
  }

  /// Column heads for a table of fates: the run, loads a second, then `shares`.
  private static let header = [
    "size", "trace", "pool", "mode", "loads/s", "in time", "late", "never shown", "on screen: in view",
    "after it left", "cancelled", "under way at end",
  ]

  /// What the columns of `table` mean, under it.
  private static let notes = [
    "",
    "Where the loads went: of the loads that took a slot in the measured part, the share that landed",
    "before their cell came on screen (in time), after it came (late), for a cell that did not come on",
    "screen in the run (never shown), for a cell already on screen (landing while it was there, or after",
    "it left), were cancelled before they landed (their slot back at once), or were still under way",
    "when the run ended.",
  ]
}
