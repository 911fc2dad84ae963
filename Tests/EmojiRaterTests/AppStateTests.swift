import CollectionKit
import EmojiModel
import Terminal
import Testing

@testable import EmojiRater

@Suite struct AppStateTests: ScreenTest {
  @Test func startsOnTheFirstEmojiAtTheTop() {
    let state = state()
    #expect(state.selection == IndexPath(item: 0, section: 0))
    #expect(state.selectedEmoji?.name == "grinning face")
    #expect(state.viewport.topRow == 0)
    #expect(state.layout.columns == 15)
  }

  @Test func movingDownPastTheScreenScrollsToKeepTheSelectionVisible() {
    var state = state()
    for _ in 0..<30 { state.apply(.move(.down)) }
    let row = state.layout.row(of: state.selection!)
    #expect(state.viewport.rows.contains(row))
    #expect(state.viewport.topRow > 0)
  }

  @Test func tabGoesToTheNextSectionAndShowsItsHeader() {
    var state = state()
    state.apply(.move(.nextSection))
    #expect(state.selection == IndexPath(item: 0, section: 1))
    #expect(state.selectedEmoji?.group == "People & Body")
    #expect(state.viewport.rows.contains(state.layout.headerRow(of: 1)))
  }

  /// The screens Home, End, Tab and Shift-Tab would show, as those keys
  /// show them, known before the key, then those two of them show; none
  /// that is the screen itself.
  @Test func theJumpKeysScreensAreKnownBeforeTheKeys() {
    let moves: [SelectionMove] = [.first, .last, .nextSection, .previousSection]
    /// The screens the jump keys take `state` to, by pressing them: one, then two.
    func pressed(from state: AppState) -> [Range<Int>] {
      var screens: [Range<Int>] = []
      func note(_ jumped: AppState) {
        if jumped.viewport != state.viewport, !screens.contains(jumped.viewport.rows) {
          screens.append(jumped.viewport.rows)
        }
      }
      let once = moves.map { move in
        var jumped = state
        jumped.apply(.move(move))
        return jumped
      }
      once.forEach(note)
      for first in once {
        for move in moves {
          var jumped = first
          jumped.apply(.move(move))
          note(jumped)
        }
      }
      return Array(screens.prefix(AppState.jumpScreenLimit))
    }
    var state = state()
    let height = state.viewport.height
    let last = state.layout.rowCount
    // At the top, only End moves the view at once (the next section starts
    // on screen); two keys away, End then Shift-Tab, and Tab then Tab.
    #expect(state.jumpScreens.first == (last - height)..<last)
    #expect(state.jumpScreens.count == 3)
    #expect(state.jumpScreens.contains { $0.contains(state.layout.headerRow(of: 2)) }, "Tab, then Tab")
    #expect(pressed(from: state) == state.jumpScreens)
    // Down the second section, Home, End and Tab do, then the screens two keys away.
    state.apply(.move(.nextSection))
    for _ in 0..<40 { state.apply(.move(.down)) }
    #expect(state.jumpScreens.first == 0..<height)
    #expect(state.jumpScreens.count > 3)
    #expect(pressed(from: state) == state.jumpScreens)
  }

  /// A jump key that moves the selection tells the loader the person is
  /// jumping, the view moving with it or not; an arrow key, or a jump key
  /// that goes nowhere, does not.
  @Test func aJumpKeyIsHeardThoughOnlyTheSelectionMoves() {
    var state = state()
    let top = state.viewport
    #expect(state.apply(.move(.first)).isEmpty, "Home at the first emoji goes nowhere")
    #expect(state.apply(.move(.nextSection)) == [.jumped])
    #expect(state.viewport == top, "the next section starts on screen: only the selection moved")
    #expect(state.apply(.move(.down)).isEmpty)
    #expect(state.apply(.move(.last)) == [.jumped])
    #expect(state.viewport != top)
  }

