import Foundation

/// The runs of one size, trace, pool and mode over several seeds (`bench
/// --seeds N`), as median and spread: one seed's figures depend on its
/// draws, and a prefetcher must win on the median, not on a lucky seed.
public struct BenchSummary: Equatable, Sendable {
  public var size: String
  public var trace: String
  public var pool: Int
  public var mode: String
  public var seeds: Int
  /// Median, lowest and highest over the seeds (shares 0...1, milliseconds).
  public var ready: Spread
  public var oracle: Spread?
  /// The oracle that knows the trace but not each load's latency.
  public var blindOracle: Spread?
  /// The most a prefetcher blind to each load's latency could have had
  /// ready, from the pool's throughput (`ThroughputCeiling`).
  public var ceiling: Spread?
  /// The app told the scroll ahead (`ToldScroll`); nil without `--told`.
  public var told: Spread?
  public var spinnersAtSettle: Spread?
  public var oracleSpinnersAtSettle: Spread?
  public var toldSpinnersAtSettle: Spread?
  public var fullScreenMilliseconds: Spread?
  public var oracleFullScreenMilliseconds: Spread?
  /// The share of the time on screen cells spun (`SettleMetrics.timeSpinning`).
  public var timeSpinning: Spread?
  public var oracleTimeSpinning: Spread?
  public var toldTimeSpinning: Spread?
  /// Loads started a second, and each fate's share of them
  /// (`LoadFates.shares`); nil in sync.
  public var loadsPerSecond: Spread?
  public var loadFates: [Spread]?

  public struct Spread: Equatable, Sendable {
    public var median: Double
    public var low: Double
    public var high: Double

    /// nil for no values; a run whose figure is unknown (nil) counts as
    /// `missing` (a screen not whole before the next key: longer than any).
    init?(_ values: [Double?], missing: Double? = nil) {
      let known = values.compactMap { $0 ?? missing }.sorted()
      guard !known.isEmpty else { return nil }
      median =
        known.count % 2 == 1
        ? known[known.count / 2] : (known[known.count / 2 - 1] + known[known.count / 2]) / 2
      low = known[0]
      high = known[known.count - 1]
    }
  }

  /// One summary per size, trace, pool and mode, in the runs' order.
  public static func summaries(of results: [BenchResult]) -> [BenchSummary] {
    var order: [String] = []
    var groups: [String: [BenchResult]] = [:]
    for result in results {
      let key = "\(result.columns)x\(result.rows) \(result.trace) \(result.pool) \(result.mode)"
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(result)
    }
    return order.map { key in
      let runs = groups[key]!
      let first = runs[0]
      return BenchSummary(
        size: "\(first.columns)x\(first.rows)", trace: first.trace, pool: first.pool, mode: first.mode,
        seeds: runs.count, ready: Spread(runs.map(\.readyOnDisplay))!,
        oracle: Spread(runs.map(\.oracleReadyOnDisplay)),
        blindOracle: Spread(runs.map(\.blindOracleReadyOnDisplay)),
        ceiling: Spread(runs.map(\.ceilingReadyOnDisplay)),
        told: Spread(runs.map(\.toldReadyOnDisplay)),
        spinnersAtSettle: Spread(runs.map(\.spinnersAtSettle)),
        oracleSpinnersAtSettle: Spread(runs.map(\.oracleSpinnersAtSettle)),
        toldSpinnersAtSettle: Spread(runs.map(\.toldSpinnersAtSettle)),
        fullScreenMilliseconds: Spread(
          runs.filter { $0.stops != nil }.map(\.fullScreenMilliseconds), missing: .infinity),
        oracleFullScreenMilliseconds: Spread(
          runs.filter { $0.stops != nil }.map(\.oracleFullScreenMilliseconds), missing: .infinity),
        timeSpinning: Spread(runs.map(\.timeSpinning)),
        oracleTimeSpinning: Spread(runs.map(\.oracleTimeSpinning)),
        toldTimeSpinning: Spread(runs.map(\.toldTimeSpinning)),
        loadsPerSecond: Spread(runs.map(\.loadsStartedPerSecond)),
        loadFates: fateSpreads(runs.compactMap(\.loads)))
    }
  }

  /// Each fate's share over the runs, as median and spread; nil for none.
  private static func fateSpreads(_ fates: [LoadFates]) -> [Spread]? {
    guard let first = fates.first else { return nil }
    return first.shares.indices.map { index in Spread(fates.map { $0.shares[index] })! }
  }

  /// The median of the app's ready on display over the oracle's, per seed
  /// pair; nil without an oracle.
  public var readyOverOracle: Double? {
    guard let oracle, oracle.median > 0 else { return nil }
    return ready.median / oracle.median
  }

  /// The same over the blind oracle's (`OraclePrefetcher.blindReadyRate`).
  public var readyOverBlindOracle: Double? {
    guard let blindOracle, blindOracle.median > 0 else { return nil }
    return ready.median / blindOracle.median
  }

