/// When a moving scroll will have gone a given number of rows, read from
/// its rhythm (`PrefetchPlanner.forecast(at:)`): at the burst's pace for
/// the rows the burst under way will likely still go (the rows it brings,
/// at the pace it goes now), then at the pace of whole bursts and the
/// pauses between them.
///
/// One pace for every row, as before, put the rows past the burst too
/// soon: a wheel's flicks move 30 rows in a tenth of a second, then rest
/// half a second, and read over the last two seconds just after a flick
/// they went 60–90 rows a second where the scroll made 50. Loads aimed by
/// that pace went to rows the scroll reached after the run ended.
public struct ScrollForecast: Equatable, Sendable {
  /// Rows a second the scroll goes at: the burst's own pace over the
  /// whole burst once read, else the pace over its last two seconds
  /// (`PrefetchPlanner.expectedSpeed`).
  public var speed: Double
  /// Rows the burst under way will likely still go: what the recent
  /// bursts that went farther went beyond it (0 between bursts).
  public var rowsLeftInBurst: Int
  /// Rows a second over whole bursts and the pauses after them, the way
  /// the scroll goes; nil until a burst has ended, or if the scroll has
  /// gone back as far as on.
  public var cycleSpeed: Double?
  /// Rows a second the burst under way goes at now, over its last 0.3 s
  /// or so (`PrefetchPlanner.currentPace`); nil between bursts, and until
  /// read.
  public var currentSpeed: Double?

  public init(
    speed: Double, rowsLeftInBurst: Int = 0, cycleSpeed: Double? = nil, currentSpeed: Double? = nil
  ) {
    self.speed = speed
    self.rowsLeftInBurst = rowsLeftInBurst
    self.cycleSpeed = cycleSpeed
    self.currentSpeed = currentSpeed
  }

  /// Whether the scroll is moving at all.
  public var isMoving: Bool { speed > 0 }

  /// Seconds until the scroll has moved `rows` more rows (infinity if it
  /// is not moving).
  public func seconds(toMove rows: Int) -> Double {
    guard isMoving else { return .infinity }
    guard let cycleSpeed, rows > rowsLeftInBurst else { return Double(rows) / speed }
    return Double(rowsLeftInBurst) / speed + Double(rows - rowsLeftInBurst) / cycleSpeed
  }

  /// Seconds until the scroll brings in a row `rows` past the screen's
  /// edge: as `seconds(toMove:)`, but the burst's rows at the pace it goes
  /// now (`currentSpeed`). A swipe whose momentum dies brings the rows
  /// where it stops later than its pace over the whole swipe says: read
  /// at that pace, they were too soon for a load, and waited.
  public func seconds(toBring rows: Int) -> Double {
    guard let currentSpeed, currentSpeed > 0 else { return seconds(toMove: rows) }
    var now = self
    now.speed = currentSpeed
    return now.seconds(toMove: rows)
  }
}
