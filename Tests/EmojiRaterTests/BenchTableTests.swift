import Loading
import Testing

@testable import EmojiRater

/// How the benchmark tells a pool's limit from a prefetcher's: the new cells
/// a run needed against what its pool can load, and the note under the table.
@Suite struct BenchTableTests {
  typealias Display = OraclePrefetcher.Display

  @Test func aPoolLoadsItsSizeOverTheMeanLatencyEachSecond() {
    // The default pool at 200×60 and latency 500–2000 ms (mean 1.25 s).
    #expect(BenchRunner.loadsPerSecond(pool: 515, latency: .default) == 412)
    #expect(BenchRunner.loadsPerSecond(pool: 6, latency: .fixed(300)) == 20)
    #expect(BenchRunner.loadsPerSecond(pool: 0, latency: .default) == nil)
    #expect(BenchRunner.loadsPerSecond(pool: 6, latency: .none) == nil)
  }

  @Test func onlyCellsShownForTheFirstTimeInTheMeasuredPartNeedALoad() {
    let displays = [
      Display(item: 1, time: 100),  // Before measuring, so item 1 is no longer new.
      Display(item: 2, time: 1_100),
      Display(item: 1, time: 1_200),  // Shown again: in the cache or loading already.
      Display(item: 3, time: 1_300),
      Display(item: 4, time: 1_400),  // On the first screen, loaded before the run.
      Display(item: 2, time: 1_500),
    ]
    let rate = BenchRunner.newCellsPerSecond(
      displays: displays, measuredFrom: 1_000, seconds: 0.5, alreadyLoaded: [4])
    #expect(rate == 4)  // Items 2 and 3 in half a second.
  }

  @Test func aRunOverCapacityGetsOneNoteUnderTheTable() {
    let runs = [
      Self.result(mode: "sync", trace: "burst", newCells: 585, pool: 515),
      Self.result(mode: "async", trace: "burst", newCells: 585, pool: 515),
      Self.result(mode: "prefetch", trace: "burst", newCells: 590, pool: 515),
      Self.result(mode: "prefetch", trace: "steady", newCells: 195, pool: 515),
      Self.result(mode: "prefetch", trace: "steady", newCells: 195, pool: 6),
    ]
    let notes = BenchTable.capacityNotes(runs).filter { $0.hasPrefix("  ") }
    #expect(
      notes == [
        "  200x60 burst, pool 515: 585 new cells a second, the pool loads 412",
        "  200x60 steady, pool 6: 195 new cells a second, the pool loads 5",
      ])
    let table = BenchTable.render(runs)
    #expect(table.contains("Over capacity"))
    #expect(table.hasSuffix(notes[1]))
  }

  @Test func runsThePoolKeepsUpWithHaveNoNote() {
    let runs = [
      Self.result(mode: "prefetch", trace: "steady", newCells: 195, pool: 515),
      Self.result(mode: "prefetch", trace: "burst", newCells: 5_000, pool: 0),  // Unbounded.
    ]
    #expect(BenchTable.capacityNotes(runs).isEmpty)
    #expect(!BenchTable.render(runs).contains("Over capacity"))
  }

  /// Runs against a server add its columns: what it saw abandoned against
  /// what the app cut; a table of simulated runs alone has none of them.
  @Test func runsAgainstAServerShowWhatTheServerSaw() throws {
    let simulated = Self.result(mode: "prefetch", trace: "steady", newCells: 195, pool: 515)
    var served = simulated
    served.source = "http://127.0.0.1:40000"
    served.cancelledDuringWait = 84
    served.serverAbandoned = 85
    served.serverConnections = 198
    served.connectionErrors = 0
    #expect(!BenchTable.renderScrolls([simulated]).contains("cut/abandoned"))
    let table = BenchTable.renderScrolls([simulated, served]).split(separator: "\n")
    #expect(table[0].hasSuffix("source     cut/abandoned  unreached  connections"), "\(table[0])")
    #expect(
      table[1].contains("simulated") && table[1].hasSuffix("-/-          -            -"), "\(table[1])")
    #expect(table[2].hasSuffix("http               84/85          0          198"), "\(table[2])")
  }

  static func result(mode: String, trace: String, newCells: Double, pool: Int) -> BenchResult {
    BenchResult(
      mode: mode, trace: trace, columns: 200, rows: 60, items: 45_240, firstFrameMilliseconds: 12,
      pool: pool, seconds: 2, frames: 120, dropped: 0, droppedShare: 0, workP50: 0.2, workP95: 0.6,
      workP99: 0.8, inputMean: 0.05, drawMean: 0.1, outputMean: 0.1, hitchRatio: 0, displayed: 1_000,
      readyOnDisplay: 0.1, oracleReadyOnDisplay: 0.15, unruledOracleReadyOnDisplay: 0.9,
      visibleLatencyP50: 1_200, visibleLatencyP95: 2_000, wasted: 0, cancelled: 10, bytesPerFrame: 900,
      newCellsPerSecond: newCells,
      poolLoadsPerSecond: BenchRunner.loadsPerSecond(pool: pool, latency: .default),
      outside: OutsideObserver.View(
        judged: .afterKeys, outputs: 100, longestGap: 30, dropped: 0, hitchRatio: 0, keyToScreenP50: 8,
        keyToScreenP95: 16, keyToScreenMax: 17),
      outsideDisagrees: mode == "async")
  }

  @Test func runsTheOutsideDisagreesWithAreNamedUnderTheTable() {
    let table = BenchTable.render([
      Self.result(mode: "async", trace: "steady", newCells: 5, pool: 515),
      Self.result(mode: "prefetch", trace: "steady", newCells: 5, pool: 515),
    ])
    #expect(table.contains("0/0.0 !"))
    #expect(table.contains("  200x60 steady async, pool 515"))
    #expect(!table.contains("  200x60 steady prefetch, pool 515"))
  }
}

