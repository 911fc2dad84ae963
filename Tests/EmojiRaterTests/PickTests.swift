import CollectionKit
import EmojiModel
import Terminal
import TestSupport
import Testing

@testable import EmojiRater

/// `emoji-rater pick`: what Enter, Tab, Esc and Ctrl-C do to the state,
/// what is printed of an emoji, and a screen with marks on it.
@MainActor
@Suite struct PickTests: ScreenTest {
  /// A state picking, with `commands` applied, and the effects of the last.
  func picking(columns: Int = 80, rows: Int = 24, _ commands: [Command]) -> (AppState, [AppState.Effect]) {
    var state = state(columns: columns, rows: rows)
    state.picker = Picker()
    var effects: [AppState.Effect] = []
    for command in commands { effects = state.apply(command) }
    return (state, effects)
  }

  func emoji(_ name: String) -> Emoji {
    screenTestCatalog.sections.flatMap(\.emoji).first { $0.name == name }!
  }

  @Test func enterPrintsTheSelectionOrTheMarkedInTheOrderMarked() {
    #expect(
      picking([.move(.right), .choose]).1 == [
        .recordUse(items: [1]), .finishPick(.chosen([emoji("grinning face with big eyes")])),
      ])
    let (state, effects) = picking([
      .move(.right), .move(.right), .toggleMark, .move(.left), .move(.left), .toggleMark, .move(.right),
      .choose,
    ])
    #expect(
      effects == [
        .recordUse(items: [2, 0]),
        .finishPick(.chosen([emoji("grinning face with smiling eyes"), emoji("grinning face")])),
      ])
    #expect(state.picker?.marked.count == 2)
  }

  @Test func tabUnmarksWhatItMarkedAndSaysSo() {
    let (marked, effects) = picking([.toggleMark])
    #expect(effects == [.markChanged(item: 0)])
    #expect(marked.message == "marked grinning face: Enter prints the 1 marked")
    #expect(marked.isMarked(atShown: 0))
    let (unmarked, _) = picking([.toggleMark, .toggleMark])
    #expect(unmarked.message == "unmarked grinning face")
    #expect(!unmarked.isMarked(atShown: 0))
    #expect(
      picking([.toggleMark, .toggleMark, .choose]).1 == [
        .recordUse(items: [0]), .finishPick(.chosen([emoji("grinning face")])),
      ])
  }

  @Test func escAndCtrlCLeavePrintingNothingAsDoesQuit() {
    #expect(picking([.abandonPick(interrupted: false)]).1 == [.finishPick(.abandoned)])
    #expect(picking([.abandonPick(interrupted: true)]).1 == [.finishPick(.interrupted)])
    // q behind the vote box, or a signal's quit: a pick left, not a browse ended well.
    #expect(picking([.openVoteOverlay, .quit]).1 == [.finishPick(.abandoned)])
    #expect([PickOutcome.chosen([]), .abandoned, .interrupted].map(\.status) == [0, 1, 130])
  }

  @Test func aSearchWithNoMatchHasNothingToPick() {
    var (state, _) = picking([.startSearch])
    for character in "zzqqxx" { state.apply(.searchInput(character)) }
    #expect(state.apply(.choose) == [])
    #expect(state.message == "nothing here to pick: type another search, or Esc to leave")
  }

  @Test func browsingThePickKeysDoNothing() {
    var state = state()
    #expect(state.apply(.choose) == [])
    #expect(state.apply(.toggleMark) == [])
    #expect(state.apply(.abandonPick(interrupted: true)) == [])
    #expect(state.apply(.quit) == [.quit])
  }

  @Test func eachFormatIsALineAPersonOrAScriptReads() {
    let heart = emoji("red heart")
    #expect(PickFormat.emoji.line(for: heart) == "❤️")
    #expect(PickFormat.name.line(for: heart) == "red heart")
    #expect(PickFormat.codepoints.line(for: heart) == "U+2764 U+FE0F")
    #expect(PickFormat.codepoints.line(for: emoji("party popper")) == "U+1F389")
    // Four digits at least, as Unicode writes them, and as the status line says them.
    #expect(PickFormat.codepoints.line(for: emoji("copyright")) == "U+00A9 U+FE0F")
    #expect(emoji("copyright").codePoints == "U+00A9 U+FE0F")
    #expect(PickFormat.shortcode.line(for: emoji("party popper")) == ":tada:", "chat apps' short name")
    #expect(PickFormat.shortcode.line(for: emoji("thumbs up")) == ":thumbsup:")
    let unknown = screenTestCatalog.sections.flatMap(\.emoji).first {
      $0.aliases.isEmpty && $0.name.contains(" ")
    }!
    #expect(
      PickFormat.shortcode.line(for: unknown) == ":" + PickFormat.snakeCase(unknown.name) + ":",
      "one chat apps do not know: its name their way")
    #expect(PickFormat.snakeCase("flag: Côte d’Ivoire") == "flag_cote_d_ivoire")
  }

  /// The marks where people look: ✓ before a marked emoji, the selection's
  /// brackets in the mark's colour when it is marked, the search line
  /// naming the pick's keys; `*` in plain text.
  @Test func marksOnTheGridAndThePicksKeysOnTheSearchLine() {
    var (state, _) = picking(columns: 80, rows: 8, [.startSearch])
    for character in "cat" { state.apply(.searchInput(character)) }
    state.apply(.toggleMark)
    state.apply(.move(.right))
    state.apply(.move(.right))
    state.apply(.toggleMark)
    let canvas = render(state)
    #expect(Snapshot.mismatch(canvas.text, named: "pick-marks-80x8") == nil)
    #expect(canvas.lines[1].hasPrefix(" ✓🐈   🐱  [😺 ]"), "\(canvas.lines[1])")
    #expect(canvas.style(row: 1, column: 1).foreground == .cyan)
    #expect(canvas.style(row: 1, column: 11).foreground == .cyan, "the marked selection's bracket")
    #expect(canvas.lines[7].hasPrefix(" /cat▏  3 of 16 · marked grinning cat: Enter prints the 2 marked"))
    let plain = render(state, unicode: false)
    #expect(plain.lines[1].hasPrefix(" *"), "\(plain.lines[1])")
  }
}
