import Foundation
import FrameTiming
import Loading
import Support
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// The session's full statistics as JSON (`--stats-json PATH`), for scripts
/// and for comparing runs. Written once, on exit, atomically: a temporary
/// file renamed over the target, so a reader never sees half a report.
public struct StatsReport: Codable, Equatable, Sendable {
  public struct Frames: Codable, Equatable, Sendable {
    public var framesPerSecond: Int
    public var frames: Int
    public var dropped: Int
    public var droppedShare: Double
    public var droppedByCause: [String: Int]
    public var workMilliseconds: Percentiles
    /// Work time per part, summed, in milliseconds.
    public var workByPart: [String: Double]
    public var onePercentLowFPS: Double
    public var workBoundFPS: Double
    public var hitchMilliseconds: Double
    public var activeSeconds: Double
    public var hitchRatio: Double
    public var hitchBand: String
  }

  public struct Percentiles: Codable, Equatable, Sendable {
    public var p50: Double
    public var p95: Double
    public var p99: Double
    public var max: Double
  }

  public struct Loading: Codable, Equatable, Sendable {
    public var mode: String
    /// Where the data came from: `simulated`, or the server's address.
    public var source: String
    public var queued, inFlight, completed, failed, cancelledBeforeStart, cancelledDuringWait: Int
    /// Of the failed loads, those that got no answer (refused, lost, timed out).
    public var connectionErrors: Int
    public var cacheHits, wasted, synchronous: Int
    public var displayed, readyOnDisplay: Int
    public var readyRate: Double
    public var visibleLatencyMilliseconds: [String: Double]
  }

  public var version = AppVersion.current
  public var frames: Frames
  public var loading: Loading?

  public init(stats: FrameStats, loading summary: LoadingSummary?) {
    frames = Frames(
      framesPerSecond: Int(1_000_000_000 / stats.period), frames: stats.frames, dropped: stats.dropped,
      droppedShare: stats.droppedShare,
      droppedByCause: Dictionary(
        uniqueKeysWithValues: stats.droppedByCause.map { ($0.key.rawValue, $0.value) }),
      workMilliseconds: Percentiles(
        p50: stats.workTime(percentile: 50), p95: stats.workTime(percentile: 95),
        p99: stats.workTime(percentile: 99), max: stats.maxWorkTime),
      workByPart: [
        "input": Double(stats.workTotals.input) / 1e6, "syncLoad": Double(stats.workTotals.syncLoad) / 1e6,
        "draw": Double(stats.workTotals.draw) / 1e6, "output": Double(stats.workTotals.output) / 1e6,
      ],
      onePercentLowFPS: stats.onePercentLowFPS, workBoundFPS: stats.workBoundFPS,
      hitchMilliseconds: Double(stats.hitchTime) / 1e6, activeSeconds: Double(stats.activeTime) / 1e9,
      hitchRatio: stats.hitchRatio, hitchBand: stats.hitchBand.rawValue)
    loading = summary.map { summary in
      let counters = summary.loader
      let latency = summary.display.visibleLatency
      var percentiles: [String: Double] = [:]
      for (name, value) in [("p50", 50.0), ("p95", 95.0), ("p99", 99.0)] {
        if let milliseconds = latency.percentile(value) { percentiles[name] = milliseconds }
      }
      return Loading(
        mode: summary.mode.rawValue, source: summary.source.description, queued: counters.queued,
        inFlight: counters.inFlight, completed: counters.completed, failed: counters.failed,
        cancelledBeforeStart: counters.cancelledBeforeStart,
        cancelledDuringWait: counters.cancelledDuringWait, connectionErrors: counters.connectionErrors,
        cacheHits: counters.cacheHits, wasted: counters.wasted, synchronous: counters.synchronous,
        displayed: summary.display.displayed, readyOnDisplay: summary.display.readyOnDisplay,
        readyRate: summary.display.readyRate, visibleLatencyMilliseconds: percentiles)
    }
  }

  public func json() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }

  /// Checks, before the app starts, that the report can be written to
  /// `path` (`ReportFile.target`). Returns the path to write.
  @discardableResult
  public static func checkWritable(_ path: String) throws(StatsPathError) -> String {
    try ReportFile.target(path).mapError { StatsPathError(path: path, reason: $0.reason) }.get()
  }

  /// Writes the report whole or not at all (`ReportFile.write`).
  public func write(to path: String) throws {
    let data = try json()
    try ReportFile.write(data, to: path).mapError { StatsPathError(path: path, reason: $0.reason) }.get()
  }
}

public struct StatsPathError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String { "cannot write statistics to \(SafeText.escaped(path)): \(reason)" }
}
