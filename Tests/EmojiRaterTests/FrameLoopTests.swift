import CollectionKit
import EmojiModel
import Foundation
import FrameTiming
import Loading
import Support
import Terminal
import TestSupport
import Testing

@testable import EmojiRater

/// The frame loop on a pseudo-terminal of its own, as the benchmark runs
/// it: what the loop does between the state and the world (the store, the
/// clipboard) that the state alone cannot show.
@MainActor
@Suite(.serialized) struct FrameLoopTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: false)

  @MainActor struct Running {
    let frames: FrameLoop
    let terminal: PseudoTerminal
    let screen: TerminalScreen

    func stop() {
      frames.stop()
      frames.loading.loader.cancelAll()
      screen.stop()
      terminal.close()
    }
  }

  func start(
    mode: LoadingMode = .async, latency: LatencyModel = .none, ratings: RatingsStore? = nil,
    catalog: EmojiCatalog = Self.catalog, scheduler: any LoadScheduler = DispatchLoadScheduler()
  ) throws -> Running {
    let terminal = try PseudoTerminal(size: Size(rows: 24, columns: 80))
    let screen = try TerminalScreen.start(on: terminal)
    let state = AppState(catalog: catalog, screenSize: screen.size)
    var options = LoadingOptions()
    options.mode = mode
    options.latency = latency
    options.seed = 1
    let loading = LoadingController(
      catalog: catalog, layout: state.layout, options: options, clock: SystemClock(), scheduler: scheduler)
    let frames = FrameLoop(state: state, loading: loading, screen: screen)
    frames.ratings = ratings
    frames.start()
    return Running(frames: frames, terminal: terminal, screen: screen)
  }

  /// A vote that cannot be saved is said on the bottom line at once, and
  /// the notice goes once a save succeeds (saving is retried every second).
  @Test func aFailedSaveIsSaidAtOnceAndUntilASaveSucceeds() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let failing = Locked(true)
    var writer = AtomicFileWriter()
    writer.beforeRename = { _ in
      if failing.withLock({ $0 }) { throw CocoaError(.fileWriteOutOfSpace) }
    }
    let store = try RatingsStore.open(
      .explicit(folder.path + "/ratings.json"), environment: [:], writer: writer, now: Date.init)
    let app = try start(ratings: store)
    defer { app.stop() }
    app.frames.enqueue(.vote(.up))
    #expect(await eventually { app.frames.state.saveProblem != nil })
    #expect(app.frames.state.shownNotice?.contains("cannot save ratings") == true)
    failing.withLock { $0 = false }
    app.frames.enqueue(.move(.right))  // Any frame: the store retries on its own.
    #expect(await eventually { app.frames.state.saveProblem == nil })
    try store.close()
  }

  /// A catalog too long to rank inside a frame is ranked off the main
  /// thread: the keys typed after Enter wait for the matches, so `+` votes
  /// on the best match, not on what was selected before them.
  @Test func keysAfterAQueryWaitForItsMatchesFromTheSearchQueue() async throws {
    let long = Self.catalog.repeated(toCount: AppState.inlineSearchLimit + 10_000)
    let app = try start(catalog: long)
    defer { app.stop() }
    #expect(app.frames.state.searchIndex == nil)
    let keys = "/grinning cat".map { InputEvent.key(.character($0)) } + [.key(.enter), .key(.character("+"))]
    app.frames.enqueue(keys)
    #expect(await eventually { !app.frames.state.votes.isEmpty })
    let voted = try #require(app.frames.state.votes.first)
    #expect(long.emoji(atFlatIndex: voted.key).name == "grinning cat")
    #expect(voted.value == .up)
    // Every copy's grinning cats, as the catalog ranked whole has them.
    #expect(app.frames.state.search?.matchCount == SearchRanking.ranked("grinning cat", in: long).count)
    #expect(app.frames.state.selectedEmoji?.name == "grinning cat")
  }

  /// After `m` the HUD's figures are the new mode's: `sync`'s blocked frames
  /// leave the window, and stay in the totals.
  @Test func aModeSwitchStartsTheHUDsWindowAfresh() async throws {
    let app = try start(mode: .sync, latency: .fixed(40))
    defer { app.stop() }
    #expect(await eventually { app.frames.stats.recentHitchRatio > 100 })
    app.frames.enqueue(.cycleMode)  // sync → async
    #expect(await eventually { app.frames.loading.mode == .async })
    // By what the frames did, not by their timing: under Thread Sanitizer
    // other suites hold the main actor long enough to make any frame late.
    // (A load takes 40 ms; a frame that loads nothing spends nanoseconds there.)
    #expect(app.frames.stats.recent.allSatisfy { $0.sample.work.syncLoad < 20_000_000 }, "only async frames")
    #expect(app.frames.stats.workTotals.syncLoad > 40_000_000, "the totals keep the sync frames")
  }

  /// `y` on a cell still loading copies it once it shows, and says so.
  @Test func yOnALoadingCellCopiesItWhenItLoads() async throws {
    // The load lands only when the test moves time on: on a busy machine a
    // real timer could land it before the frame loop reads `y`.
    let scheduler = ManualLoadScheduler()
    let app = try start(latency: .fixed(1_500), scheduler: scheduler)
    defer { app.stop() }
    app.frames.enqueue(.copySelection)
    #expect(await eventually { app.frames.state.message == "still loading: y copies it once it shows" })
    #expect(app.frames.state.message?.hasPrefix("sent") != true)
    // Moved on at every poll: the load may not have reached the scheduler yet.
    #expect(
      await eventually {
        scheduler.advance(by: 1_500)
        return app.frames.state.message?.hasPrefix("sent 😀 grinning face") == true
      })
  }

  /// Moving on before the cell loads forgets the copy.
  @Test func aCopyWaitingForItsCellIsForgottenWhenTheSelectionMoves() async throws {
    let scheduler = ManualLoadScheduler()
    let app = try start(latency: .fixed(300), scheduler: scheduler)
    defer { app.stop() }
    app.frames.enqueue(.copySelection)
    #expect(await eventually { app.frames.state.message == "still loading: y copies it once it shows" })
    let first = try #require(app.frames.state.selection)
    app.frames.enqueue(.move(.right))
    #expect(await eventually { app.frames.state.selection != first })
    let second = app.frames.state.selection
    // The first cell's load lands, and a frame after it sends nothing.
    #expect(
      await eventually {
        scheduler.advance(by: 300)
        return app.frames.loading.loadedEmoji(at: first) != nil
      })
    app.frames.enqueue(.move(.right))
    #expect(await eventually { app.frames.state.selection != second })
    #expect(app.frames.state.message?.hasPrefix("sent") != true)
  }
}
