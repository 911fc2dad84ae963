import CollectionKit
import EmojiModel
import Terminal
import TestSupport
import Testing

@testable import EmojiRater

/// The community's votes where people look, drawn into the in-memory
/// canvas and compared with golden files (`RECORD_SNAPSHOTS=1` rewrites
/// them): a bar in each voted cell, the counts on the status line and on
/// the voting overlay.
@MainActor
@Suite struct CommunitySnapshotTests: ScreenTest {
  /// 😀 mostly up, 😃 mostly down, 😄 even, 😁 counted but not voted on.
  static let tallies = [
    "1f600": CommunityTally(up: 1_234, down: 87), "1f603": CommunityTally(up: 2, down: 40),
    "1f604": CommunityTally(up: 5, down: 5), "1f601": CommunityTally(up: 0, down: 0),
  ]

  func render(_ state: AppState, unicode: Bool = true) -> TextCanvas {
    render(state, unicode: unicode, content: FullyLoadedContent(state: state, tallies: Self.tallies))
  }

  @Test func barsInTheCellsAndTheCountsOnTheStatusLineAt80Columns() {
    let canvas = render(state(columns: 80, rows: 24, [.move(.right), .move(.right), .move(.right)]))
    #expect(Snapshot.mismatch(canvas.text, named: "community-80x24") == nil)
    // The selected cell (😁, no votes) keeps its bracket; the others' bars.
    #expect(canvas.lines[1].hasPrefix("  😀 █ 😃 ▁ 😄 ▅[😁 ]"))
    #expect(canvas.style(row: 1, column: 5).foreground == .green)
    #expect(canvas.style(row: 1, column: 10).foreground == .red)
    #expect(canvas.lines[22].contains("beaming face with smiling eyes · no votes yet"))
  }

  @Test func theSelectionsCountsOnTheStatusLineAt200Columns() {
    let canvas = render(state(columns: 200, rows: 12))
    #expect(Snapshot.mismatch(canvas.text, named: "community-200x12") == nil)
    #expect(canvas.lines[10].hasPrefix(" grinning face · ▲1.2k ▼87 93% up · Smileys & Emotion"))
  }

  @Test func theOverlaysBorderCarriesTheCounts() {
    let canvas = render(state(columns: 80, rows: 24, [.openVoteOverlay]))
    #expect(Snapshot.mismatch(canvas.text, named: "community-overlay-80x24") == nil)
    #expect(canvas.lines[2].contains("┌ ▲1.2k ▼87 93% up ─"))
  }

  @Test func plainTextHasDigitsForBarsAndSignsForArrows() {
    let canvas = render(state(columns: 60, rows: 8, [.move(.right)]), unicode: false)
    #expect(Snapshot.mismatch(canvas.text, named: "community-ascii-60x8") == nil)
    #expect(canvas.text.unicodeScalars.allSatisfy { $0.isASCII })
    #expect(canvas.lines[6].contains("+2 -40 5% up"))
  }
}
