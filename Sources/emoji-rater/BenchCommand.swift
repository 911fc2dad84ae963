import ArgumentParser
import EmojiModel
import EmojiRater
import EmojiServer
import Foundation
import Loading
import RatingsDatabase
import Support
import Terminal

/// `emoji-rater bench`: the loading modes side by side, measured on the real
/// app driven by scroll traces on a pseudo-terminal of its own.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure the loading modes side by side on scripted scrolls.",
    discussion: """
      Runs the real app (frame loop, loader, views, ncurses output) on a pseudo-terminal \
      it opens itself, so it needs no terminal and runs anywhere. Each run is one mode, \
      one trace, one terminal size and one pool, for --seconds, from the same seed and \
      the same whole first screen, on the catalog repeated to 20 screens of the largest \
      size (with a family, six for each of its measured seconds) unless --items says \
      otherwise. Traces: steady (5 rows/s), burst (30 rows/s \
      half the time), reversal (10 rows/s down then up), pages (page down, sometimes up); \
      and, when asked for, search ('/\(ScrollTrace.searchQuery)' typed a letter every 150 ms, \
      then Esc; on the catalog itself unless --items says otherwise), whose table adds the \
      time from a keystroke to its matches on screen. The scrolls people make, drawn from the \
      seed, with stops between bursts: held (an arrow key's auto-repeat), wheel (flicks of \
      5-15 notches), trackpad (a swipe's notches, slowing as its momentum dies), \
      page-bursts, jumps (End, Home, Tab), reading (a little, then seconds still), \
      search-jumps (a word searched, n, then Esc to the match in the catalog, itself \
      unless --items says otherwise); at their stops the table adds the share of the screen still loading and the \
      time until it is whole. --seeds N runs each N times, seeds from --seed on, and prints \
      median and spread.
      """
  )

  @Flag(help: "Print the results as JSON instead of a table.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "Also draw the results as an SVG picture in this file (written whole at the end).",
      valueName: "file.svg"))
  var plot: String?

  @Option(
    help: ArgumentHelp(
      "Also write every load of the runs to this file, a line each beside the keys and the displays: what the app made of it when it took a slot and what became of it (written whole at the end).",
      valueName: "file"))
  var loadLog: String?

  @Option(
    help: ArgumentHelp(
      "Seconds each run is measured for, after the warm-up: the nearest whole number of the trace's cycles (\(ScrollTrace.listing { $0.cycle / 1000 })); the families six times as long, from their first frame; sync at most \(BenchRunner.syncSeconds) s.",
      valueName: "s"))
  var seconds: Double = 2

  @Option(
    help: ArgumentHelp(
      "Seconds each run's trace runs before measuring starts (default: until prefetching has filled; \(ScrollTrace.listing(\.warmUp))).",
      valueName: "s"))
  var warmUp: Double?

  @Option(help: ArgumentHelp("Comma-separated loading modes.", valueName: "modes"))
  var modes = Listed(LoadingMode.allCases)

  @Option(help: ArgumentHelp("Comma-separated traces.", valueName: "traces"))
  var traces = Listed(ScrollTrace.scrolls)

  @Option(
    help: ArgumentHelp("Comma-separated terminal sizes, COLUMNSxROWS, at least 20x6.", valueName: "sizes"))
  var sizes = Listed([Size(rows: 24, columns: 80), Size(rows: 60, columns: 200)])

  @Option(
    help: ArgumentHelp(
      "Also run prefetch with this small pool, where priorities decide (0 to skip).",
      valueName: "n"))
  var smallPool = 6

  @OptionGroup var content: ContentOptions

  @Option(help: ArgumentHelp("Seed for latencies, failures and the families' steps.", valueName: "n"))
  var seed: UInt64 = 7

  @Option(
    help: ArgumentHelp(
      "Run each mode, trace and size with this many seeds (--seed, --seed + 1, …) and print median and spread.",
      valueName: "n"))
  var seeds = 1

  @Flag(
    help:
      "Also run prefetch again on each seed told the scroll ahead (when the run before showed each cell) in place of its own forecast: its loading when the forecast is right, beside the oracles."
  )
  var told = false

  @Option(
    help: ArgumentHelp(
      "How cells draw emoji: full (every sequence that fits a cell sent whole: the most output) or safe (stand-ins).",
      valueName: "glyphs"))
  var glyphs = BenchGlyphs.full

  @Option(
    help: ArgumentHelp(
      "With --source serve: votes a second a second person casts on the emoji on screen, each tally change heard by the app as it runs (0: none).",
      valueName: "n"))
  var liveVotes = 0

  /// The ways the benchmark draws emoji: its terminal answers no
  /// questions, so there is nothing for `auto` to ask.
  enum BenchGlyphs: String, CaseIterable, ExpressibleByArgument {
    case full, safe

    init?(argument: String) { self.init(rawValue: argument.lowercased()) }

    var mode: GlyphMode { self == .full ? .full : .safe }
  }

  func validate() throws {
    if told, !modes.values.contains(.prefetch) {
      throw ValidationError("--told tells prefetch the scroll: add prefetch to --modes")
    }
    guard seconds > 0, seconds <= 600 else {
      throw ValidationError("--seconds must be more than 0 and at most 600, not \(seconds)")
    }
    if let warmUp, !(0...600).contains(warmUp) {
      throw ValidationError("--warm-up must be from 0 to 600, not \(warmUp)")
    }
    guard smallPool >= 0 else { throw ValidationError("--small-pool must be 0 or more, not \(smallPool)") }
    guard (1...100).contains(seeds) else {
      throw ValidationError("--seeds must be from 1 to 100, not \(seeds)")
    }
    guard (0...1_000).contains(liveVotes) else {
      throw ValidationError("--live-votes must be from 0 to 1000, not \(liveVotes)")
    }
    if liveVotes > 0, content.source != .ownServer {
      throw ValidationError(
        "--live-votes needs --source serve: a server the benchmark starts with a database")
    }
  }

  /// What to run: each mode, trace and size.
  private struct Plan {
    var modes: [LoadingMode]
    var traces: [ScrollTrace]
    var sizes: [Size]
    var latency: LatencyModel
  }

  func run() throws {
    let plan = Plan(modes: modes.values, traces: traces.values, sizes: sizes.values, latency: content.latency)
    // A path the picture or the load log cannot go to is said now, not
    // after minutes of runs.
    if let plot, case .failure(let refusal) = ReportFile.target(plot) {
      Self.refuse("cannot write the plot to \(plot): \(refusal.reason)")
    }
    if let loadLog, case .failure(let refusal) = ReportFile.target(loadLog) {
      Self.refuse("cannot write the load log to \(loadLog): \(refusal.reason)")
    }
    var configuration = BenchRunner.Configuration()
    configuration.seconds = seconds
    configuration.warmUp = warmUp
    configuration.latency = plan.latency
    configuration.seed = seed
    // --source serve: a server of its own on a free loopback port, with the
    // latency the simulated runs have, for the length of the runs.
    var server: EmojiServer?
    var databaseFolder: String?
    switch content.source {
    case .ownServer:
      var settings = EmojiServer.Configuration()
      settings.port = 0
      settings.latency = plan.latency
      settings.seed = seed
      configuration.liveVotesPerSecond = liveVotes
      do {
        if liveVotes > 0 {
          // The votes need a database; one in a folder of the run's own,
          // and no limit on how fast the second voter may vote.
          let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("emoji-rater-bench-\(getpid())").path
          try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
          databaseFolder = folder
          settings.database = try SQLiteRatingsDatabase(path: folder + "/server.sqlite")
          settings.ratingsLimits.votesPerSecond = 1_000_000
          settings.ratingsLimits.voteBurst = 1_000_000
        }
        let started = try EmojiServer(
          catalog: EmojiCatalog.builtIn(includeSkinTones: true), configuration: settings)
        configuration.source = .http(URL(string: "http://127.0.0.1:\(started.port)")!)
        server = started
      } catch {
        Self.refuse("cannot start a server: \(error)")
      }
    case .given(let source):
      configuration.source = source
    }
    defer {
      server?.stop()
      if let databaseFolder { try? FileManager.default.removeItem(atPath: databaseFolder) }
    }
    let glyphs = glyphs.mode
    let json = json
    let smallPool = smallPool
    let told = told
    let items = content.items
    let logsLoads = loadLog != nil
    let (results, loadLogText) = try MainActor.assumeIsolated {
      var configuration = configuration
      if logsLoads { configuration.loadLog = LoadLog() }
      let results = try BenchCommand.runAll(
        plan: plan, configuration: configuration, glyphs: glyphs, smallPool: smallPool, items: items,
        seeds: seeds, told: told, json: json)
      return (results, configuration.loadLog?.text)
    }
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      print(String(decoding: try encoder.encode(results), as: UTF8.self))
    } else if seeds == 1, !told {
      print(BenchTable.render(results))
    } else {
      print(BenchSummary.render(BenchSummary.summaries(of: results)))
    }
    if let plot {
      let svg = Data(BenchPlot.svg(results, framesPerSecond: configuration.framesPerSecond).utf8)
      if case .failure(let refusal) = ReportFile.write(svg, to: plot) {
        Self.refuse("cannot write the plot to \(plot): \(refusal.reason)")
      }
    }
    if let loadLog, let loadLogText,
      case .failure(let refusal) = ReportFile.write(Data(loadLogText.utf8), to: loadLog)
    {
      Self.refuse("cannot write the load log to \(loadLog): \(refusal.reason)")
    }
  }

  /// Says why on standard error and exits 2, as every refusal does.
  private static func refuse(_ message: String) -> Never {
    StandardError.write("emoji-rater bench: \(message)")
    Foundation.exit(2)
  }

  @MainActor
  private static func runAll(
    plan: Plan, configuration: BenchRunner.Configuration, glyphs: GlyphMode, smallPool: Int, items: Int?,
    seeds: Int, told: Bool, json: Bool
  ) throws -> [BenchResult] {
    let catalog = EmojiCatalog.builtIn(includeSkinTones: true)
    var configuration = configuration
    Platform.adoptUTF8Locale()  // Before the C library's widths are asked.
    configuration.glyphs = GlyphPolicy(mode: glyphs, measured: [:], catalog: catalog)
    ColumnTable.declare(configuration.glyphs.overrides)
    if !json { StandardError.write("bench: glyphs \(glyphs.rawValue)") }
    let screens = BenchRunner.contentScreens(traces: plan.traces, seconds: configuration.seconds)
    let count = items ?? BenchRunner.defaultItemCount(catalog: catalog, sizes: plan.sizes, screens: screens)
    let scrolled = count == catalog.count ? catalog : catalog.repeated(toCount: count)
    // A search is of the catalog itself, unless --items says how long: the
    // catalog repeated would match each emoji once a copy.
    let searched = items == nil ? catalog : scrolled
    var results: [BenchResult] = []
    for size in plan.sizes {
      for trace in plan.traces {
        var runs: [(LoadingMode, Int?)] = plan.modes.map { ($0, nil) }
        // The small pool once, at the first size: there priorities decide,
        // and only prefetching has more than one.
        if smallPool > 0, size == plan.sizes.first, plan.modes.contains(.prefetch) {
          runs.append((.prefetch, smallPool))
        }
        for (mode, pool) in runs {
          for offset in 0..<UInt64(seeds) {
            let seed = configuration.seed &+ offset
            if !json {
              StandardError.write(
                "bench: \(size) \(trace.rawValue) \(mode.rawValue) pool \(pool.map(String.init) ?? "auto")"
                  + (seeds > 1 ? " seed \(seed)" : ""))
            }
            var seeded = configuration
            seeded.seed = seed
            let runner = BenchRunner(catalog: trace.searches ? searched : scrolled, configuration: seeded)
            results.append(
              told && mode == .prefetch
                ? try runner.runTold(trace: trace, size: size, pool: pool)
                : try runner.run(mode: mode, trace: trace, size: size, pool: pool))
          }
        }
      }
    }
    return results
  }
}
