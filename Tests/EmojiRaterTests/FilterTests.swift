import CollectionKit
import EmojiModel
import Foundation
import FrameTiming
import Loading
import Terminal
import TestSupport
import Testing

@testable import EmojiRater

/// `v`: all, voted up, voted down, not voted yet — and the grid, the votes
/// and the loader all on the filtered list.
@Suite struct FilterTests: ScreenTest {
  static let catalog = screenTestCatalog

  /// Votes up on items 0 and 40, down on 20.
  static let voting: [Command] =
    [.vote(.up)] + Array(repeating: .move(.right), count: 20) + [.vote(.down)]
    + Array(repeating: .move(.right), count: 20) + [.vote(.up)]

  @Test func vCyclesAllUpDownNotVoted() {
    var state = state(Self.voting)
    #expect(state.filter == .all)
    state.apply(.cycleFilter)
    #expect(state.filter == .up)
    #expect(state.layout.itemCount == 2)
    #expect(
      (0..<2).map { state.fullCatalog.emoji(atFlatIndex: state.shown.catalogItem($0)).name } == [
        "grinning face", Self.catalog.emoji(atFlatIndex: 40).name,
      ])
    state.apply(.cycleFilter)
    #expect(state.filter == .down)
    #expect(state.layout.itemCount == 1)
    state.apply(.cycleFilter)
    #expect(state.filter == .notVoted)
    #expect(state.layout.itemCount == Self.catalog.count - 3)
    state.apply(.cycleFilter)
    #expect(state.filter == .all)
    #expect(state.layout.itemCount == Self.catalog.count)
  }

  @Test func theSelectedEmojiStaysSelectedIfItShowsElseTheNextThatDoes() {
    // Item 40 is selected and voted up: it stays selected under "up".
    var state = state(Self.voting + [.cycleFilter])
    #expect(state.selectedItem == 40)
    // Under "down" the next shown after 40 does not exist: the last one shows.
    state.apply(.cycleFilter)
    #expect(state.selectedItem == 20)
  }

  @Test func votesUnderAFilterLandOnTheRightEmojiAndStayPut() {
    var state = state(Self.voting + [.cycleFilter, .move(.first)])
    let effects = state.apply(.vote(.down))
    // Item 0 is now down, though the filter ("up") was built before: it stays shown.
    #expect(state.votes[0] == .down)
    #expect(state.layout.itemCount == 2)
    #expect(effects.voteChanges == [.init(item: 0, vote: .down, previous: .up)])
  }

  @Test func anEmptyFilterSaysSo() {
    let state = state([.cycleFilter])
    #expect(state.layout.itemCount == 0)
    #expect(state.selectedItem == nil)
  }

  @MainActor
  @Test func theFilteredGridOnScreen() {
    let state = state(columns: 80, Self.voting + [.cycleFilter])
    let canvas = render(state, content: FullyLoadedContent(state: state))
    #expect(Snapshot.mismatch(canvas.text, named: "filter-up-80x24") == nil)
    #expect(canvas.lines[22].hasPrefix(" [voted up] ▲ voted up face without mouth"))
  }

  @MainActor
  @Test func theLoaderLoadsTheFilteredItemsByTheirCatalogPosition() async {
    let state = state(Self.voting + [.cycleFilter])
    var options = LoadingOptions()
    options.mode = .async
    options.latency = .none
    options.seed = 1
    let scheduler = ManualLoadScheduler()
    let loading = LoadingController(
      catalog: Self.catalog, layout: state.layout, options: options, clock: ManualClock(),
      scheduler: scheduler)
    loading.show(state.shown, in: state.layout)
    loading.update(visibleRows: state.viewport.rows, layout: state.layout)
    #expect(await eventually { scheduler.pendingCount == 2 }, "the two shown cells, nothing else")
    scheduler.advance(by: 1)
    #expect(await eventually { !loading.loader.hasOutstandingLoads })
    // The second shown cell is catalog item 40, loaded under its own identifier.
    let second = state.layout.indexPath(flatIndex: 1)
    #expect(loading.loadedEmoji(at: second)?.name == Self.catalog.emoji(atFlatIndex: 40).name)
    if case .loaded = loading.loader.state(of: 40) {} else { Issue.record("item 40 should be loaded") }
  }
}

/// What a run leaves for the next: the selection (by code points), the mode, the filter.
@Suite struct SessionMemoryTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: false)

  @Test func itSitsBesideTheRatingsFile() {
    #expect(
      SessionMemory.path(besideRatings: "/d/emoji-rater/ratings.json")
        == "/d/emoji-rater/ratings.session.json")
    #expect(SessionMemory.path(besideRatings: "/d/votes") == "/d/votes.session.json")
  }

  @Test func aRoundTripAndAnUnreadableFileIsIgnored() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("memory-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(SessionMemory.read(from: path) == nil)
    let memory = SessionMemory(selection: "1f604", filter: .notVoted)
    try memory.write(to: path)
    #expect(SessionMemory.read(from: path) == memory)
    try "garbage".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(SessionMemory.read(from: path) == nil)
  }

  @Test func theStatePicksUpTheFilterThenTheSelection() {
    var state = AppState(catalog: Self.catalog, screenSize: Size(rows: 24, columns: 80))
    state.restoreVotes([2: .up, 7: .up])
    state.restore(SessionMemory(selection: Self.catalog.emoji(atFlatIndex: 7).identifier, filter: .up))
    #expect(state.filter == .up)
    #expect(state.selectedItem == 7)
    #expect(
      state.memory == SessionMemory(selection: Self.catalog.emoji(atFlatIndex: 7).identifier, filter: .up))
  }
}
