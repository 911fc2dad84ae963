import Dispatch
import FrameTiming
import Support
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive app: feeds the frame loop the person's keys, mouse and
/// resizes and the signals that arrive, and leaves cleanly on every way out.
@MainActor
public final class AppController {
  private let frames: FrameLoop
  private let screen: TerminalScreen
  private let statsJSONPath: String?
  /// Where the selection and the filter are kept for the next run.
  private let memoryPath: String?
  private var sources: [any DispatchSourceProtocol] = []
  /// Picking: where the choice is printed, and how.
  private let pickTerminal: PickTerminal?

  public init(
    frames: FrameLoop, statsJSONPath: String? = nil, memoryPath: String? = nil,
    pickTerminal: PickTerminal? = nil
  ) {
    self.frames = frames
    screen = frames.screen
    self.statsJSONPath = statsJSONPath
    self.memoryPath = memoryPath
    self.pickTerminal = pickTerminal
  }

  /// Runs the app until the person quits; never returns.
  public func run() -> Never {
    watch(STDIN_FILENO) { $0.frames.enqueue($0.screen.readEvents()) }
    if let signals = screen.signalDescriptor {
      watch(signals) { $0.handleSignals() }
    }
    frames.onQuit = { [unowned self] in quit(status: frames.pickOutcome?.status ?? 0) }
    startWatchdog()
    frames.start()
    // Keys typed during the width probe wait in ncurses' own queue, where
    // the descriptor's watch does not see them: they go first.
    frames.enqueue(screen.readEvents())
    dispatchMain()
  }

  /// Calls `handler` on the main queue whenever `fd` has something to read.
  private func watch(_ fd: Int32, _ handler: @escaping @MainActor (AppController) -> Void) {
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
    source.setEventHandler { [unowned self] in
      MainActor.assumeIsolated { handler(self) }
    }
    source.activate()
    sources.append(source)
  }

  /// A quit request the main thread is too busy to take (a long `sync`
  /// load) is taken anyway after a second: the terminal restored, the votes
  /// saved (their store works off the main thread), and a word on why.
  private func startWatchdog() {
    let ratings = frames.ratings
    let usage = frames.usageHistory
    QuitWatchdog.start { signal in
      CrashGuard.restoreTerminalNow()
      try? ratings?.close()
      try? usage?.flush()
      let name = String(cString: strsignal(signal))
      StandardError.write("emoji-rater: quit on '\(name)' while the main thread was busy (a sync load?)")
    }
  }

  private func handleSignals() {
    for signal in SignalForwarding.drain() {
      switch signal {
      // Like q and Ctrl-C (which the raw terminal sends as a key); a pick's is an interrupt.
      case SIGINT: quit(status: pickTerminal == nil ? 0 : PickOutcome.interrupted.status)
      case _ where SignalForwarding.quitting.contains(signal): quit(status: 128 + signal)
      case SIGWINCH: frames.enqueue([.resize])
      case SIGTSTP:
        frames.enqueue(.suspend)  // `kill -TSTP`: as Ctrl-Z, which the raw terminal sends as a key.
      case SIGCONT:
        screen.invalidate()
        frames.enqueue([.resize])
      default: break
      }
    }
  }

  /// Restores the terminal, prints the session's one-line summary (and
  /// writes the JSON report if asked), exits.
  private func quit(status: Int32) -> Never {
    QuitWatchdog.quitting()
    screen.stop()
    var status = status
    if let memoryPath {
      // A convenience: failing to keep it is no reason to fail the exit.
      try? frames.state.memory.write(to: memoryPath)
    }
    do {
      try frames.usageHistory?.flush()
    } catch {
      // A convenience, unlike the votes: said, but the exit stands.
      StandardError.write("emoji-rater: the frequently used emoji could not be kept: \(error)")
    }
    // Votes still on their way stay in the outbox, on disk, for the next run.
    frames.voteSender?.stop()
    frames.liveTallies?.stop()
    do {
      // Every vote on disk before the process goes (q, Ctrl-C, SIGTERM, SIGHUP).
      try frames.ratings?.close()
    } catch {
      StandardError.write("emoji-rater: your latest votes could not be saved: \(error)")
      status = 1
    }
    // The report before the summary line: the line is the last word, and
    // whoever waits for it (a script, a test) finds the report on disk.
    if let statsJSONPath {
      do {
        try StatsReport(stats: frames.stats, loading: frames.loading.loadingSummary).write(to: statsJSONPath)
      } catch {
        StandardError.write(
          "emoji-rater: cannot write statistics to \(SafeText.escaped(statsJSONPath)): \(error)")
        if status == 0 { status = 1 }
      }
    }
    if let pickTerminal {
      // The choice is a pick's whole output: no summary line on the terminal either.
      pickTerminal.print(frames.pickOutcome ?? .abandoned)
    } else {
      let summary = SessionSummary.line(stats: frames.stats, loading: frames.loading.loadingSummary)
      Platform.write(Array((SafeText.escaped(summary) + "\n").utf8), to: STDOUT_FILENO)
    }
    // _exit, not exit: everything the person needs is written above, and
    // exit's clean-up would run the libraries' destructors under loader
    // threads still finishing their loads (a fuzzed run under load once
    // died of SIGILL after q).
    fflush(nil)
    _exit(status)
  }
}
