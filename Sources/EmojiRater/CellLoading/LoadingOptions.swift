import Loading

/// How the slow data source and the loader behave (`--mode`, `--latency`, …).
public struct LoadingOptions: Sendable {
  public var mode: LoadingMode = .prefetch
  /// Where the data comes from; `latency`, `failureRate` and `seed` are the
  /// simulated source's (a server keeps its own, and the planner still
  /// expects `latency`).
  public var source = DataSource.simulated
  public var latency: LatencyModel = .default
  /// The share of loads that fail, 0...1.
  public var failureRate: Double = 0
  /// Loads in flight at most; nil sizes the pool for the terminal (`PoolSizing`), 0 means no bound.
  public var maxConcurrent: Int?
  public var seed: UInt64 = UInt64.random(in: 0...UInt64.max)
  /// Rows prefetched beyond each edge; nil adapts to the scroll speed.
  public var prefetchRows: Int?
  public var cacheSize = LoadingOptions.defaultCacheSize

  /// Items the loader keeps, unless `--cache-size` says otherwise.
  public static let defaultCacheSize = 2_000

  public init() {}
}

/// Sizes the loader's pool for a steady scroll of `steadyRowsPerSecond`.
///
/// Little's law gives the loads in flight once the scroll is under way:
/// L = λW, with λ = columns × rows a second arriving in the prefetch window
/// and W the mean latency. With the default 500–2000 ms (mean 1.25 s) on an
/// 80-column terminal (15 cells a row): λ = 75/s, L ≈ 94. But when a scroll
/// starts, the window ahead fills at once — as far as the scroll travels in
/// the 90th-percentile latency, plus a row: 11 rows, 165 loads — and a pool
/// smaller than that starts the far rows late for the first seconds. The
/// pool takes the larger of the two, with a fifth again for bursts: 198.
public enum PoolSizing {
  public static let steadyRowsPerSecond = 5.0
  public static let headroom = 1.2
  public static let minimum = 8

  public static func pool(columns: Int, latency: LatencyModel) -> Int {
    let steadyInFlight = Double(columns) * steadyRowsPerSecond * latency.mean / 1000
    let windowAhead = (steadyRowsPerSecond * latency.quantile(0.9) / 1000).rounded(.up) + 1
    let windowFill = Double(columns) * windowAhead
    return max(minimum, Int((max(steadyInFlight, windowFill) * headroom).rounded(.up)))
  }
}
