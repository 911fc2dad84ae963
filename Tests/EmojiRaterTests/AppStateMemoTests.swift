import Testing

@testable import EmojiRater

/// The frame loop asks for the screens a search is left for and those the
/// jump keys lead to every frame; the memo answers as the state would,
/// worked out again when it changed.
@Suite struct AppStateMemoTests: ScreenTest {
  @Test func itAnswersAsTheStateDoesThroughASearch() {
    var memo = AppStateMemo<[Int]>()
    var state = state()
    #expect(memo.value(for: state, \.searchExitScreens).isEmpty, "no search")
    var answers: Set<[Int]> = []
    let commands: [Command] =
      [.startSearch] + "heart".map(Command.searchInput) + [.confirmSearch]
      + Array(repeating: .nextMatch(forward: true), count: 60) + [.closeOverlay]
    for command in commands {
      state.apply(command)
      #expect(memo.value(for: state, \.searchExitScreens) == state.searchExitScreens, "after \(command)")
      #expect(
        memo.value(for: state, \.searchExitScreens) == state.searchExitScreens, "asked again after \(command)"
      )
      answers.insert(memo.value(for: state, \.searchExitScreens))
    }
    #expect(answers.count > 6, "the letters and the steps through the matches change the screens")
    #expect(memo.value(for: state, \.searchExitScreens).isEmpty, "the search is over")
  }

  @Test func itAnswersAsTheStateDoesThroughJumpsAndScrolls() {
    var memo = AppStateMemo<[Range<Int>]>()
    var state = state()
    let commands: [Command] =
      [.move(.last), .move(.previousSection), .move(.first), .move(.nextSection), .move(.nextSection)]
      + Array(repeating: .move(.down), count: 30) + [.move(.previousSection)]
    var answers: Set<[Range<Int>]> = []
    for command in commands {
      state.apply(command)
      #expect(memo.value(for: state, \.jumpScreens) == state.jumpScreens, "after \(command)")
      #expect(memo.value(for: state, \.jumpScreens) == state.jumpScreens, "asked again after \(command)")
      answers.insert(memo.value(for: state, \.jumpScreens))
    }
    #expect(answers.count > 3, "the jumps and the scroll change the screens")
  }
}
