import CollectionKit
import EmojiModel
import Foundation
import FrameTiming
import Loading
import Support
import Terminal

/// Runs the real app — the frame loop, the loading controller and its
/// `OperationQueue`, the views and ncurses — on a pseudo-terminal of its own,
/// driven in real time by a scroll trace, and reports what happened.
@MainActor
public struct BenchRunner {
  public struct Configuration: Sendable {
    /// How long the trace runs before measuring starts, so the figures are
    /// the steady state of a scroll, not its first second; nil: the
    /// trace's own (`ScrollTrace.warmUp`).
    public var warmUp: Double?
    /// How long the measured part lasts, in whole cycles of the trace
    /// (`ScrollTrace.measuredSeconds`): over part of a cycle the figures
    /// depend on which part (paging, 1.5 s: ready 12% to 58% as the warm-up
    /// went from 2.5 s to 5.5 s).
    public var seconds: Double = 2
    public var latency: LatencyModel = .default
    public var seed: UInt64 = 7
    /// Where the data comes from: a server's address, or simulated.
    public var source = DataSource.simulated
    public var framesPerSecond = 60
    /// What cells draw. The command line's `--glyphs full` (its default)
    /// also declares the policy's columns (`ColumnTable`) before the runs.
    public var glyphs = GlyphPolicy.safe
    /// Votes a second a second person casts on the emoji on screen, with a
    /// ratings server as the source: the app hears each tally change as it
    /// would a community's (0: none).
    public var liveVotesPerSecond = 0
    /// Where each run's loads are written, a line each (`bench --load-log`).
    public var loadLog: LoadLog?

    public init() {}
  }

  public let catalog: EmojiCatalog
  public let configuration: Configuration

  public init(catalog: EmojiCatalog, configuration: Configuration) {
    self.catalog = catalog
    self.configuration = configuration
  }

  /// One run. `pool` nil sizes the pool as the app does (`PoolSizing`).
  public func run(mode: LoadingMode, trace: ScrollTrace, size: Size, pool: Int?) throws -> BenchResult {
    try measure(mode: mode, trace: trace, size: size, pool: pool, told: nil).result
  }

  /// A prefetch run, then the same trace and seed again with the app told
  /// the scroll ahead (`ToldScroll`: the first run's displays, each load
  /// planned to take what a sure prefetch is given, nine in ten): the
  /// first run's figures, with the second's ready on display, spinners at
  /// settle and time spinning as `toldReadyOnDisplay` and the like.
  public func runTold(trace: ScrollTrace, size: Size, pool: Int?) throws -> BenchResult {
    var (result, displays) = try measure(mode: .prefetch, trace: trace, size: size, pool: pool, told: nil)
    let told = ToldScroll(displays: displays, lead: LoadDeadlines.Leads(latency: configuration.latency).sure)
    let toldResult = try measure(mode: .prefetch, trace: trace, size: size, pool: pool, told: told).result
    result.toldReadyOnDisplay = toldResult.readyOnDisplay
    result.toldSpinnersAtSettle = toldResult.spinnersAtSettle
    result.toldTimeSpinning = toldResult.timeSpinning
    return result
  }

