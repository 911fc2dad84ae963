import CollectionKit
import EmojiModel
import Terminal
import TestSupport
import Testing

@testable import EmojiRater

/// The grid in the community's order (`o`, `--order`): asked of the server,
/// shown when it answers, combined with the vote filter, and back to the
/// catalog's.
@MainActor
@Suite struct CommunityOrderTests: ScreenTest {
  func community(_ commands: [Command] = []) -> AppState {
    var state = state()
    state.hasCommunity = true
    for command in commands { state.apply(command) }
    return state
  }

  @Test func withoutAServerTheOrderSaysWhatItNeeds() {
    var state = state()
    #expect(state.apply(.cycleOrder).isEmpty)
    #expect(state.order == .catalog)
    #expect(state.message?.contains("needs a ratings server") == true)
  }

  @Test func eachOrderInTurnIsAskedOfTheServerAndShownWhenItAnswers() {
    var state = community()
    #expect(state.apply(.cycleOrder).contains(.fetchRanking(.top)))
    #expect(state.order == .top)
    #expect(state.layout.itemCount == 0, "nothing shows until the server answers")
    #expect(state.message == "asking the server for the community's order")
    // 😁, then the thousandth, then 😀.
    let effects = state.show(CommunityRanking(order: .top, items: [3, 1_000, 0]))
    #expect(effects == [.showItems(state.shown, in: state.layout)])
    #expect(state.layout.itemCount == 3)
    #expect(state.shown.catalogItem(0) == 3)
    #expect(state.shown.catalogItem(2) == 0)
    #expect(state.sections.map(\.name) == ["Most voted up by the community"])
    #expect(state.selectedItem == 3, "the first is selected")

    #expect(state.apply(.cycleOrder).contains(.fetchRanking(.controversial)))
    // An answer for the order before comes late: it is not shown.
    #expect(state.show(CommunityRanking(order: .top, items: [5])).isEmpty)
    #expect(state.layout.itemCount == 0)
    state.show(CommunityRanking(order: .controversial, items: [7]))
    #expect(state.sections.map(\.name) == ["Most argued over by the community"])

    let back = state.apply(.cycleOrder)
    #expect(state.order == .catalog)
    #expect(!back.contains { if case .fetchRanking = $0 { true } else { false } })
    #expect(state.shown == .all)
    #expect(state.layout.itemCount == screenTestCatalog.count)
  }

  @Test func theVoteFilterNarrowsTheCommunitysOrder() {
    var state = community([.move(.right), .vote(.up), .order(.top)])
    state.show(CommunityRanking(order: .top, items: [3, 1, 0]))
    state.apply(.cycleFilter)  // Voted up: of the three, only 😃 (item 1).
    #expect(state.filter == .up)
    #expect(state.layout.itemCount == 1)
    #expect(state.shown.catalogItem(0) == 1)
  }

  /// Back in the catalog's order from a grid with nothing selected (the
  /// server not answered yet), the emoji selected before is again.
  @Test func theCatalogsOrderComesBackWhereItWasLeft() {
    var state = community([.move(.down), .order(.top)])
    #expect(state.selectedItem == nil)
    state.apply(.cycleOrder)  // controversial, unanswered
    state.apply(.cycleOrder)  // the catalog's
    #expect(state.selectedItem == 15, "the first of the second row, as before")
  }

  /// A search begun while the server was asked ranked among the catalog:
  /// the ranking, when it comes, takes its place.
  @Test func theRankingEndsASearchBegunMeanwhile() {
    var state = community([
      .order(.top), .startSearch, .searchInput("c"), .searchInput("a"), .searchInput("t"),
    ])
    #expect(state.search != nil)
    state.show(CommunityRanking(order: .top, items: [3, 1]))
    #expect(state.search == nil)
    #expect(state.layout.itemCount == 2)
  }

  @Test func aServerThatCannotAnswerLeavesTheCatalogsOrderAndSaysWhy() {
    var state = community([.order(.controversial)])
    state.rankingFailed(.controversial, reason: "cannot connect to 127.0.0.1:1: connection refused")
    #expect(state.order == .catalog)
    #expect(state.shown == .all)
    #expect(
      state.message == "cannot get the community's order: cannot connect to 127.0.0.1:1: connection refused")
  }

  @Test func theOrderedGridOnScreen() {
    var state = community([.order(.top)])
    state.show(CommunityRanking(order: .top, items: [3, 1_000, 0]))
    let canvas = render(state)
    #expect(canvas.lines[0].contains("Most voted up by the community (3)"), "\(canvas.lines[0])")
    #expect(canvas.lines[1].hasPrefix(" [😁 ]"), "\(canvas.lines[1])")
  }
}
