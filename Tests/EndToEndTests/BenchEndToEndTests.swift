import Foundation
import TestSupport
import Testing

/// `emoji-rater bench`, run as a script would: no terminal, JSON out.
@Suite struct BenchEndToEndTests {
  @Test func aShortBenchPrintsARowPerModeAndTraceAndSyncDropsMore() throws {
    let result = try Subprocess.run([
      AppBinary.path, "bench", "--json", "--seconds", "0.6", "--warm-up", "0.3", "--sizes", "80x24",
      "--small-pool", "0", "--latency", "300ms",
    ])
    #expect(result.status == 0, "\(result.output)")
    let data = Data(result.output.utf8)
    let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let pairs = Set(rows.compactMap { row in (row["mode"] as? String).map { "\($0) \(row["trace"] ?? "")" } })
    let expected = ["sync", "async", "prefetch"].flatMap { mode in
      ["steady", "burst", "reversal", "pages"].map { "\(mode) \($0)" }
    }
    #expect(pairs == Set(expected))
    // What the capacity note under the table is worked out from.
    for row in rows {
      #expect(row["newCellsPerSecond"] as? Double != nil, "\(row)")
      #expect(row["poolLoadsPerSecond"] as? Double != nil, "\(row)")
      // What tells the machine's interruptions from the app's (Linux has both counters).
      #expect((row["stolenMilliseconds"] as? Double).map { $0 >= 0 } == true, "\(row)")
      #expect((row["mainThreadPreemptions"] as? Int).map { $0 >= 0 } == true, "\(row)")
    }
    for trace in ["steady", "burst", "reversal", "pages"] {
      let dropped = { (mode: String) in
        rows.first { $0["mode"] as? String == mode && $0["trace"] as? String == trace }?["droppedShare"]
          as? Double
      }
      let sync = try #require(dropped("sync"))
      let prefetch = try #require(dropped("prefetch"))
      #expect(sync > prefetch, "\(trace): sync dropped \(sync), prefetch \(prefetch)")
    }
  }

  /// A second person voting on the emoji on screen while the benchmark
  /// scrolls: the app hears the tallies change. Without a server of the
  /// benchmark's own there is nowhere to vote, and it says so.
  @Test func aSecondVoterVotesOnTheScreenAndTheAppHearsTheTallies() throws {
    let result = try Subprocess.run([
      AppBinary.path, "bench", "--source", "serve", "--live-votes", "50", "--modes", "prefetch", "--traces",
      "steady", "--sizes", "80x24", "--small-pool", "0", "--seconds", "1", "--warm-up", "0.5", "--latency",
      "300ms",
    ])
    #expect(result.status == 0, "\(result.output)")
    let said = try #require(
      result.output.split(separator: "\n").first { $0.contains("a second voter sent") }, "\(result.output)")
    let numbers = said.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    #expect(numbers.count == 3 && numbers[0] > 0 && numbers[1] > 0 && numbers[2] > 0, "\(said)")