  /// One run, and its displays in milliseconds from the trace's first key.
  /// With `told`, the loads are ranked by it, not by the planner's forecast.
  private func measure(
    mode: LoadingMode, trace: ScrollTrace, size: Size, pool: Int?, told: ToldScroll?
  ) throws -> (result: BenchResult, displays: [OraclePrefetcher.Display]) {
    let runStart = ContinuousClock.now
    let terminal = try PseudoTerminal(size: size)
    defer { terminal.close() }
    let screen = try TerminalScreen.start(on: terminal)
    let clock = SystemClock()
    let state = AppState(catalog: catalog, screenSize: screen.size)
    var options = LoadingOptions()
    options.mode = mode
    options.latency = configuration.latency
    options.seed = configuration.seed
    options.maxConcurrent = pool
    options.source = configuration.source
    let loading = LoadingController(
      catalog: catalog, layout: state.layout, options: options, clock: clock, glyphs: configuration.glyphs)
    let frames = FrameLoop(
      state: state, loading: loading, screen: screen, clock: clock,
      framesPerSecond: configuration.framesPerSecond)
    var framesWritten = 0
    var firstFrame: Duration?
    let community = try LiveCommunity(configuration, catalog: catalog, frames: frames)
    defer { community?.stop() }
    frames.onFrameWritten = {
      framesWritten += 1
      if firstFrame == nil { firstFrame = ContinuousClock.now - runStart }
      community?.show(frames.state)
    }

    // Every mode starts from the same whole first screen (and nothing else
    // cached), so the run measures the scrolling, not the start-up.
    loading.prime(rows: state.viewport.rows, layout: state.layout)
    let primedItems = state.layout.flatRange(ofRows: state.viewport.rows)
    let primed = Set(primedItems)
    // The first screen is in the log from 0: a stop before the view has
    // moved looks at it.
    let log = RunLog(start: clock.now(), readsLoads: configuration.loadLog != nil)
    loading.observer = log
    // Where the display log's clock starts on the terminal's, read at
    // once: the keys' times are the terminal's.
    let logStart = Platform.monotonicNanoseconds()
    let onLogClock: @Sendable (UInt64) -> Double = { time in (Double(time) - Double(logStart)) / 1e6 }
    loading.update(visibleRows: state.viewport.rows, layout: state.layout)
    loading.resetStatistics()
    // The app's figures leave out the first screen's displays (its
    // statistics start after them); the oracles' must too, or a run
    // measured from its first frame scores them on a screen that was
    // whole by construction (at 200×60 reading, all of the oracle's 37%).
    let countedFrom = onLogClock(Platform.monotonicNanoseconds())
    frames.start()
    let start = Date()
    // sync mode has no steady state to reach: every frame blocks. Its run is
    // measured from the first step, and half a second shows it (the frame
    // under way then still finishes its load: up to the latency's 2 s).
    let warmUp = mode == .sync ? 0 : configuration.warmUp ?? trace.warmUp
    let seconds =
      mode == .sync
      ? min(configuration.seconds, Self.syncSeconds) : trace.measuredSeconds(asked: configuration.seconds)
    let total = warmUp + seconds
    // The trace is typed into the terminal as keys, from a thread of its
    // own, at the trace's times whatever the main thread is doing: the app
    // reads them as it reads a person's, so the keys wait for a blocked
    // frame as they would, and the time from a key to the screen is real.
    let input = DispatchSource.makeReadSource(fileDescriptor: terminal.slave, queue: .main)
    input.setEventHandler { MainActor.assumeIsolated { frames.enqueue(screen.readEvents()) } }
    input.activate()
    let steps = trace.steps(duration: total * 1000, seed: configuration.seed)
    let typist = Typist(
      steps: steps, terminal: terminal,
      period: 1_000_000_000 / UInt64(configuration.framesPerSecond))
    let typedFrom = onLogClock(Platform.monotonicNanoseconds())
    typist.start()
    let teller = told.map { told in
      Self.tell(told, to: loading, from: { onLogClock(Platform.monotonicNanoseconds()) - typedFrom })
    }
    spin(until: start.addingTimeInterval(warmUp))
    frames.enqueue(.resetStatistics)
    // The server's counts from here too (and none of the run before's ends).
    let server = ServerWatch(configuration.source)
    let measuredFrom = Platform.monotonicNanoseconds()
    terminal.settle()
    let bytesBefore = terminal.bytesReceived
    let framesBefore = framesWritten
    let interferenceBefore = MachineInterference.reading()
    spin(until: start.addingTimeInterval(total))
    // No frame runs from here (the main thread is ours): once the drain
    // thread has read what the last one wrote, the outside has seen it all.
    terminal.settle()
    let measuredTo = Platform.monotonicNanoseconds()
    // The loads' counts and the server's as the measured part ends: the
    // loads cancelled below, to end the run, are no part of it.
    let counters = loading.loader.counters
    let seen = server.seen()
    let interference = MachineInterference.reading().since(interferenceBefore)
    typist.finish()
    teller?.cancel()
    input.cancel()
    frames.stop()
    loading.loader.cancelAll()
    terminal.settle()
    let bytes = terminal.bytesReceived - bytesBefore
    let drawn = max(1, framesWritten - framesBefore)
    screen.stop()
    // Let the cancelled loads' last hops to the main queue land before the
    // next run (and a server see their connections close).
    spin(until: Date().addingTimeInterval(server.isWatching ? 0.3 : 0.02))

    let displays = log.displays
    // The oracle knows each load's latency ahead: a simulated source's
    // draws can be known, a server's cannot.
    let knowsLatencies = loading.loader.firstLatency(of: 0) != nil
    let latency = { loading.loader.firstLatency(of: $0) ?? 0 }
    let oracleLoads =
      knowsLatencies
      ? OraclePrefetcher.loadTimesServingVisibleFirst(
        displays: displays, latency: latency, pool: loading.loader.maxConcurrent, initiallyLoaded: primed)
      : nil
    let scoredFrom = max(warmUp * 1000, countedFrom)
    let oracle = oracleLoads.flatMap {
      OraclePrefetcher.readyRate(of: displays, measuredFrom: scoredFrom, loadedAt: $0)
    }
    let stops = SettleMetrics.stops(
      steps: steps, typedAt: terminal.typedTimes.map(onLogClock), measuredFrom: warmUp * 1000,
      end: onLogClock(measuredTo))
    let arrivals = log.arrivals
    // When the app had each item's data: the first screen's before the run.
    let appLoadedAt = { (item: Int) in arrivals[item] ?? (primed.contains(item) ? 0 : nil) }
    let settle = SettleMetrics.measure(stops: stops, displays: displays, loadedAt: appLoadedAt)
    let oracleSettle = oracleLoads.flatMap { loads in
      SettleMetrics.measure(stops: stops, displays: displays) { loads[$0] }
    }
    let scoredTo = onLogClock(measuredTo)
    let timeSpinning = SettleMetrics.timeSpinning(
      displays: displays, from: scoredFrom, to: scoredTo, loadedAt: appLoadedAt)
    let oracleTimeSpinning = oracleLoads.flatMap { loads in
      SettleMetrics.timeSpinning(displays: displays, from: scoredFrom, to: scoredTo) { loads[$0] }
    }
    let blindOracle =
      knowsLatencies
      ? OraclePrefetcher.blindReadyRate(
        displays: displays, latency: latency, distribution: configuration.latency,
        pool: loading.loader.maxConcurrent, measuredFrom: scoredFrom, initiallyLoaded: primed) : nil
    // From the log's first moment, when the oracle's loads may start too;
    // a server's latency is its own, not the one configured.
    let ceiling =
      knowsLatencies
      ? ThroughputCeiling.expectedLoads(
        pool: loading.loader.maxConcurrent, seconds: scoredTo / 1000, latency: configuration.latency
      ).flatMap { loads in
        ThroughputCeiling.readyRate(
          displays: displays, measuredFrom: scoredFrom, loads: loads, initiallyLoaded: primed)
      } : nil
    let unruledOracle =
      knowsLatencies
      ? OraclePrefetcher.readyRate(
        displays: displays, latency: latency, pool: loading.loader.maxConcurrent,
        measuredFrom: scoredFrom, initiallyLoaded: primed) : nil
    let stats = frames.stats
    // sync is the one mode whose screen changes at every frame (each loads a cell).
    let observer = OutsideObserver(
      period: stats.period, judged: mode == .sync ? .everyGap : .afterKeys)
    let outside = observer.view(
      keys: terminal.typedTimes, outputs: terminal.outputTimes, from: measuredFrom, to: measuredTo)
    let display = loading.display
    let result = BenchResult(
      mode: mode.rawValue, trace: trace.rawValue, columns: size.columns, rows: size.rows,
      items: catalog.count,
      firstFrameMilliseconds: firstFrame.map(Self.milliseconds) ?? 0,
      pool: loading.loader.maxConcurrent, seconds: seconds, frames: stats.frames,
      dropped: stats.dropped, droppedShare: stats.droppedShare, workP50: stats.workTime(percentile: 50),
      workP95: stats.workTime(percentile: 95), workP99: stats.workTime(percentile: 99),
      inputMean: Double(stats.workTotals.input) / 1e6 / Double(max(1, stats.frames)),
      drawMean: Double(stats.workTotals.draw) / 1e6 / Double(drawn),
      outputMean: Double(stats.workTotals.output) / 1e6 / Double(drawn),
      hitchRatio: stats.hitchRatio, displayed: display.displayed, readyOnDisplay: display.readyRate,
      oracleReadyOnDisplay: oracle, unruledOracleReadyOnDisplay: unruledOracle,
      visibleLatencyP50: display.visibleLatency.percentile(50),
      visibleLatencyP95: display.visibleLatency.percentile(95), wasted: counters.wasted,
      cancelled: counters.cancelled, bytesPerFrame: Double(bytes) / Double(drawn),
      newCellsPerSecond: Self.newCellsPerSecond(
        displays: displays, measuredFrom: warmUp * 1000, seconds: seconds, alreadyLoaded: primed),
      poolLoadsPerSecond: Self.loadsPerSecond(
        pool: loading.loader.maxConcurrent, latency: configuration.latency),
      stolenMilliseconds: interference.stolenMilliseconds,
      mainThreadPreemptions: interference.mainThreadPreemptions, outside: outside,
      outsideDisagrees: observer.disagrees(
        view: outside, appDropped: stats.dropped, appHitchRatio: stats.hitchRatio, seconds: seconds),
      resultsP50: trace == .search ? frames.searchLatency.percentile(50) : nil,
      resultsP99: trace == .search ? frames.searchLatency.percentile(99) : nil,
      searches: trace == .search ? frames.searchLatency.count : nil,
      keystrokeP50: trace == .search ? frames.searchWork.percentile(50) : nil,
      keystrokeP99: trace == .search ? frames.searchWork.percentile(99) : nil,
      source: configuration.source == .simulated ? nil : configuration.source.description,
      cancelledDuringWait: counters.cancelledDuringWait, serverAbandoned: seen?.abandoned,
      serverConnections: seen?.connections, connectionErrors: counters.connectionErrors,
      seed: trace.isFamily ? configuration.seed : nil, stops: settle?.stops,
      spinnersAtSettle: settle?.spinners, oracleSpinnersAtSettle: oracleSettle?.spinners,
      fullScreenMilliseconds: settle?.fullScreenMilliseconds,
      oracleFullScreenMilliseconds: oracleSettle?.fullScreenMilliseconds,
      timeSpinning: timeSpinning, oracleTimeSpinning: oracleTimeSpinning,
      blindOracleReadyOnDisplay: blindOracle, ceilingReadyOnDisplay: ceiling,
      loads: mode == .sync
        ? nil
        : LoadFates(log: log.loads, displays: displays, from: scoredFrom, to: scoredTo))
    if let loadLog = configuration.loadLog {
      let runLabel = [
        "\(size)", trace.rawValue, told == nil ? mode.rawValue : "\(mode.rawValue)-told",
        "seed \(configuration.seed)", "pool \(loading.loader.maxConcurrent)",
      ]
      loadLog.add(
        run: runLabel.joined(separator: "\t"), keys: terminal.typedTimes.map(onLogClock), displays: displays,
        log: log.loads, readings: log.readings, from: scoredFrom, to: scoredTo, origin: typedFrom,
        primed: primedItems, stops: stops, oracle: oracleLoads ?? [:])
    }
    let fromFirstKey = displays.map { display in
      OraclePrefetcher.Display(
        item: display.item, time: display.time - typedFrom, end: display.end - typedFrom)
    }
    return (result, fromFirstKey)
  }

