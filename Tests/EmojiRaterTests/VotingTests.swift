import CollectionKit
import Terminal
import Testing

@testable import EmojiRater

/// Voting as the state sees it: direct keys, the overlay, undo, and the
/// changes handed to the store. No terminal, no clock.
@Suite struct VotingTests: ScreenTest {
  @Test func plusMinusAndZeroVoteOnTheSelectionAndEachIsHandedOver() {
    var state = state()
    var effects = state.apply(.vote(.up))
    #expect(state.selectedVote == .up)
    effects += state.apply(.move(.right))
    effects += state.apply(.vote(.down))
    effects += state.apply(.vote(nil))
    #expect(state.votes == [0: .up])
    #expect(
      effects == [
        .persistVote(.init(item: 0, vote: .up, previous: nil)), .recordUse(items: [0]),
        .persistVote(.init(item: 1, vote: .down, previous: nil)), .recordUse(items: [1]),
        .persistVote(.init(item: 1, vote: nil, previous: .down)),
      ])
  }

  @Test func votingTheSameAgainChangesNothing() {
    var state = state()
    state.apply(.vote(.up))
    #expect(state.apply(.vote(.up)).isEmpty)
  }

  @Test func undoTakesBackTheLastVotesInTurnWhereverTheSelectionIs() {
    var state = state()
    state.apply(.vote(.up))
    state.apply(.move(.right))
    state.apply(.vote(.down))
    state.apply(.vote(.up))  // changes its mind on item 1
    state.apply(.move(.last))
    state.apply(.undoVote)
    #expect(state.votes == [0: .up, 1: .down])
    state.apply(.undoVote)
    state.apply(.undoVote)
    #expect(state.votes.isEmpty)
    state.apply(.undoVote)  // nothing left: nothing happens
    #expect(state.votes.isEmpty)
    #expect(state.selection == state.layout.lastIndexPath, "undo does not move the selection")
  }

  @Test func theOverlayOpensOnTheCurrentVoteAndArrowsWrapAround() {
    var state = state()
    state.apply(.vote(.down))
    state.apply(.openVoteOverlay)
    #expect(state.voteOverlay?.highlighted == .down)
    state.apply(.moveInOverlay(1))
    #expect(state.voteOverlay?.highlighted == .clear)
    state.apply(.moveInOverlay(1))
    #expect(state.voteOverlay?.highlighted == .up)
    state.apply(.moveInOverlay(-1))
    #expect(state.voteOverlay?.highlighted == .clear)
    state.apply(.confirmOverlay)
    #expect(state.voteOverlay == nil)
    #expect(state.selectedVote == nil)
  }

  @Test func escapeClosesTheOverlayWithoutVoting() {
    var state = state()
    state.apply(.openVoteOverlay)
    #expect(state.voteOverlay?.highlighted == .up, "an emoji not voted yet opens on up")
    state.apply(.moveInOverlay(1))
    state.apply(.closeOverlay)
    #expect(state.voteOverlay == nil)
    #expect(state.votes.isEmpty)
  }

  @Test func aClickOnAChoiceTakesItAndAClickElsewhereCloses() throws {
    var state = state()
    state.apply(.openVoteOverlay)
    let frame = try #require(state.voteOverlayFrame)
    let down = frame.choices[VoteOverlay.Choice.down.rawValue]
    state.apply(.select(row: frame.top + 1, column: down.lowerBound + 1))
    #expect(state.selectedVote == .down)
    #expect(state.voteOverlay == nil)
    state.apply(.openVoteOverlay)
    state.apply(.select(row: 20, column: 70))
    #expect(state.voteOverlay == nil)
    #expect(state.selectedVote == .down, "a click outside changes nothing but closing")
    #expect(state.selection == IndexPath(item: 0, section: 0))
  }

  @Test func theOverlaySitsBelowTheCellOrAboveItAndStaysOnScreen() throws {
    var state = state(columns: 80, rows: 24)
    state.apply(.openVoteOverlay)
    var frame = try #require(state.voteOverlayFrame)
    #expect(frame.top == 2, "under the first row of cells (row 1)")
    #expect(frame.left == 1)
    #expect(frame.showsLabels)
    // The last column, on the last row of the grid: above the cell, moved left.
    state.apply(.closeOverlay)
    for _ in 0..<21 { state.apply(.move(.down)) }
    for _ in 0..<14 { state.apply(.move(.right)) }
    state.apply(.openVoteOverlay)
    frame = try #require(state.voteOverlayFrame)
    let cellRow = state.layout.row(of: state.selection!) - state.viewport.topRow
    #expect(cellRow == state.screen.gridHeight - 1)
    #expect(frame.top == cellRow - VoteOverlay.Frame.height)
    #expect(frame.left + frame.width <= 80)
  }

  /// The overlay belongs to its cell: the wheel (or a key that moves the
  /// view) closes it, so a vote can never land on another emoji.
  @Test func movingTheViewClosesTheOverlay() {
    var state = state()
    state.apply(.openVoteOverlay)
    state.apply(.scroll(rows: 3))
    #expect(state.voteOverlay == nil)
    state.apply(.confirmOverlay)
    #expect(state.votes.isEmpty)
  }

  @Test func aClickOnTheOverlaysBorderKeepsItOpen() throws {
    var state = state()
    state.apply(.openVoteOverlay)
    let frame = try #require(state.voteOverlayFrame)
    state.apply(.select(row: frame.top, column: frame.left + 2))
    #expect(state.voteOverlay != nil)
    #expect(state.votes.isEmpty)
  }

  @Test func aReadOnlyCopyTakesNoVotesAndSaysWhy() {
    var state = state()
    state.votesAreReadOnly = true
    state.apply(.vote(.up))
    #expect(state.votes.isEmpty)
    #expect(state.message?.contains("read-only") == true)
    state.apply(.openVoteOverlay)
    #expect(state.voteOverlay == nil)
    state.apply(.move(.right))
    #expect(state.message == nil, "a passing message goes with the next command")
  }

  @Test func aNarrowScreenShowsTheGlyphsWithoutLabels() throws {
    var state = state(columns: 20, rows: 10)
    state.apply(.openVoteOverlay)
    let frame = try #require(state.voteOverlayFrame)
    #expect(!frame.showsLabels)
    #expect(frame.width <= 20)
  }
}

@Suite struct VotingKeyTests {
  func command(_ key: Key, voting: Bool = false) -> Command? {
    KeyBindings.command(for: .key(key), helpShown: false, votingShown: voting)
  }

  @Test func votingKeysOnTheGrid() {
    #expect(command(.enter) == .openVoteOverlay)
    #expect(command(.character(" ")) == .openVoteOverlay)
    #expect(command(.character("+")) == .vote(.up))
    #expect(command(.character("-")) == .vote(.down))
    #expect(command(.character("0")) == .vote(nil))
    #expect(command(.character("u")) == .undoVote)
  }

  @Test func inTheOverlayArrowsChooseAndNothingMovesTheGridBehindIt() {
    #expect(command(.left, voting: true) == .moveInOverlay(-1))
    #expect(command(.down, voting: true) == .moveInOverlay(1))
    #expect(command(.enter, voting: true) == .confirmOverlay)
    #expect(command(.escape, voting: true) == .closeOverlay)
    #expect(command(.character("+"), voting: true) == .vote(.up))
    #expect(command(.pageDown, voting: true) == nil)
    #expect(command(.character("q"), voting: true) == .quit)
  }
}
