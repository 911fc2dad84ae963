import CollectionKit
import Terminal

@testable import EmojiRater

/// What the tests of states and screens share: a state on a screen of some
/// size after some commands, and the whole screen drawn fresh into the
/// in-memory canvas. Suites adopt it to get `state(…)` and `render(…)`.
protocol ScreenTest {}

/// The catalog those tests use: the built-in one, without skin tones.
let screenTestCatalog = EmojiCatalog.builtIn(includeSkinTones: false)

extension ScreenTest {
  func state(columns: Int = 80, rows: Int = 24, _ commands: [Command] = []) -> AppState {
    var state = AppState(catalog: screenTestCatalog, screenSize: Size(rows: rows, columns: columns))
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
      state, content: content ?? FullyLoadedContent(catalog: screenTestCatalog), hud: hud, on: canvas)
    return canvas
  }
}
