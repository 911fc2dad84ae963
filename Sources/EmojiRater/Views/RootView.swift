import Terminal

/// The whole screen as a function of the state.
public enum RootView {
  /// Draws the screen. With a `memo` the canvas is taken to hold the last
  /// frame, and only what changed is drawn again; without one the canvas is
  /// cleared and drawn whole. Both give the same screen.
  @MainActor
  public static func draw(
    _ state: AppState, content: any GridContent, hud: HUDModel? = nil, memo: RenderMemo? = nil,
    on canvas: any Canvas
  ) {
    let frame = RenderMemo.Frame(size: canvas.size, isUnicode: canvas.isUnicode, layout: state.layout)
    let topRow = state.presentedViewport.topRow
    let previous = memo?.reusableGrid(for: frame, topRow: topRow, on: canvas)
    if previous == nil { canvas.clear() }
    if state.screen.isTooSmall {
      TooSmallView.draw(size: state.screen.size, on: canvas)
      memo?.invalidate()
      return
    }
    let grid = GridView.draw(state, content: content, previous: previous, on: canvas)
    if previous != nil {
      // The two bottom lines change with almost every frame: always drawn afresh.
      for row in [state.screen.statusRow, state.screen.hintRow] {
        canvas.fill(row: row, column: 0, width: canvas.size.columns, style: .plain)
      }
    }
    StatusLineView.draw(state, content: content, on: canvas)
    if let search = state.search {
      let position =
        state.layout.contains(state.selection)
        ? search.position(of: state.layout.flatIndex(of: state.selection)) : nil
      SearchLineView.draw(search, position: position, row: state.screen.hintRow, on: canvas)
    } else if state.isHUDShown, let hud {
      HUDView.draw(hud, notice: state.shownNotice, row: state.screen.hintRow, on: canvas)
    } else {
      HintLineView.draw(state, on: canvas)
    }
    // Overlays are drawn over the grid: the next frame draws the grid whole again.
    if state.isHelpShown {
      HelpOverlay.draw(on: canvas, gridHeight: state.screen.gridHeight)
      memo?.invalidate()
    } else if let overlay = state.voteOverlay, let overlayFrame = state.voteOverlayFrame {
      VoteOverlayView.draw(overlay, frame: overlayFrame, current: state.selectedVote, on: canvas)
      memo?.invalidate()
    } else {
      memo?.remember(frame, topRow: topRow, grid: grid)
    }
  }
}
