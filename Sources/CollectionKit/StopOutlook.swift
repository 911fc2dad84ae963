/// Where a still screen's loads will be seen longest, read from the
/// scroll's rhythm (`PrefetchPlanner.stopOutlook(at:)`): the screen being
/// looked at until the pause ends, and the screen the next burst will
/// likely stop on, for the pause after it; and when the rows the next
/// burst flies past come.
///
/// A pool too small to fill a screen within a pause (200×60: 2,262 cells
/// at about 420 loads a second) must choose. A cell at the top of the
/// screen, which the next burst takes away, is worth loading only for
/// what is left of this pause; one at the bottom, which the burst leaves
/// on screen, for the next pause too; one just past the screen, only for
/// the next pause, and only if the burst stops where it shows.
public struct StopOutlook: Equatable, Sendable {
  /// Seconds the pause under way will likely still last
  /// (`PrefetchPlanner.restLeft`), in steps of `restStep`.
  public var restLeft: Double
  /// Rows each recent burst went, each as likely as the others to be what
  /// the next one goes.
  public var burstRows: [Int]
  /// Seconds the pause after the next burst will likely last: the mean of
  /// the recent pauses (the mean, as a pause's worth is its length).
  public var nextPause: Double
  /// Rows on screen.
  public var screenRows: Int
  /// Rows a second within the recent bursts, the median of their paces
  /// (`PrefetchPlanner.recentBurstSpeed`), and over whole bursts and the
  /// pauses after them (`PrefetchPlanner.cycleSpeed`); nil if unread.
  public var burstSpeed: Double?
  public var cycleSpeed: Double?

  /// The steps `restLeft` is counted in: a ranking made with it stands
  /// until it changes, and waiting loads are ranked again at most this
  /// often as the pause goes on.
  public static let restStep = 0.25

  public init(
    restLeft: Double, burstRows: [Int], nextPause: Double, screenRows: Int, burstSpeed: Double? = nil,
    cycleSpeed: Double? = nil
  ) {
    self.restLeft = (restLeft / Self.restStep).rounded(.down) * Self.restStep
    self.burstRows = burstRows
    self.nextPause = nextPause
    self.screenRows = screenRows
    self.cycleSpeed = cycleSpeed
    self.burstSpeed = burstSpeed
  }

  /// Seconds until the scroll likely brings in a row `rows` past the
  /// screen's edge, the way it likely resumes: the rest of this pause,
  /// then a burst's usual length (the median of `burstRows`) at the
  /// bursts' pace, and the rows past it at the pace of bursts and pauses.
  /// Infinity while that pace is unread.
  public func secondsUntilShown(rowsPast rows: Int) -> Double {
    guard let cycleSpeed, cycleSpeed > 0 else { return .infinity }
    guard let burstSpeed, burstSpeed > 0, !burstRows.isEmpty else {
      return restLeft + ScrollForecast(speed: cycleSpeed).seconds(toMove: rows)
    }
    let resumed = ScrollForecast(
      speed: burstSpeed, rowsLeftInBurst: burstRows.sorted()[burstRows.count / 2], cycleSpeed: cycleSpeed)
    return restLeft + resumed.seconds(toMove: rows)
  }

  /// The seconds a cell `ahead` rows past the screen's top row (the way
  /// the next burst likely goes; negative: behind the screen) will likely
  /// be seen with its data, in this pause and the next, if its load starts
  /// now and takes `latency` seconds. The burst itself is not counted: the
  /// rows it flies past show for a moment each.
  public func seenSeconds(ahead: Int, latency: Double) -> Double {
    guard ahead >= 0, !burstRows.isEmpty else { return 0 }
    let inThisPause = ahead < screenRows ? max(0, restLeft - latency) : 0
    // A load landing after the burst shortens the next pause's share.
    let inNextPause = max(0, nextPause - max(0, latency - restLeft))
    let stopsShowingIt = burstRows.filter { ahead >= $0 && ahead < $0 + screenRows }.count
    return inThisPause + inNextPause * Double(stopsShowingIt) / Double(burstRows.count)
  }
}
