import Histogram

/// The one way this module keeps durations in HDR histograms: microseconds
/// up to an hour, 2 significant digits (within 1%, and a percentile query
/// short enough to run on a frame).
enum Microseconds {
  static let highest: UInt64 = 3_600_000_000

  static func histogram() -> Histogram<UInt64> {
    Histogram<UInt64>(highestTrackableValue: highest, numberOfSignificantValueDigits: .two)
  }

  static func clamped(nanoseconds: UInt64) -> UInt64 {
    min(nanoseconds / 1000, highest)
  }

  static func clamped(milliseconds: Double) -> UInt64 {
    UInt64(max(0, min(milliseconds * 1000, Double(highest))))
  }
}
