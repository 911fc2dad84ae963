import Terminal

/// The whole screen as a function of the state.
public enum RootView {
  @MainActor
  public static func draw(
    _ state: AppState, content: any GridContent, hud: HUDModel? = nil, on canvas: any Canvas
  ) {
    if state.screen.isTooSmall {
      TooSmallView.draw(size: state.screen.size, on: canvas)
      return
    }
    GridView.draw(state, content: content, on: canvas)
    StatusLineView.draw(state, content: content, on: canvas)
    if state.isHUDShown, let hud {
      HUDView.draw(hud, notice: state.notice, row: state.screen.hintRow, on: canvas)
    } else {
      HintLineView.draw(state, on: canvas)
    }
    if state.isHelpShown {
      HelpOverlay.draw(on: canvas, gridHeight: state.screen.gridHeight)
    }
  }
}
