import CollectionKit
import Terminal
import TestSupport
import Testing

@testable import EmojiRater

/// The voting overlay and the vote markers, drawn into the in-memory canvas
/// and compared with golden files (`RECORD_SNAPSHOTS=1` rewrites them).
@MainActor
@Suite struct VotingSnapshotTests: ScreenTest {
  @Test func theOverlayUnderACellOnTheTopRow() {
    let canvas = render(state([.move(.right), .vote(.up), .openVoteOverlay]))
    #expect(Snapshot.mismatch(canvas.text, named: "vote-overlay-top-80x24") == nil)
    #expect(canvas.lines[3].contains("👍 up✓"), "the current vote is ticked")
    // The highlighted choice (the current vote) is reversed.
    let column =
      canvas.lines[3].unicodeScalars.count - canvas.lines[3].drop { $0 != "👍" }.unicodeScalars.count
    #expect(canvas.style(row: 3, column: column).reverse)
  }

  @Test func theOverlayAboveACellInTheLastColumnOfTheLastRow() {
    let commands: [Command] =
      Array(repeating: .move(.down), count: 21) + Array(repeating: .move(.right), count: 14)
    let canvas = render(state(commands + [.openVoteOverlay, .moveInOverlay(1)]))
    #expect(Snapshot.mismatch(canvas.text, named: "vote-overlay-corner-80x24") == nil)
  }

  @Test func theOverlayOnAFortyColumnTerminal() {
    let canvas = render(state(columns: 40, rows: 12, [.move(.right), .move(.right), .openVoteOverlay]))
    #expect(Snapshot.mismatch(canvas.text, named: "vote-overlay-40x12") == nil)
    #expect(canvas.lines.allSatisfy { TextWidth.columns(of: $0) <= 40 })
  }

  @Test func voteMarkersBesideTheEmojiAndOnTheStatusLine() {
    let canvas = render(
      state(columns: 40, rows: 8, [.vote(.up), .move(.right), .vote(.down), .move(.right), .move(.down)]))
    #expect(Snapshot.mismatch(canvas.text, named: "vote-markers-40x8") == nil)
    #expect(canvas.lines[1].hasPrefix(" ▲😀  ▼😃"))
    #expect(canvas.style(row: 1, column: 1).foreground == .green)
    #expect(canvas.style(row: 1, column: 6).foreground == .red)
  }

  @Test func voteMarkersInPlainText() {
    let canvas = render(
      state(columns: 40, rows: 8, [.vote(.up), .move(.right), .vote(.down), .openVoteOverlay]), unicode: false
    )
    #expect(Snapshot.mismatch(canvas.text, named: "vote-markers-ascii-40x8") == nil)
    #expect(canvas.text.unicodeScalars.allSatisfy { $0.isASCII })
    #expect(canvas.lines[1].hasPrefix(" +"))
  }

  @Test func theStatusLineSaysTheVote() {
    let canvas = render(state(columns: 80, rows: 8, [.vote(.down)]))
    #expect(canvas.lines[6].hasPrefix(" ▼ voted down grinning face"))
  }
}
