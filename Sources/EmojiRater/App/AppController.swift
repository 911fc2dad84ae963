import Dispatch
import FrameTiming
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

// The event flow, all on the main queue (the UI thread):
//
//   stdin readable ──► readEvents ──┐
//   signal pipe ─────► signals ─────┼──► pending events ──► wake the frame clock
//                                   │
//   frame timer tick ◄──────────────┘            loader arrival ──► wake
//     → apply commands to AppState
//     → LoadingController.update(visible rows): willDisplay / didEndDisplaying /
//       prefetch / cancel → the loader's OperationQueue (background threads)
//     → sync mode only: load one missing visible cell here, blocking
//     → if anything changed: draw RootView into the screen's canvas, doupdate
//     → FrameStats records the tick: lateness, dropped frames, work per part
//     → keep ticking while busy (input, spinners, a moving scroll), stop after
//       a few quiet ticks (an idle app uses no CPU)

/// The run loop: owns the screen and the state, and turns input into frames.
@MainActor
public final class AppController {
  private var state: AppState
  private let loading: LoadingController
  private let screen: TerminalScreen
  private let clock: any MonotonicClock
  private var pacer: FramePacer
  private var pendingEvents: [InputEvent] = []
  private var needsDisplay = true
  private var sources: [any DispatchSourceProtocol] = []
  private let frameTimer = DispatchSource.makeTimerSource(queue: .main)
  /// Spinners step at about 10 Hz: alive, without repainting every loading
  /// cell every frame.
  private static let spinnerStep: UInt64 = 100_000_000
  private var spinnerPhase = 0
  private var stats: FrameStats
  /// The HUD as last drawn; it is refreshed at most every `hudStep` so that
  /// drawing it does not become the reason for frames.
  private var shownHUD = HUDModel()
  private static let hudStep: UInt64 = 250_000_000
  private var lastHUDRefresh: UInt64 = 0
  private let statsJSONPath: String?

  public init(
    state: AppState, loading: LoadingController, screen: TerminalScreen,
    clock: any MonotonicClock = SystemClock(), framesPerSecond: Int = 60, statsJSONPath: String? = nil
  ) {
    self.statsJSONPath = statsJSONPath
    self.state = state
    self.loading = loading
    self.screen = screen
    self.clock = clock
    pacer = FramePacer(framesPerSecond: framesPerSecond)
    stats = FrameStats(framesPerSecond: framesPerSecond)
  }

  /// Runs the app until the person quits; never returns.
  public func run() -> Never {
    watch(STDIN_FILENO) { $0.pendingEvents += $0.screen.readEvents() }
    watch(screen.signalDescriptor) { $0.handleSignals() }
    frameTimer.setEventHandler { [unowned self] in MainActor.assumeIsolated { self.tick() } }
    frameTimer.activate()
    loading.onChange = { [unowned self] in
      needsDisplay = true
      wake()
    }
    wake()
    dispatchMain()
  }

  /// Calls `handler` on the main queue whenever `fd` has something to read,
  /// then wakes the frame clock.
  private func watch(_ fd: Int32, _ handler: @escaping @MainActor (AppController) -> Void) {
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
    source.setEventHandler { [unowned self] in
      MainActor.assumeIsolated {
        handler(self)
        self.wake()
      }
    }
    source.activate()
    sources.append(source)
  }

  private func handleSignals() {
    for signal in SignalForwarding.drain() {
      switch signal {
      case SIGINT: quit(status: 0)  // Ctrl-C is a way to quit, like q.
      case SIGTERM, SIGHUP: quit(status: 128 + signal)
      case SIGWINCH: pendingEvents.append(.resize)
      case SIGTSTP:
        screen.suspend()
        pendingEvents.append(.resize)  // The size may have changed while stopped.
      case SIGCONT:
        screen.invalidate()
        pendingEvents.append(.resize)
      default: break
      }
    }
  }

