import CollectionKit
import EmojiModel
import TestSupport
import Testing

@testable import EmojiRater

/// "Frequently used": the section first in the grid, when it shows, what
/// counts as a use, and `X` twice to forget.
@MainActor
@Suite struct FrequentlyUsedTests: ScreenTest {
  /// 🎉, 😂, 👍: the catalog items the history names, first first.
  static let party = item("party popper")
  static let tears = item("face with tears of joy")
  static let thumbs = item("thumbs up")

  static func item(_ name: String) -> Int {
    (0..<screenTestCatalog.count).first { screenTestCatalog.emoji(atFlatIndex: $0).name == name }!
  }

  func frequent(_ commands: [Command] = [], rows: Int = 24) -> AppState {
    var state = state(rows: rows)
    state.showFrequentlyUsed([Self.party, Self.tears, Self.thumbs])
    for command in commands { state.apply(command) }
    return state
  }

  @Test func theSectionComesFirstAndEachEmojiStaysInItsPlaceToo() {
    let state = frequent()
    #expect(state.sections.first == GridSection(name: "Frequently used", count: 3))
    #expect(state.sections.dropFirst().map(\.name) == screenTestCatalog.gridSections.map(\.name))
    #expect((0..<3).map(state.shown.catalogItem) == [Self.party, Self.tears, Self.thumbs])
    #expect(Array(state.shown.positions(of: Self.tears)) == [1, 3 + Self.tears])
    // Browsing keeps its selection: the first emoji, in its own group.
    #expect(state.selectedItem == 0)
    #expect(state.selectedFlatIndex == 3)
    let canvas = render(state)
    #expect(Snapshot.mismatch(canvas.text, named: "frequently-used-80x24") == nil)
    #expect(state.invariantViolations.isEmpty)
  }

  @Test func tabAndHomeReachIt() {
    #expect(frequent([.move(.previousSection)]).selectedFlatIndex == 0)
    #expect(frequent([.move(.last), .move(.first)]).selectedItem == Self.party)
  }

  @Test func aFilterASearchOrTheCommunitysOrderShowsNoneUntilTheWholeCatalogIsBack() {
    let filtered = frequent([.cycleFilter])
    #expect(filtered.sections.first?.name != "Frequently used")
    #expect(
      frequent([.cycleFilter, .cycleFilter, .cycleFilter, .cycleFilter]).sections.first?.name
        == "Frequently used")
    var searching = frequent([.startSearch])
    for character in "party" { searching.apply(.searchInput(character)) }
    #expect(searching.sections.map(\.name) == ["Best matches for “party”"])
    searching.apply(.closeOverlay)
    #expect(searching.sections.first?.name == "Frequently used")
    var community = frequent()
    community.hasCommunity = true
    community.apply(.cycleOrder)
    #expect(community.sections.first?.name != "Frequently used")
  }

  @Test func aVoteAndAPickAreUsesAClearedVoteIsNot() {
    var state = frequent([.move(.right)])
    #expect(state.apply(.vote(.up)).contains(.recordUse(items: [1])))
    #expect(!state.apply(.vote(nil)).contains(.recordUse(items: [1])))
    var picking = state
    picking.picker = Picker()
    let effects = picking.apply(.choose)
    #expect(effects.first == .recordUse(items: [1]))
  }

  @Test func pickingStartsOnTheFirstOfThem() {
    var state = state()
    state.picker = Picker()
    state.showFrequentlyUsed([Self.tears, Self.party])
    #expect(state.selectedItem == Self.tears)
    #expect(state.selectedFlatIndex == 0)
  }

  @Test func xTwiceForgetsAnyOtherKeyInBetweenKeeps() {
    var state = frequent()
    #expect(state.apply(.forgetFrequentlyUsed).isEmpty)
    #expect(state.message == "X again forgets the 3 frequently used emoji; any other key keeps them")
    state.apply(.move(.right))
    #expect(state.apply(.forgetFrequentlyUsed).isEmpty, "asked again, not forgotten")
    let effects = state.apply(.forgetFrequentlyUsed)
    #expect(effects.contains(.forgetUses))
    #expect(state.message == "forgot the frequently used emoji")
    #expect(state.sections.first?.name == "Smileys & Emotion")
    #expect(state.selectedItem == 1, "the selection stays on its emoji")
    #expect(state.invariantViolations.isEmpty)
    var empty = self.state()
    #expect(empty.apply(.forgetFrequentlyUsed).isEmpty)
    #expect(empty.message == "no frequently used emoji to forget")
  }
}
