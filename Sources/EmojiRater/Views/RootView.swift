import Terminal

/// The whole screen as a function of the state.
public enum RootView {
  /// Draws the screen. With a `memo` the canvas is taken to hold the last
  /// frame, and only what changed is drawn again; without one the canvas is
  /// cleared and drawn whole. Both give the same screen. `spinners`: where
  /// the spinners of cells still loading are in their turn.
  @MainActor
  public static func draw(
    _ state: AppState, content: any GridContent, hud: HUDModel? = nil,
    spinners: SpinnerPhase = SpinnerPhase(),
    memo: RenderMemo? = nil, on canvas: any Canvas
  ) {
    let frame = RenderMemo.Frame(
      size: canvas.size, isUnicode: canvas.isUnicode, layout: state.layout, grid: state.gridGeneration,
      skinTone: state.skinTone)
    let topRow = state.presentedViewport.topRow
    let previous = memo?.reusableGrid(for: frame, topRow: topRow, on: canvas)
    if previous == nil { canvas.clear() }
    if state.screen.isTooSmall {
      TooSmallView.draw(size: state.screen.size, on: canvas)
      memo?.invalidate()
      return
    }
    let grid = GridView.draw(state, content: content, spinners: spinners, previous: previous, on: canvas)
    // The two bottom lines: drawn again only when what they show changed
    // (at 200 columns, drawing them every frame was a sixth of drawing).
    let bottom = BottomLines(state, content: content, hud: hud)
    if previous == nil || memo?.bottomLines != bottom {
      if previous != nil {
        for row in [state.screen.statusRow, state.screen.hintRow] {
          canvas.fill(row: row, column: 0, width: canvas.size.columns, style: .plain)
        }
      }
      bottom.draw(statusRow: state.screen.statusRow, hintRow: state.screen.hintRow, on: canvas)
    }
    // Overlays are drawn over the grid: the next frame draws the grid whole again.
    if state.isHelpShown {
      HelpOverlay.draw(on: canvas, gridHeight: state.screen.gridHeight, picking: state.picker != nil)
      memo?.invalidate()
    } else if let overlay = state.voteOverlay, let overlayFrame = state.voteOverlayFrame {
      VoteOverlayView.draw(
        overlay, frame: overlayFrame, current: state.selectedVote,
        community: state.selection.flatMap(content.community(at:)), on: canvas)
      memo?.invalidate()
    } else {
      memo?.remember(frame, topRow: topRow, grid: grid, bottomLines: bottom)
    }
  }
}

/// What the two lines under the grid show: the status line, and the search,
/// the HUD or the key hints below it. They are drawn from this alone.
struct BottomLines: Equatable {
  var status: StatusLineView.Shown
  var hint: HintRow

  enum HintRow: Equatable {
    /// The search's line, with the selection's place among the matches.
    /// Picking, it names the pick's keys too.
    case search(Search, position: Int?, message: String?, picking: Bool)
    case hud(HUDModel, notice: String?)
    case hints(notice: String?, picking: Bool)
  }

  @MainActor
  init(_ state: AppState, content: any GridContent, hud: HUDModel?) {
    status = StatusLineView.Shown(state, content: content)
    if let search = state.search {
      // The grid is the matches: the selection's place in it is its place among them.
      let position = search.answered == nil ? nil : state.selectedFlatIndex.map { $0 + 1 }
      hint = .search(search, position: position, message: state.message, picking: state.picker != nil)
    } else if state.isHUDShown, let hud {
      hint = .hud(hud, notice: state.shownNotice)
    } else {
      hint = .hints(notice: state.shownNotice, picking: state.picker != nil)
    }
  }

  @MainActor
  func draw(statusRow: Int, hintRow: Int, on canvas: any Canvas) {
    StatusLineView.draw(status, row: statusRow, on: canvas)
    switch hint {
    case .search(let search, let position, let message, let picking):
      SearchLineView.draw(
        search, position: position, message: message, keys: picking ? KeyMap.hints(picking: true) : [],
        row: hintRow, on: canvas)
    case .hud(let hud, let notice):
      HUDView.draw(hud, notice: notice, row: hintRow, on: canvas)
    case .hints(let notice, let picking):
      HintLineView.draw(notice: notice, row: hintRow, picking: picking, on: canvas)
    }
  }
}