  /// The screens a search is left for are known before the keys: while
  /// typing, where the search began (Esc) and the best match among its
  /// neighbours (Enter, then Esc); browsing the matches, the chosen one's;
  /// and after them the next match's, which `n` then Esc shows.
  @Test func theScreensASearchIsLeftForAreKnownBeforeTheKeys() {
    /// The catalog items on screen after `commands`.
    func pressed(_ commands: [Command], from state: AppState) -> [Int] {
      var left = state
      for command in commands { left.apply(command) }
      return left.layout.flatRange(ofRows: left.viewport.rows).map(left.shown.catalogItem)
    }
    var state = state()
    #expect(state.searchExitScreens.isEmpty, "no search")
    state.apply(.move(.nextSection))
    for _ in 0..<40 { state.apply(.move(.down)) }
    let origin = pressed([], from: state)
    state.apply(.startSearch)
    #expect(state.searchExitScreens.isEmpty, "no matches yet")
    for letter in "heart" { state.apply(.searchInput(letter)) }
    let best = pressed([.confirmSearch, .closeOverlay], from: state)
    let second = pressed([.confirmSearch, .nextMatch(forward: true), .closeOverlay], from: state)
    #expect(best != origin)
    #expect(pressed([.closeOverlay], from: state) == origin)
    #expect(
      state.searchExitScreens == origin + best + second, "typing: back, on to the best match, or the next")
    state.apply(.confirmSearch)
    // On to a match whose next one is elsewhere in the catalog.
    let stepOn: [Command] = [.nextMatch(forward: true), .closeOverlay]
    for _ in 0..<100 where pressed(stepOn, from: state) == pressed([.closeOverlay], from: state) {
      state.apply(.nextMatch(forward: true))
    }
    let chosen = pressed([.closeOverlay], from: state)
    let next = pressed([.nextMatch(forward: true), .closeOverlay], from: state)
    #expect(next != chosen)
    #expect(chosen.contains(state.selectedItem!))
    #expect(state.searchExitScreens == chosen + next, "browsing: the chosen match, then the next")
  }

  @Test func endAndHomeGoToTheLastAndFirstEmoji() {
    var state = state()
    state.apply(.move(.last))
    #expect(state.selectedEmoji?.name == "flag: Wales")
    #expect(state.viewport.topRow == state.layout.rowCount - state.viewport.height)
    state.apply(.move(.first))
    #expect(state.selectedEmoji?.name == "grinning face")
    #expect(state.viewport.topRow == 0)
  }

  @Test func pageDownMovesAScreenfulLessOneRow() {
    var state = state()
    state.apply(.page(down: true))
    #expect(state.viewport.topRow == state.viewport.height - 1)
    #expect(state.viewport.rows.contains(state.layout.row(of: state.selection!)))
    state.apply(.page(down: false))
    #expect(state.viewport.topRow == 0)
  }

  @Test func aPageSlidesIntoViewOverAFewFramesWhileTheSelectionMovesAtOnce() {
    var state = state()  // 80×24: a page is 21 rows
    state.apply(.page(down: true))
    #expect(state.selectedEmoji != nil && state.layout.row(of: state.selection!) >= 21)
    // The screen still shows the old page until frames advance it, 4 rows a frame (21 / 6, rounded up).
    #expect(state.presentedViewport.topRow == 0)
    var tops: [Int] = []
    while state.isPageScrolling {
      state.advancePageScroll()
      tops.append(state.presentedViewport.topRow)
    }
    #expect(tops == [4, 8, 12, 16, 20, 21])
    #expect(state.presentedViewport == state.viewport)
  }

  @Test func pagesPressedInARowEndInTheSameFewFrames() {
    var state = state()
    for _ in 0..<4 { state.apply(.page(down: true)) }  // 84 rows to go: 14 a frame
    var frames = 0
    while state.isPageScrolling {
      state.advancePageScroll()
      frames += 1
    }
    #expect(frames == state.pageScrollFrames)
    #expect(state.presentedViewport.topRow == 84)
  }

  /// A page's slide costs with the cells each frame brings in: a big screen
  /// slides over more frames, each bringing in a few rows.
  @Test func aBigScreenSlidesAPageOverMoreFrames() {
    let content = EmojiCatalog.builtIn(includeSkinTones: false).repeated(toCount: 20_000)
    var big = AppState(catalog: content, screenSize: Size(rows: 60, columns: 200))
    #expect(state().pageScrollFrames == 6)
    #expect(big.pageScrollFrames == 12)
    big.apply(.page(down: true))
    var rowsPerFrame: [Int] = []
    var top = big.presentedViewport.topRow
    while big.isPageScrolling {
      big.advancePageScroll()
      rowsPerFrame.append(big.presentedViewport.topRow - top)
      top = big.presentedViewport.topRow
    }
    #expect(rowsPerFrame.count == 12)
    #expect(rowsPerFrame.max()! * big.layout.columns <= 2 * AppState.slideCellsPerFrame)
  }

  @Test func anyOtherScrollShowsAtOnceAndEndsAPageScroll() {
    var state = state()
    state.apply(.page(down: true))
    state.advancePageScroll()
    state.apply(.scroll(rows: 1))
    #expect(!state.isPageScrolling)
    #expect(state.presentedViewport.topRow == 22)
  }

  @Test func aClickMidSlideSelectsWhatWasClickedAndStopsTheSlideThere() {
    var state = state()
    state.apply(.page(down: true))
    state.advancePageScroll()  // the screen's top is layout row 4
    state.apply(.select(row: 10, column: 3))
    #expect(state.layout.row(of: state.selection!) == 14)
    #expect(!state.isPageScrolling)
    #expect(state.presentedViewport.topRow == 4)
  }

  @Test func wheelScrollsTheViewAndDragsTheSelectionAlong() {
    var state = state()
    state.apply(.scroll(rows: 9))
    #expect(state.viewport.topRow == 9)
    // The selection was on row 1, now above the view: it moves to the top visible item row.
    #expect(state.layout.row(of: state.selection!) == 9)
    #expect(state.layout.column(of: state.selection!) == 0)
    state.apply(.scroll(rows: -100))
    #expect(state.viewport.topRow == 0)
  }

  @Test func clickSelectsTheCellUnderThePointer() {
    var state = state()
    // Row 2 on screen is the second item row; column 12 is in the third cell (x 11...15).
    state.apply(.select(row: 2, column: 12))
    #expect(state.selection == IndexPath(item: 17, section: 0))
    // Clicks on a header, the inset or the status line change nothing.
    state.apply(.select(row: 0, column: 12))
    state.apply(.select(row: 2, column: 0))
    state.apply(.select(row: 22, column: 12))
    #expect(state.selection == IndexPath(item: 17, section: 0))
  }

  @Test func resizeRelaysOutAndKeepsTheSelectionOnScreen() {
    var state = state()
    for _ in 0..<40 { state.apply(.move(.down)) }
    let selected = state.selection!
    state.apply(.resize(Size(rows: 12, columns: 40)))
    #expect(state.layout.columns == 7)
    #expect(state.selection == selected)
    #expect(state.viewport.rows.contains(state.layout.row(of: selected)))
    state.apply(.resize(Size(rows: 24, columns: 80)))
    #expect(state.selection == selected)
    #expect(state.viewport.rows.contains(state.layout.row(of: selected)))
  }

  @Test func tooSmallBelowTheMinimumAndBackWhenEnlarged() {
    var state = state()
    state.apply(.resize(Size(rows: 4, columns: 10)))
    #expect(state.screen.isTooSmall)
    state.apply(.resize(Size(rows: 24, columns: 80)))
    #expect(!state.screen.isTooSmall)
    #expect(state.selectedEmoji?.name == "grinning face")
  }

  @Test func helpTogglesAndEscapeClosesIt() {
    var state = state()
    state.apply(.toggleHelp)
    #expect(state.isHelpShown)
    state.apply(.closeOverlay)
    #expect(!state.isHelpShown)
    #expect(state.apply(.closeOverlay).isEmpty, "Esc with nothing open asks nothing, never to quit")
  }
}