  /// Starts the frame clock if it is idle.
  private func wake() {
    if pacer.wake(at: clock.now()) { schedule() }
  }

  private func schedule() {
    frameTimer.schedule(
      deadline: DispatchTime(uptimeNanoseconds: pacer.nextDeadline), leeway: .microseconds(200))
  }

  // MARK: Frames

  private func tick() {
    let start = clock.now()
    let timing = pacer.begin(at: start)
    var work = FrameWork()

    // Input and state, and what the grid now shows goes to the loader.
    let events = pendingEvents
    pendingEvents.removeAll()
    for event in events { handle(event) }
    if state.wantsQuit { quit(status: 0) }
    if !state.screen.isTooSmall {
      loading.update(visibleRows: state.viewport.rows, layout: state.layout)
    }
    var mark = clock.now()
    work.input = mark - start

    // sync mode: the main thread waits for one cell's data.
    if loading.loadOneVisibleSynchronously() { needsDisplay = true }
    work.syncLoad = clock.now() - mark

    let phase = Int(clock.now() / Self.spinnerStep)
    if phase != spinnerPhase, loading.hasVisibleLoads {
      spinnerPhase = phase
      loading.spinnerPhase = phase
      needsDisplay = true
    }
    // Only what moves keeps the clock running; a HUD refresh does not.
    let busy = !events.isEmpty || needsDisplay || loading.hasVisibleLoads || loading.isScrolling
    pacer.end(busy: busy)
    refreshHUD(at: start)

    if needsDisplay {
      mark = clock.now()
      screen.beginFrame()
      RootView.draw(state, content: loading, hud: shownHUD, on: screen.frameCanvas)
      let drawn = clock.now()
      screen.endFrame()
      work.draw = drawn - mark
      work.output = clock.now() - drawn
      needsDisplay = false
    }
    stats.record(
      FrameSample(start: start, lateness: timing.lateness, missedFrames: timing.missedFrames, work: work))
    if pacer.isRunning {
      schedule()
    } else {
      // Idle from here: the gap until the next wake is neither frames nor hitches.
      stats.markIdle()
    }
  }

  /// Takes fresh figures for the HUD a few times a second, and once more as
  /// the clock stops so it says "idle".
  private func refreshHUD(at now: UInt64) {
    guard state.isHUDShown else { return }
    let idle = !pacer.isRunning
    guard idle || now - lastHUDRefresh >= Self.hudStep else { return }
    lastHUDRefresh = now
    let hud = HUDModel(stats: stats, loading: loading.loadingSummary, idle: idle)
    if hud != shownHUD {
      shownHUD = hud
      needsDisplay = true
    }
  }

  private func handle(_ event: InputEvent) {
    if event == .resize {
      state.apply(.resize(screen.updateSize()))
      needsDisplay = true
      return
    }
    guard let command = KeyBindings.command(for: event, helpShown: state.isHelpShown) else { return }
    switch command {
    case .redraw: screen.invalidate()
    case .cycleMode: loading.cycleMode()
    case .resetStatistics:
      loading.resetStatistics()
      stats.reset()
    default: state.apply(command)
    }
    needsDisplay = true
  }

  /// Restores the terminal, prints the session's one-line summary (and
  /// writes the JSON report if asked), exits.
  private func quit(status: Int32) -> Never {
    screen.stop()
    let summary = SessionSummary.line(stats: stats, loading: loading.loadingSummary)
    Platform.write(Array((summary + "\n").utf8), to: STDOUT_FILENO)
    var status = status
    if let statsJSONPath {
      do {
        try StatsReport(stats: stats, loading: loading.loadingSummary).write(to: statsJSONPath)
      } catch {
        Platform.write(
          Array("emoji-rater: cannot write statistics to \(statsJSONPath): \(error)\n".utf8),
          to: STDERR_FILENO)
        if status == 0 { status = 1 }
      }
    }
    exit(status)
  }
}
