import CollectionKit
import Dispatch
import EmojiModel
import FrameTiming
import Terminal

// The event flow, all on the main queue (the UI thread):
//
//   stdin, signals (AppController) ──┐
//   a benchmark's trace (Bench) ─────┼──► pending events ──► wake the frame clock
//                                    │
//   frame timer tick ◄───────────────┘            loader arrival ──► wake
//     → apply commands to AppState, and carry out the effects each returns
//       (a vote to the store, a new list to the loader, a query to rank, …);
//       a page scroll slides one step
//     → LoadingController.update(visible rows): willDisplay / didEndDisplaying /
//       prefetch / cancel → the loader's OperationQueue (background threads)
//     → sync mode only: load one missing visible cell here, blocking
//     → if anything changed: draw RootView into the screen's canvas, doupdate
//     → FrameStats records the tick: lateness, dropped frames, work per part
//     → keep ticking while busy (input, spinners, a moving scroll), stop after
//       a few quiet ticks (an idle app uses no CPU)

/// The frame loop: owns the state, the loader's controller and the screen,
/// and turns events into frames at the frame rate while anything moves.
/// The interactive app feeds it keys and signals; the benchmark feeds it a
/// scroll trace. Both see exactly the same frames.
@MainActor
public final class FrameLoop {
  public private(set) var state: AppState
  public let loading: LoadingController
  public let screen: TerminalScreen
  public private(set) var stats: FrameStats
  /// Called when a command asks to quit (`q`).
  public var onQuit: (() -> Void)?
  /// Where votes are kept: each one is handed over as it is cast (the store
  /// writes it off the main thread). nil keeps votes on screen only.
  /// A save that fails is said on the bottom line at once, the HUD shown
  /// or not, until one succeeds (the store retries every second on its own).
  public var ratings: RatingsStore? {
    didSet {
      ratings?.watchSaveProblems { [weak self] problem in
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            self?.show(saveProblem: problem?.description)
          }
        }
      }
    }
  }
  /// Sends each vote to the ratings server the emoji come from (nil
  /// without one). While votes wait because the server cannot be reached,
  /// the bottom line says how many.
  public var voteSender: VoteSender? {
    didSet {
      voteSender?.watch { [weak self] status in
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            self?.show(outbox: status)
          }
        }
      }
    }
  }
  /// The community's votes as they change on the server (nil without
  /// one): each new tally reaches its cell where the cell is cached, on
  /// screen or off, so that a cell shows it within the frame.
  public var liveTallies: LiveTallies?
  /// Asks the ratings server for the community's order (nil without one).
  public var rankings: CommunityRankings?
  /// The desktop's clipboard tool, where there is one: `y` copies there
  /// too, beside the terminal's OSC 52.
  public var desktopClipboard: DesktopClipboard?
  /// Where uses (copies, picks, votes) are counted for "Frequently used";
  /// nil with `--no-history`, or where votes are not kept.
  public var usageHistory: UsageHistoryStore?
  /// Each emoji's catalog item, by code points (for a tally from the
  /// server, and the community's order), made when first asked for.
  private lazy var itemsByIdentifier: [String: Int] = state.fullCatalog.itemsByIdentifier

  /// A change the live tallies brought, on the main queue.
  public func receive(_ change: LiveTallies.Change) {
    switch change {
    case .tally(let emoji, let tally):
      if let item = itemsByIdentifier[emoji] { loading.updateCommunity(of: item, to: tally) }
    case .reconnected:
      // Changes made while the stream was away were not heard.
      loading.communityMayHaveChanged()
    }
  }

  /// Called after each frame drawn and written (the benchmark counts them, to
  /// give the bytes the terminal received per frame).
  public var onFrameWritten: (() -> Void)?
  private let clock: any MonotonicClock
  private var pacer: FramePacer
  private var pendingEvents: [InputEvent] = []
  private var pendingCommands: [Command] = []
  private var needsDisplay = true
  /// What the last frame left on the screen, so a frame draws only what changed.
  private let memo = RenderMemo()
  private let frameTimer = DispatchSource.makeTimerSource(queue: .main)
  private var spinnerClock = SpinnerClock()
  /// The screens a search is left for and those the jump keys lead to,
  /// kept while the state they come from stands.
  private var searchExits = AppStateMemo<[Int]>()
  private var jumpScreens = AppStateMemo<[Range<Int>]>()
  /// Where the spinners on screen are in their turn.
  private var spinners = SpinnerPhase()
  /// The HUD as last drawn; it is refreshed at most every `hudStep` so that
  /// drawing it does not become the reason for frames.
  private var shownHUD = HUDModel()
  private static let hudStep: UInt64 = 250_000_000
  private var lastHUDRefresh: UInt64 = 0
  /// The cell `y` was pressed on while it loaded: copied when it shows,
  /// unless the selection moves first.
  private var pendingCopy: IndexPath?
  /// The process was stopped (Ctrl-Z) during this tick.
  private var resumedFromSuspend = false
  /// Ranks queries off the main thread: for a catalog too long to rank in
  /// a frame, and until a short one's index is built (nil when the state
  /// came with one).
  private var searchRunner: SearchRunner?
  /// A command asked to quit: the tick ends there.
  private var quitRequested = false
  /// How a pick ended, for the controller to print as it leaves.
  public private(set) var pickOutcome: PickOutcome?
  /// The query on screen, and when the first keystroke its matches are
  /// not yet drawn for was handled: the start of a search's time to results.
  private var shownQuery: String?
  private var queryTypedAt: UInt64?
  /// From a keystroke in the search to the frame that draws its matches
  /// (ranked in that very frame, or off the main thread).
  public private(set) var searchLatency = LatencyRecorder()
  /// The main thread's part of each keystroke in the search: the state
  /// taking the letter and, for a catalog that ranks inside a frame, ranking it.
  public private(set) var searchWork = LatencyRecorder()

  public init(
    state: AppState, loading: LoadingController, screen: TerminalScreen,
    clock: any MonotonicClock = SystemClock(), framesPerSecond: Int = 60
  ) {
    self.state = state
    self.loading = loading
    self.screen = screen
    self.clock = clock
    pacer = FramePacer(framesPerSecond: framesPerSecond)
    stats = FrameStats(framesPerSecond: framesPerSecond)
    guard state.searchIndex == nil else { return }
    let ranksInline = state.fullCatalog.count <= AppState.inlineSearchLimit
    searchRunner = SearchRunner(catalog: state.fullCatalog) { [weak self] index in
      // Short enough to rank inside a frame: from now on the state does.
      if ranksInline { self?.state.searchIndex = index }
    }
  }

  /// Starts the frame clock; frames then come from the main queue.
  public func start() {
    frameTimer.setEventHandler { [unowned self] in MainActor.assumeIsolated { self.tick() } }
    frameTimer.activate()
    loading.onChange = { [unowned self] in
      needsDisplay = true
      wake()
    }
    loading.onWantsUpdate = { [unowned self] in wake() }
    wake()
  }

  /// Stops the frame clock for good. If it was running, the time since the
  /// last tick is accounted as a tick now would see it: a frame still blocked
  /// at the end (a `sync` load) shows as the frames it dropped.
  public func stop() {
    frameTimer.cancel()
    loading.onChange = nil
    loading.onWantsUpdate = nil
    if pacer.isRunning {
      let now = clock.now()
      let timing = pacer.begin(at: now)
      stats.record(FrameSample(start: now, lateness: timing.lateness, missedFrames: timing.missedFrames))
    }
  }

  /// Input to handle on the next frame.
  public func enqueue(_ events: [InputEvent]) {
    pendingEvents += events
    wake()
  }

  /// A command to apply on the next frame, as if its key had been pressed.
  public func enqueue(_ command: Command) {
    pendingCommands.append(command)
    wake()
  }

  /// Starts the frame clock if it is idle.
  public func wake() {
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
    let commands = pendingCommands
    pendingEvents.removeAll()
    pendingCommands.removeAll()
    for (index, event) in events.enumerated() {
      // Keys typed after Enter are for the query's matches: while those
      // are still being ranked off the main thread, the keys wait for them
      // (a `+` would otherwise vote on whatever was selected before).
      if state.isAwaitingSearchResults {
        pendingEvents = Array(events[index...])
        break
      }
      handle(event)
    }
    for command in commands { perform(command) }
    noteQuery(at: start)
    if quitRequested {
      onQuit?()
      return
    }
    if resumedFromSuspend {
      // Stopped time is idle time, not late frames: the clock starts afresh
      // from now, and the next tick draws the screen whole.
      resumedFromSuspend = false
      stats.markIdle()
      pacer.restart(at: clock.now())
      needsDisplay = true
      schedule()
      return
    }
    if state.isPageScrolling {
      state.advancePageScroll()
      needsDisplay = true
    }
    // A screen too small shows no cells: nothing is displayed, nothing waits
    // to be, and the clock can stop.
    loading.update(
      visibleRows: state.screen.isTooSmall ? 0..<0 : state.presentedViewport.rows, layout: state.layout,
      selectedRow: state.selection.map(state.layout.row(of:)),
      restingTopRow: state.isPageScrolling ? state.viewport.topRow : nil,
      jumpScreens: jumpScreens.value(for: state, \.jumpScreens),
      searchExit: searchExits.value(for: state, \.searchExitScreens))
    copyWhenLoaded()
    var mark = clock.now()
    work.input = mark - start

    // While a page slides the spinners hold still (`SpinnerClock`) and keep their groups.
    let step = spinnerClock.step(at: mark, after: spinners.step, holding: state.isPageScrolling)
    let groups =
      state.isPageScrolling
      ? spinners.groups
      : CellView.spinnerGroups(spinners: loading.visibleLoadCount, keeping: spinners.groups)
    if step != spinners.step || groups != spinners.groups {
      spinners = SpinnerPhase(step: step, groups: groups)
      // Some spinner on screen moves on at almost every step.
      if loading.hasVisibleLoads { needsDisplay = true }
    }
    // Only what moves keeps the clock running; a HUD refresh does not.
    let busy =
      !events.isEmpty || !commands.isEmpty || needsDisplay || loading.hasVisibleLoads || loading.isSettling
      || state.isPageScrolling
    pacer.end(busy: busy)
    // The HUD's figures are state too: the time to gather them is input's.
    mark = clock.now()
    refreshHUD(at: start)
    work.input += clock.now() - mark

    if needsDisplay {
      mark = clock.now()
      if let changed = loading.takeChanges() {
        memo.forget(items: changed)
      } else {
        memo.invalidate()
      }
      RootView.draw(
        state, content: loading, hud: shownHUD, spinners: spinners, memo: memo, on: screen.frameCanvas)
      let drawn = clock.now()
      screen.endFrame()
      work.draw = drawn - mark
      work.output = clock.now() - drawn
      needsDisplay = false
      onFrameWritten?()
      if let typed = queryTypedAt, state.search?.isRanking != true {
        searchLatency.record(milliseconds: Double(clock.now() - typed) / 1e6)
        queryTypedAt = nil
      }
    }
    // sync mode: the main thread waits for one cell's data, after the frame
    // is out, so what the last keys did (the mode label, a moved selection,
    // a vote) is on screen before the wait, not behind it. The cell shows
    // at the next tick, which the wait has made late.
    mark = clock.now()
    if loading.loadOneVisibleSynchronously() { needsDisplay = true }
    work.syncLoad = clock.now() - mark
    stats.record(
      FrameSample(start: start, lateness: timing.lateness, missedFrames: timing.missedFrames, work: work))
    if pacer.isRunning {
      schedule()
    } else {
      // Idle from here: the gap until the next wake is neither frames nor hitches.
      stats.markIdle()
    }
  }

  /// Copies the cell `y` was pressed on, once its data is there; forgets
  /// it if the selection moved on.
  private func copyWhenLoaded() {
    guard let cell = pendingCopy else { return }
    guard state.selection == cell else {
      pendingCopy = nil
      return
    }
    guard let emoji = loading.loadedEmoji(at: cell)?.inTone(state.skinTone) else { return }
    pendingCopy = nil
    screen.copyToClipboard(emoji.string)
    recordUse(of: [state.shown.catalogItem(state.layout.flatIndex(of: cell))])
    let copied = "\(emoji.string) \(emoji.name)"
    state.message = "sent \(copied) to the terminal's clipboard"
    needsDisplay = true
    guard let desktop = desktopClipboard else { return }
    // The line then says whether the desktop's clipboard took it too.
    desktop.copy(emoji.string) { [weak self] problem in
      guard let self else { return }
      state.message =
        if let problem {
          "sent \(copied) to the terminal's clipboard; \(desktop.name) did not take it (\(problem))"
        } else {
          "copied \(copied) to the terminal's clipboard and \(desktop.name)"
        }
      needsDisplay = true
      wake()
    }
  }

  private func show(outbox status: VoteSender.Status) {
    let waiting = status.waiting == 1 ? "1 vote" : "\(status.waiting) votes"
    state.outboxNotice =
      status.waiting > 0 && status.problem != nil ? waiting + " waiting for the server" : nil
    // Each refusal comes in one status only.
    if let refusal = status.refusal { state.message = refusal }
    // A vote's answer is the tally with it: the cell shows it at once.
    for (identifier, tally) in status.tallies {
      if let item = itemsByIdentifier[identifier] { loading.updateCommunity(of: item, to: tally) }
    }
    needsDisplay = true
    wake()
  }

  private func show(saveProblem: String?) {
    state.saveProblem = saveProblem
    needsDisplay = true
    wake()
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
      perform(.resize(screen.updateSize()))
      return
    }
    guard
      let command = KeyBindings.command(
        for: event, helpShown: state.isHelpShown, votingShown: state.voteOverlay != nil,
        searching: state.search?.isEditing == true, picking: state.picker != nil)
    else { return }
    perform(command)
  }

  /// Applies a command to the state and carries out what it asks for.
  private func perform(_ command: Command) {
    let start = clock.now()
    for effect in state.apply(command) { run(effect) }
    switch command {
    case .searchInput, .searchBackspace, .paste:
      // A keystroke's time on the main thread, its matches handed to the loader included.
      searchWork.record(milliseconds: Double(clock.now() - start) / 1e6)
    default: break
    }
    needsDisplay = true
    // Debug builds (every test, the end-to-end fuzzing among them) stop at
    // the command that broke the state, not at a later one that trips on it.
    assert(state.invariantViolations.isEmpty, "after \(command): \(state.invariantViolations)")
  }

  /// Carries out one thing a command asked of the world outside the state.
  private func run(_ effect: AppState.Effect) {
    switch effect {
    case .persistVote(let change):
      record(change)
    case .showItems(let items, let layout):
      loading.show(items, in: layout)
    case .rankSearch(let pending):
      searchRunner?.rank(pending) { [weak self] results in self?.receive(results) }
    case .fetchRanking(let order):
      guard let rankings else { return }
      rankings.fetch(order) { [weak self] answer in
        DispatchQueue.main.async { MainActor.assumeIsolated { self?.receive(answer, for: order) } }
      }
    case .copyWhenLoaded(let cell):
      pendingCopy = cell
      copyWhenLoaded()
      if pendingCopy != nil { state.message = "still loading: y copies it once it shows" }
    case .cycleMode:
      loading.cycleMode()
      // The HUD shows the new mode's frames from here (the totals stay),
      // and its label now, not at its next turn.
      stats.resetWindow()
      lastHUDRefresh = 0
    case .resetStatistics:
      loading.resetStatistics()
      stats.reset()
      searchLatency = LatencyRecorder()
      searchWork = LatencyRecorder()
    case .redraw:
      screen.invalidate()
      memo.invalidate()
    case .suspend:
      screen.suspend()
      resumedFromSuspend = true
      // Back after `fg`: the size may have changed while stopped.
      perform(.resize(screen.updateSize()))
    case .quit:
      quitRequested = true
    case .markChanged(let item):
      memo.forget(items: state.shown.positions(of: item))
    case .finishPick(let outcome):
      pickOutcome = outcome
      quitRequested = true
    case .jumped:
      loading.noteJumpKey()
    case .recordUse(let items):
      recordUse(of: items)
    case .forgetUses:
      usageHistory?.forget()
    }
  }

  /// Counts a use of each catalog item, by its code points (untoned: the
  /// section shows each emoji in the tone chosen then).
  private func recordUse(of items: [Int]) {
    guard let usageHistory else { return }
    for item in items { usageHistory.record(state.fullCatalog.emoji(atFlatIndex: item).identifier) }
  }

  /// Notes when the query changed: its matches are owed from then.
  private func noteQuery(at now: UInt64) {
    let query = state.search.flatMap { $0.isBlank ? nil : $0.query }
    guard query != shownQuery else { return }
    shownQuery = query
    if query == nil {
      queryTypedAt = nil
    } else if queryTypedAt == nil {
      queryTypedAt = now
    }
  }

  /// The server's answer for the community's order: the emoji it lists
  /// that this catalog has, first first.
  private func receive(_ answer: Result<[String], CommunityRankings.Failure>, for order: CommunityOrder) {
    let effects =
      switch answer {
      case .success(let identifiers):
        state.show(CommunityRanking(order: order, items: identifiers.compactMap { itemsByIdentifier[$0] }))
      case .failure(let failure):
        state.rankingFailed(order, reason: failure.reason)
      }
    for effect in effects { run(effect) }
    needsDisplay = true
    wake()
  }

  /// Matches ranked off the main thread: shown at the next frame, if they
  /// still answer what is typed.
  private func receive(_ results: SearchResults) {
    let effects = state.show(results)
    guard !effects.isEmpty else { return }
    for effect in effects { run(effect) }
    needsDisplay = true
    wake()
  }

  /// A vote changed: its cell draws again, and the store hears of it.
  private func record(_ change: AppState.VoteChange) {
    memo.forget(items: state.shown.positions(of: change.item))
    guard let ratings else { return }
    let identifier = state.fullCatalog.emoji(atFlatIndex: change.item).identifier
    let kept = change.vote.map { ratings.set($0, for: identifier) } ?? ratings.clear(identifier)
    // Kept here first, then sent: the server hears every vote the file has.
    if kept { voteSender?.send(OutgoingVote(emoji: identifier, vote: change.vote)) }
  }
}
