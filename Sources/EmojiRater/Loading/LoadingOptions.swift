import Loading

/// How the slow data source and the loader behave (`--mode`, `--latency`, …).
public struct LoadingOptions: Sendable {
  public var mode: LoadingMode = .prefetch
  public var latency: LatencyModel = .default
  /// The share of loads that fail, 0...1.
  public var failureRate: Double = 0
  /// Loads in flight at most; nil sizes the pool by Little's law, 0 means no bound.
  public var maxConcurrent: Int?
  public var seed: UInt64 = UInt64.random(in: 0...UInt64.max)
  /// Rows prefetched beyond each edge; nil adapts to the scroll speed.
  public var prefetchRows: Int?
  public var cacheSize = 2_000

  public init() {}
}

/// Sizes the loader's pool by Little's law: loads in flight L = arrival rate
/// λ × time in the system W.
///
/// A steady scroll of `steadyRowsPerSecond` brings λ = columns × that many
/// items a second into the prefetch window; each stays in flight for the
/// mean latency W. With the default 500–2000 ms (mean 1.25 s) on an
/// 80-column terminal (15 cells a row): λ = 75/s, L ≈ 94 loads in flight;
/// the pool gets half as much again for bursts, 141.
public enum PoolSizing {
  public static let steadyRowsPerSecond = 5.0
  public static let headroom = 1.5
  public static let minimum = 8

  public static func littlesLaw(columns: Int, latency: LatencyModel) -> Int {
    let arrivalsPerSecond = Double(columns) * steadyRowsPerSecond
    let inFlight = arrivalsPerSecond * latency.mean / 1000
    return max(minimum, Int((inFlight * headroom).rounded(.up)))
  }
}
