import Testing

@testable import EmojiRater

/// The frame loop asks for the screens a search is left for every frame;
/// the memo answers as the state would, worked out again when it changed.
@Suite struct SearchExitMemoTests: ScreenTest {
  @Test func itAnswersAsTheStateDoesThroughASearch() {
    var memo = SearchExitMemo()
    var state = state()
    #expect(memo.items(for: state).isEmpty, "no search")
    var answers: Set<[Int]> = []
    let commands: [Command] =
      [.startSearch] + "heart".map(Command.searchInput) + [.confirmSearch]
      + Array(repeating: .nextMatch(forward: true), count: 60) + [.closeOverlay]
    for command in commands {
      state.apply(command)
      #expect(memo.items(for: state) == state.searchExitScreens, "after \(command)")
      #expect(memo.items(for: state) == state.searchExitScreens, "asked again after \(command)")
      answers.insert(memo.items(for: state))
    }
    #expect(answers.count > 6, "the letters and the steps through the matches change the screens")
    #expect(memo.items(for: state).isEmpty, "the search is over")
  }
}