/// `bench --seeds N`: each size, trace, pool and mode as median and spread.
@Suite struct BenchSummaryTests {
  static func run(mode: String, seed: UInt64, ready: Double, spinners: Double?, whole: Double?) -> BenchResult
  {
    var result = BenchTableTests.result(mode: mode, trace: "wheel", newCells: 100, pool: 198)
    result.seed = seed
    result.readyOnDisplay = ready
    result.oracleReadyOnDisplay = 0.5
    result.stops = spinners == nil ? nil : 4
    result.spinnersAtSettle = spinners
    result.fullScreenMilliseconds = whole
    result.timeSpinning = spinners.map { $0 / 2 }
    return result
  }

  @Test func eachGroupHasItsMedianAndSpread() throws {
    let runs = [
      Self.run(mode: "prefetch", seed: 7, ready: 0.4, spinners: 0.5, whole: 900),
      Self.run(mode: "async", seed: 7, ready: 0, spinners: 1, whole: nil),
      Self.run(mode: "prefetch", seed: 8, ready: 0.2, spinners: 0.7, whole: nil),
      Self.run(mode: "prefetch", seed: 9, ready: 0.3, spinners: 0.6, whole: 1_200),
    ]
    let summaries = BenchSummary.summaries(of: runs)
    #expect(summaries.map(\.mode) == ["prefetch", "async"], "in the runs' order")
    let prefetch = try #require(summaries.first)
    #expect(prefetch.seeds == 3)
    #expect(prefetch.ready.median == 0.3 && prefetch.ready.low == 0.2 && prefetch.ready.high == 0.4)
    #expect(prefetch.readyOverOracle == 0.6)
    #expect(prefetch.spinnersAtSettle?.median == 0.6)
    // A stop not whole before the next key is longer than any: it counts, as the longest.
    #expect(prefetch.fullScreenMilliseconds?.median == 1_200)
    #expect(prefetch.fullScreenMilliseconds?.high == .infinity)
    let table = BenchSummary.render(summaries)
    #expect(table.hasPrefix("Over 3 seeds: median [lowest–highest]"))
    #expect(table.contains("30% [20–40]"), "\(table)")
    #expect(table.contains("1200 [900–>]"), "\(table)")
    #expect(prefetch.timeSpinning?.median == 0.3)
    #expect(table.contains("time spinning") && table.contains("30% [25–35]"), "\(table)")
  }

