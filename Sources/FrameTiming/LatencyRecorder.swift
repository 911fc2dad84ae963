import Histogram

/// Latencies in milliseconds, kept as an HDR histogram (microsecond
/// resolution, 2 significant digits, so within 1%): constant memory however long the
/// session, percentiles without sorting.
public struct LatencyRecorder: Equatable, Sendable {
  private var histogram = Microseconds.histogram()

  public init() {}

  public var count: Int { Int(histogram.totalCount) }

  public mutating func record(milliseconds: Double) {
    _ = histogram.record(Microseconds.clamped(milliseconds: milliseconds))
  }

  /// The latency at a percentile (0...100), in milliseconds; nil when empty.
  public func percentile(_ percentile: Double) -> Double? {
    count == 0 ? nil : Double(histogram.valueAtPercentile(percentile)) / 1000
  }
}
