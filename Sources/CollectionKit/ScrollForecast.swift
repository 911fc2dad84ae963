/// When a moving scroll will have gone a given number of rows, read from
/// its rhythm (`PrefetchPlanner.forecast(at:)`): at the burst's pace for
/// the rows the burst under way will likely still go, then at the pace of
/// whole bursts and the pauses between them.
///
/// One pace for every row, as before, put the rows past the burst too
/// soon: a wheel's flicks move 30 rows in a tenth of a second, then rest
/// half a second, and read over the last two seconds just after a flick
/// they went 60–90 rows a second where the scroll made 50. Loads aimed by
/// that pace went to rows the scroll reached after the run ended.
public struct ScrollForecast: Equatable, Sendable {
  /// Rows a second the scroll goes at now: the burst's own pace once read,
  /// else the pace over its last two seconds (`PrefetchPlanner.expectedSpeed`).
  public var speed: Double
  /// Rows the burst under way will likely still go: what the recent
  /// bursts that went farther went beyond it (0 between bursts).
  public var rowsLeftInBurst: Int
  /// Rows a second over whole bursts and the pauses after them, the way
  /// the scroll goes; nil until a burst has ended, or if the scroll has
  /// gone back as far as on.
  public var cycleSpeed: Double?

  public init(speed: Double, rowsLeftInBurst: Int = 0, cycleSpeed: Double? = nil) {
    self.speed = speed
    self.rowsLeftInBurst = rowsLeftInBurst
    self.cycleSpeed = cycleSpeed
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
}