  /// Told the scroll, the table says what the told run left spinning
  /// beside its ready on display: a right forecast may win ready on
  /// display on rows flown past and lose on the screens stopped on.
  @Test func theToldRunsSpinnersStandBesideTheApps() throws {
    var runs: [BenchResult] = []
    for (seed, toldSpinners) in [(7, 0.9), (8, 0.7), (9, 0.8)] {
      var run = Self.run(mode: "prefetch", seed: UInt64(seed), ready: 0.2, spinners: 0.6, whole: nil)
      run.toldReadyOnDisplay = 0.4
      run.toldSpinnersAtSettle = toldSpinners
      run.toldTimeSpinning = toldSpinners - 0.1
      runs.append(run)
    }
    let summaries = BenchSummary.summaries(of: runs)
    let prefetch = try #require(summaries.first)
    #expect(prefetch.toldSpinnersAtSettle?.median == 0.8)
    let table = BenchSummary.render(summaries)
    let lines = table.split(separator: "\n")
    let header = try #require(lines.first { $0.hasPrefix("size") })
    #expect(header.components(separatedBy: "told's").count == 3, "spinners and time spinning: \(header)")
    let row = try #require(lines.first { $0.hasPrefix("200x60") })
    #expect(row.contains("80% [70–90]") && row.contains("70% [60–80]"), "\(table)")

    // Without --told, no told columns.
    let untold = BenchSummary.render(
      BenchSummary.summaries(of: [Self.run(mode: "prefetch", seed: 7, ready: 0.2, spinners: 0.6, whole: nil)])
    )
    #expect(!untold.contains("told's"), "\(untold)")
  }

  @Test func thePoolsCeilingStandsBesideTheOracles() throws {
    var runs: [BenchResult] = []
    for (seed, ceiling) in [(7, 0.3), (8, 0.25), (9, 0.35)] {
      var run = Self.run(mode: "prefetch", seed: UInt64(seed), ready: 0.2, spinners: 0.6, whole: nil)
      run.ceilingReadyOnDisplay = ceiling
      runs.append(run)
    }
    let summaries = BenchSummary.summaries(of: runs)
    #expect(summaries.first?.ceiling?.median == 0.3)
    let table = BenchSummary.render(summaries)
    let lines = table.split(separator: "\n")
    let header = try #require(lines.first { $0.hasPrefix("size") })
    #expect(header.contains("ceiling"), "\(header)")
    let row = try #require(lines.first { $0.hasPrefix("200x60") })
    #expect(row.contains("30% [25–35]"), "\(table)")
    #expect(table.contains("ceiling: the most any prefetcher"), "\(table)")
  }

  @Test func whereTheLoadsWentHasAMedianForEachFate() throws {
    var runs: [BenchResult] = []
    for (seed, inTime) in [(7, 2), (8, 6), (9, 4)] {
      var run = Self.run(mode: "prefetch", seed: UInt64(seed), ready: 0.3, spinners: nil, whole: nil)
      var loads = LoadFates()
      loads.started = 10
      loads.inTime = inTime
      loads.late = 10 - inTime
      run.loads = loads
      runs.append(run)
    }
    // sync loads in no slot: it has no row.
    runs.append(Self.run(mode: "sync", seed: 7, ready: 0, spinners: nil, whole: nil))
    let summaries = BenchSummary.summaries(of: runs)
    #expect(summaries.map(\.loadFates?.first?.median) == [0.4, nil])
    let table = BenchSummary.render(summaries)
    let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
    let header = try #require(lines.firstIndex { $0.hasPrefix("size") && $0.contains("in time") })
    let rows = lines[(header + 1)...].prefix { !$0.isEmpty }
    #expect(rows.count == 1, "prefetch's, not sync's: \(table)")
    #expect(rows.first?.contains("40% [20–60]") == true, "in time, over the seeds: \(table)")
    #expect(rows.first?.contains("60% [40–80]") == true, "late: \(table)")
  }
}