    let refused = try Subprocess.run([AppBinary.path, "bench", "--live-votes", "50"])
    #expect(refused.status == 2)
    #expect(refused.output.contains("--live-votes needs --source serve"), "\(refused.output)")
  }

  /// Runs `emoji-rater bench --json` with `arguments`; its rows, once it
  /// has ended well.
  static func benchRows(_ arguments: [String]) throws -> [[String: Any]] {
    let result = try Subprocess.run([AppBinary.path, "bench", "--json"] + arguments)
    #expect(result.status == 0, "\(result.output)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]], "\(result.output)"
    )
  }

  /// Measured from its first frame, a run's oracles are scored on the
  /// cells the app's figure counts: not on the first screen, whole by
  /// construction. With loads of 5 s none lands in the run, so nobody
  /// has a cell ready (scored on the first screen too, the oracles had 91%).
  @Test func theOraclesAreScoredOnTheDisplaysTheAppCounts() throws {
    let rows = try Self.benchRows([
      "--modes", "prefetch", "--traces", "steady", "--sizes", "80x24", "--small-pool", "0", "--latency",
      "5000ms",
      "--seconds", "0.4", "--warm-up", "0",
    ])
    let row = try #require(rows.first)
    for figure in [
      "readyOnDisplay", "oracleReadyOnDisplay", "blindOracleReadyOnDisplay", "unruledOracleReadyOnDisplay",
    ] {
      #expect(row[figure] as? Double == 0, "\(figure): \(row)")
    }
  }

  /// Told the scroll ahead, prefetch runs twice on each seed and reports
  /// the told run's ready on display beside its own; async has none.
  @Test func theToldRunIsReportedBesidePrefetch() throws {
    let rows = try Self.benchRows([
      "--modes", "async,prefetch", "--traces", "steady", "--sizes", "80x24", "--small-pool", "0", "--latency",
      "300ms", "--seconds", "0.4", "--warm-up", "0.6", "--told",
    ])
    let prefetch = try #require(rows.first { $0["mode"] as? String == "prefetch" })
    let told = try #require(prefetch["toldReadyOnDisplay"] as? Double, "\(prefetch)")
    #expect((0...1).contains(told))
    let async = try #require(rows.first { $0["mode"] as? String == "async" })
    #expect(async["toldReadyOnDisplay"] == nil)
  }

  /// The HUD's figures against an observer outside the app, through the
  /// benchmark's own terminal: in `sync` every frame changes the screen,
  /// so the outside sees every late frame, and the two must agree.
  @Test func syncDroppedFramesAndHitchAgreeWithTheOutsideObserver() throws {
    let rows = try Self.benchRows([
      "--modes", "sync,prefetch", "--traces", "steady", "--sizes", "80x24", "--small-pool", "0", "--latency",
      "50ms",
      "--seconds", "0.6", "--warm-up", "0.3",
    ])
    let sync = try #require(rows.first { $0["mode"] as? String == "sync" })
    let outside = try #require(sync["outside"] as? [String: Any])
    #expect(outside["judged"] as? String == "every gap")
    let appDropped = try #require(sync["dropped"] as? Int)
    let outsideDropped = try #require(outside["dropped"] as? Int)
    let appHitch = try #require(sync["hitchRatio"] as? Double)
    let outsideHitch = try #require(outside["hitchRatio"] as? Double)
    #expect(outsideDropped > 10, "a 50 ms load per frame drops frames: \(outside)")
    #expect(
      abs(appDropped - outsideDropped) <= max(2, outsideDropped / 10), "app \(appDropped), outside \(outside)"
    )
    #expect(abs(appHitch - outsideHitch) <= 0.1 * outsideHitch, "app \(appHitch) ms/s, outside \(outside)")
    #expect(appHitch < 1_000, "a second holds at most a second of hitch")
    #expect(sync["outsideDisagrees"] as? Bool == false)
    // Keys answered: the time from a key to the screen, in both modes.
    for row in rows {
      let view = try #require(row["outside"] as? [String: Any])
      #expect((view["keyToScreenP50"] as? Double).map { $0 >= 0 } == true, "\(row)")
    }
  }

  /// The picture is written whole at the end, and a path it cannot go to
  /// is refused before any run: a clear message, status 2, no file.
  @Test func plotWritesAnSVGOrRefusesABadPathAtOnce() throws {
    let (plot, folder) = try Self.report(
      "--plot", naming: "the plot", in: "bench.svg",
      running: ["--traces", "steady", "--seconds", "0.2", "--warm-up", "0"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let svg = try String(contentsOfFile: plot, encoding: .utf8)
    #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
    #expect(svg.contains("class=\"run\" data-mode=\"prefetch\""))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0 != "bench.svg"
    }
    #expect(leftovers.isEmpty, "no temporary file left: \(leftovers)")
  }

  /// Every load of the runs, a line each beside the keys and the
  /// displays, written whole at the end; a path it cannot go to is
  /// refused before any run.
  @Test func theLoadLogFollowsEveryLoadOrRefusesABadPathAtOnce() throws {
    let (path, folder) = try Self.report(
      "--load-log", naming: "the load log", in: "loads.tsv",
      running: ["--traces", "wheel", "--seconds", "0.3", "--latency", "300ms"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    #expect(
      lines.first?.prefix(5) == ["run", "80×24", "wheel", "prefetch", "seed 7"], "\(lines.first ?? [])")
    #expect(lines.contains { $0.first == "key" } && lines.contains { $0.first == "display" })
    let loads = lines.filter { $0.first == "load" }
    #expect(!loads.isEmpty)
    #expect(loads.allSatisfy { $0.count == 8 }, "\(loads.first { $0.count != 8 } ?? [])")
    // Quick loads on a flick of the wheel: some land before their cells come.
    #expect(loads.contains { $0[4] == "in-time" })
    let views: Set = ["moving", "pace-unread", "pause", "still", "-"]
    #expect(loads.allSatisfy { views.contains($0[7]) })
  }

  /// A report `option` names a file for: pointed into a folder that does
  /// not exist, it is refused before any run (a clear message naming
  /// `what` would have gone there, status 2); pointed at `file` in a new
  /// folder of the test's own, a short prefetch run at 80×24 with
  /// `arguments` writes it. Returns the file's path, and the folder for the
  /// caller to remove.
  static func report(_ option: String, naming what: String, in file: String, running arguments: [String])
    throws -> (path: String, folder: URL)
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bench-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let missing = folder.path + "/no-such-folder/" + file
    let refused = try Subprocess.run([AppBinary.path, "bench", option, missing])
    #expect(refused.status == 2)
    #expect(refused.output.contains("cannot write \(what) to \(missing): its folder"), "\(refused.output)")
    #expect(!refused.output.contains("bench: 80×24"), "refused before any run")
    let path = folder.path + "/" + file
    let made = try Subprocess.run(
      [AppBinary.path, "bench", option, path, "--modes", "prefetch", "--sizes", "80x24", "--small-pool", "0"]
        + arguments)
    #expect(made.status == 0, "\(made.output)")
    return (path, folder)
  }

  @Test func badBenchOptionsAreRefused() throws {
    for (arguments, message) in [
      // The values a name takes, listed by the command line's parser.
      (["--traces", "zigzag"], "- page-bursts"),
      (["--modes", "turbo"], "'sync', 'async' or 'prefetch'"),
      (["--modes", "async,turbo"], "The value 'async,turbo' is invalid"),
      (["--sizes", "10x3"], "COLUMNSxROWS, at least 20x6"),
      (["--told", "--modes", "async"], "--told tells prefetch the scroll: add prefetch to --modes"),
    ] {
      let result = try Subprocess.run([AppBinary.path, "bench"] + arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.output.contains(message), "\(arguments): \(result.output)")
    }
  }
}
