import CollectionKit
import EmojiModel
import Terminal

@testable import EmojiRater

/// What the tests of states and screens share: a state on a screen of some
/// size after some commands, and the whole screen drawn fresh into the
/// in-memory canvas. Suites adopt it to get `state(…)` and `render(…)`.
protocol ScreenTest {}

/// The catalog those tests use: the built-in one, without skin tones.
let screenTestCatalog = EmojiCatalog.builtIn(includeSkinTones: false)
/// Its search index, built once: the app builds it off the main thread as
/// it starts, the tests give it to each state from the start.
let screenTestSearchIndex = SearchIndex(screenTestCatalog)

extension ScreenTest {
  func state(columns: Int = 80, rows: Int = 24, _ commands: [Command] = []) -> AppState {
    var state = AppState(catalog: screenTestCatalog, screenSize: Size(rows: rows, columns: columns))
    state.searchIndex = screenTestSearchIndex
    for command in commands { state.apply(command) }
    return state
  }

  @MainActor
  func render(
    _ state: AppState, unicode: Bool = true, unknown: Set<Unicode.Scalar> = [],
    content: (any GridContent)? = nil, hud: HUDModel? = nil
  ) -> TextCanvas {
    let canvas = TextCanvas(size: state.screen.size, isUnicode: unicode)
    canvas.unknownGlyphs = unknown
    RootView.draw(
      state, content: content ?? FullyLoadedContent(state: state), hud: hud, on: canvas)
    return canvas
  }
}

extension [AppState.Effect] {
  /// The votes these effects hand to the store, in order.
  var voteChanges: [AppState.VoteChange] {
    compactMap { effect in
      if case .persistVote(let change) = effect { change } else { nil }
    }
  }
}