/// What a command asks of the world outside the state (`AppState.Effect`):
/// the frame loop does these, and nothing the state did not ask for.
@Suite struct AppStateEffectsTests: ScreenTest {
  @Test func whatIsNotTheStatesIsAskedFor() {
    var state = state()
    #expect(state.apply(.quit) == [.quit])
    #expect(state.apply(.redraw) == [.redraw])
    #expect(state.apply(.cycleMode) == [.cycleMode])
    #expect(state.apply(.resetStatistics) == [.resetStatistics])
    #expect(state.apply(.suspend) == [.suspend])
    #expect(state.apply(.move(.right)).isEmpty, "a move is the state's alone")
  }

  @Test func aCopyIsOfTheSelectedCell() throws {
    var state = state([.move(.down)])
    let selection = try #require(state.selection)
    #expect(state.apply(.copySelection) == [.copyWhenLoaded(selection)])
  }

  @Test func aFilterShowsTheLoaderTheNewListAndAVoteGoesToTheStore() {
    var state = state()
    #expect(state.apply(.vote(.up)).voteChanges == [.init(item: 0, vote: .up, previous: nil)])
    let effects = state.apply(.cycleFilter)
    #expect(effects == [.showItems(state.shown, in: state.layout)])
    #expect(state.shown != .all)
  }

  /// Without an index to rank with inside a frame (a catalog too long, or
  /// the index not built yet), each change of the query asks the search's
  /// queue, once.
  @Test func aQueryWithoutAnIndexIsRankedOffTheMainThread() {
    var state = AppState(catalog: screenTestCatalog, screenSize: Size(rows: 24, columns: 80))
    #expect(state.apply(.startSearch).isEmpty, "nothing to rank yet")
    #expect(
      state.apply(.searchInput("c")) == [.rankSearch(.init(query: "c", candidates: nil, filterGeneration: 0))]
    )
    #expect(
      state.apply(.searchInput("a")) == [
        .rankSearch(.init(query: "ca", candidates: nil, filterGeneration: 0))
      ])
    #expect(state.apply(.move(.down)).isEmpty)
  }
}