  /// The same over the app's told the scroll ahead (`ToldScroll`).
  public var readyOverTold: Double? {
    guard let told, told.median > 0 else { return nil }
    return ready.median / told.median
  }

  /// The summaries as a table, under a line that says what it is.
  public static func render(_ summaries: [BenchSummary]) -> String {
    guard let seeds = summaries.map(\.seeds).max() else { return "" }
    // The told runs' columns only when there were any (`--told`).
    let told = summaries.contains { $0.told != nil }
    let header =
      [
        "size", "trace", "pool", "mode", "ready", "oracle", "ready/oracle", "blind oracle", "ready/blind",
        "ceiling",
      ] + (told ? ["told", "ready/told"] : []) + ["spinners at settle", "oracle's"] + (told ? ["told's"] : [])
      + ["whole after ms", "oracle's", "time spinning", "oracle's"] + (told ? ["told's"] : [])
    var rows = [header]
    for summary in summaries {
      let oracles: [String] = [
        summary.oracle.map(percent) ?? "-",
        summary.readyOverOracle.map { String(format: "%.2f", $0) } ?? "-",
        summary.blindOracle.map(percent) ?? "-",
        summary.readyOverBlindOracle.map { String(format: "%.2f", $0) } ?? "-",
        summary.ceiling.map(percent) ?? "-",
      ]
      let toldColumns: [String] =
        told
        ? [summary.told.map(percent) ?? "-", summary.readyOverTold.map { String(format: "%.2f", $0) } ?? "-"]
        : []
      let spinners =
        [summary.spinnersAtSettle.map(percent) ?? "-", summary.oracleSpinnersAtSettle.map(percent) ?? "-"]
        + (told ? [summary.toldSpinnersAtSettle.map(percent) ?? "-"] : [])
      let whole = [
        summary.fullScreenMilliseconds.map(milliseconds) ?? "-",
        summary.oracleFullScreenMilliseconds.map(milliseconds) ?? "-",
      ]
      let spinning =
        [summary.timeSpinning.map(percent) ?? "-", summary.oracleTimeSpinning.map(percent) ?? "-"]
        + (told ? [summary.toldTimeSpinning.map(percent) ?? "-"] : [])
      let stops = spinners + whole + spinning
      let run = [summary.size, summary.trace, String(summary.pool), summary.mode, percent(summary.ready)]
      rows.append(run + oracles + toldColumns + stops)
    }
    let lines = BenchTable.aligned(rows, leftAligned: [0, 1, 3])
    return
      (["Over \(seeds) seeds: median [lowest–highest]"] + lines + [
        "",
        "spinners at settle: the share of the screen still loading \(Int(SettleMetrics.delay)) ms after the last key of a",
        "burst; whole after: from that key until every cell on screen has its data (> when the median",
        "stop was not whole before the next key). oracle's: the same for the prefetcher that knows the",
        "trace and every latency, cells on screen served first. blind oracle: one that knows the trace",
        "but plans every load to take the same time, as the app must (the best of the latency's median,",
        "3 in 4 and 9 in 10). time spinning: the share of the time cells were on screen that they showed",
        "a spinner, the screen being read and the rows flown past weighed by how long each was seen.",
        "ceiling: the most any prefetcher could have had ready that learns a load's latency only when",
        "it lands: the loads its pool can finish in the run (pool ÷ mean latency, and a little for the",
        "spread), each for every display of the items shown most. The oracle's lead above it is out of",
        "every such prefetcher's reach.",
      ]
      + (told
        ? [
          "told: the app run again on the same seed, its loads ranked by when the run before showed each",
          "cell rather than by its own forecast of the scroll: what its loading does when the forecast is",
          "right (planned as the blind oracle plans, with what nine loads in ten take). told's: its",
          "spinners at settle and time spinning.",
        ] : []) + renderLoads(summaries)).joined(separator: "\n")
  }

  /// Where the loads went (`LoadFates`), for the modes that load in a pool.
  private static func renderLoads(_ summaries: [BenchSummary]) -> [String] {
    let rows = summaries.compactMap { summary -> [String]? in
      guard let fates = summary.loadFates, let perSecond = summary.loadsPerSecond else { return nil }
      return [
        summary.size, summary.trace, String(summary.pool), summary.mode,
        String(format: "%.0f", perSecond.median),
      ] + fates.map(percent)
    }
    guard !rows.isEmpty else { return [] }
    return [""] + LoadFates.table(rows)
  }

  private static func percent(_ spread: Spread) -> String {
    String(format: "%.0f%% [%.0f–%.0f]", spread.median * 100, spread.low * 100, spread.high * 100)
  }

  private static func milliseconds(_ spread: Spread) -> String {
    func text(_ value: Double) -> String { value.isFinite ? String(Int(value.rounded())) : ">" }
    return "\(text(spread.median)) [\(text(spread.low))–\(text(spread.high))]"
  }
}