  /// Ranks `loading`'s loads by `told` every 30 ms, asking for what comes
  /// on screen within its horizon, until the timer is cancelled. `now`:
  /// milliseconds from the trace's first key.
  private static func tell(
    _ told: ToldScroll, to loading: LoadingController, from now: @escaping @Sendable () -> Double
  ) -> any DispatchSourceTimer {
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now(), repeating: .milliseconds(30))
    timer.setEventHandler {
      MainActor.assumeIsolated {
        let time = now()
        loading.rankFromOutside(asking: told.upcoming(at: time), urgency: { told.rank(of: $0, at: time) })
      }
    }
    timer.activate()
    return timer
  }

  /// How many items came on screen for the first time (and not already
  /// loaded) at or after `measuredFrom` milliseconds, a second of `seconds`.
  /// `displays` in the order they began, as `RunLog.displays` has them.
  nonisolated static func newCellsPerSecond(
    displays: [OraclePrefetcher.Display], measuredFrom: Double, seconds: Double, alreadyLoaded: Set<Int>
  ) -> Double {
    var seen = alreadyLoaded
    var count = 0
    for display in displays where seen.insert(display.item).inserted {
      if display.time >= measuredFrom { count += 1 }
    }
    return seconds > 0 ? Double(count) / seconds : 0
  }

  /// The loads a second a pool of `pool` finishes with every slot busy
  /// (Little's law: throughput = loads in flight ÷ mean latency); nil when
  /// nothing bounds it (an unbounded pool, or no latency).
  nonisolated static func loadsPerSecond(pool: Int, latency: LatencyModel) -> Double? {
    guard pool > 0, latency.mean > 0 else { return nil }
    return Double(pool) / (latency.mean / 1000)
  }

  /// Screens of content a run of `traces`, asked to last `seconds`, needs
  /// so that none runs into the end: 20 for the fixed traces (pages, the
  /// fastest, goes 18 in its warm-up and measured cycles), and for the
  /// families six a measured second (page bursts press PgDn up to six
  /// times a second; in 12 s they went past the 20 screens of 200×60).
  public nonisolated static func contentScreens(traces: [ScrollTrace], seconds: Double) -> Int {
    let families = traces.filter(\.isFamily).map { $0.measuredSeconds(asked: seconds) }
    return max(20, Int((6 * (families.max() ?? 0)).rounded(.up)))
  }

  /// Content many screens long at every size, so that no trace runs into
  /// its end: the catalog, repeated to `screens` screens of the largest size
  /// if it is shorter (with skin tones it fills 1.6 screens at 200×60).
  public static func defaultItemCount(catalog: EmojiCatalog, sizes: [Size], screens: Int = 20) -> Int {
    let cellsPerScreen = sizes.map { size in
      GridLayout(sectionItemCounts: [1], width: size.columns).columns * ScreenLayout(size: size).gridHeight
    }
    return max(catalog.count, screens * (cellsPerScreen.max() ?? 0))
  }

  /// How long a `sync` run is measured for at most: its figures are those
  /// of a frame or two blocked for a load, whatever the length, and the
  /// default comparison must stay under two minutes.
  public nonisolated static let syncSeconds = 0.5

  private static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }

  /// Lets the main queue run (frames, arrivals, trace steps) until `date`.
  /// A community voting while the run scrolls (`liveVotesPerSecond`): a
  /// second voter on the emoji on screen, and the app listening to the
  /// tallies change.
  @MainActor
  final class LiveCommunity {
    let voter: LiveVoter
    let tallies: LiveTallies
    let heard = Locked(0)

    init?(_ configuration: Configuration, catalog: EmojiCatalog, frames: FrameLoop) throws {
      guard configuration.liveVotesPerSecond > 0, let server = configuration.source.server else { return nil }
      voter = LiveVoter(server: server, catalog: catalog, votesPerSecond: configuration.liveVotesPerSecond)
      let heard = heard
      tallies = LiveTallies(server: server) { [weak frames] change in
        heard.withLock { $0 += 1 }
        DispatchQueue.main.async { MainActor.assumeIsolated { frames?.receive(change) } }
      }
      frames.liveTallies = tallies
      tallies.start()
      try voter.start()
    }

    /// Where the second voter votes: the rows on screen now.
    func show(_ state: AppState) {
      voter.onScreen = state.layout.flatRange(ofRows: state.viewport.rows)
    }

    func stop() {
      voter.stop()
      tallies.stop()
      let (sent, answered) = voter.counts
      StandardError.write(
        "bench: a second voter sent \(sent) votes (\(answered) answered); the app heard \(heard.withLock { $0 }) tallies"
      )
    }
  }

  private func spin(until date: Date) {
    while Date() < date {
      _ = RunLoop.main.run(mode: .default, before: min(date, Date().addingTimeInterval(0.005)))
    }
  }
}

/// Types a trace's keys into the benchmark's terminal at the trace's
/// times, on a thread of its own (the main thread may be blocked in a
/// `sync` load, as a person's fingers do not wait for it).
///
/// The traces' intervals are whole numbers of 60 Hz frames (200 ms is 12),
/// so keys typed exactly on time would all land at the same point of the
/// frame clock's cycle, and the time from a key to the screen would be that
/// one point's (a whole period, or none). A person's keys land anywhere in
/// it: each key is typed a little late, by a fraction of a period that
/// walks the cycle evenly (the golden ratio's steps), the same every run.
private final class Typist: @unchecked Sendable {
  // @unchecked: the steps and the terminal are set once; `done` is a semaphore.
  private let steps: [ScrollTrace.Step]
  private let terminal: PseudoTerminal
  private let period: UInt64
  private let done = DispatchSemaphore(value: 0)
  private let stopped = Locked(false)

  init(steps: [ScrollTrace.Step], terminal: PseudoTerminal, period: UInt64) {
    self.steps = steps
    self.terminal = terminal
    self.period = period
  }

  func start() {
    Thread.detachNewThread { [self] in
      let start = Platform.monotonicNanoseconds()
      for (index, step) in steps.enumerated() {
        let phase = (Double(index) * 0.618_033_988_7).truncatingRemainder(dividingBy: 1)
        let due = start + UInt64(step.time * 1e6) + UInt64(phase * Double(period))
        // In short sleeps, so that `finish` never waits long.
        while !isStopped {
          let now = Platform.monotonicNanoseconds()
          guard due > now else { break }
          usleep(UInt32(min(due - now, 5_000_000) / 1_000))
        }
        if isStopped { break }
        terminal.type(step.keys)
      }
      done.signal()
    }
  }

  private var isStopped: Bool { stopped.withLock { $0 } }

  /// Stops typing and waits until the thread is done with the terminal.
  func finish() {
    stopped.withLock { $0 = true }
    done.wait()
  }
}

/// What a server saw of a run: its counts when the measured part started,
/// against its counts at its end. Nothing for the simulated source.
@MainActor
private struct ServerWatch {
  private let source: DataSource
  private let before: ServerCounts?

  init(_ source: DataSource) {
    self.source = source
    before = ServerCounts.fetch(from: source)
  }

  var isWatching: Bool { before != nil }

  func seen() -> ServerCounts? {
    guard let before, let after = ServerCounts.fetch(from: source) else { return nil }
    return after.since(before)
  }
}
