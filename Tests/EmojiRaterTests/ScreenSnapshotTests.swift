import CollectionKit
import EmojiModel
import Loading
import Terminal
import TestSupport
import Testing

@testable import EmojiRater

/// The whole screen rendered into the in-memory canvas and compared, as text,
/// with golden files in `Snapshots/` (see `Snapshot`).
@MainActor
@Suite struct ScreenSnapshotTests: ScreenTest {
  static let catalog = screenTestCatalog

  @Test func gridWithHeaderAndStatusLine() {
    let canvas = render(state())
    #expect(Snapshot.mismatch(canvas.text, named: "grid-80x24") == nil)
    // The selected cell is bracketed and reversed.
    #expect(canvas.lines[1].hasPrefix(" [😀 ]"))
    #expect(canvas.style(row: 1, column: 2).reverse)
  }

  @Test func gridAfterTabAtTheNextSection() {
    let canvas = render(state([.move(.nextSection), .move(.right)]))
    #expect(Snapshot.mismatch(canvas.text, named: "grid-next-section-80x24") == nil)
  }

  @Test func narrowTerminal() {
    #expect(Snapshot.mismatch(render(state(columns: 40, rows: 12)).text, named: "grid-40x12") == nil)
  }

  @Test func wideTerminalWithSequencesAndFlags() {
    // The end of the catalog: flags as letters, subdivision flags marked.
    let canvas = render(state(columns: 200, rows: 12, [.move(.last)]))
    #expect(Snapshot.mismatch(canvas.text, named: "grid-flags-200x12") == nil)
  }

  /// People & Body where the terminal joins every kind but skin tones:
  /// joined sequences whole, a family too long for a cell and skin tones as
  /// stand-ins, every cell in its column.
  @Test func wholeSequencesWhereTheTerminalKeepsThemInTwoColumns() {
    let policy = GlyphPolicy(
      mode: .auto, measured: joinsAllButSkinTones, catalog: Self.catalog, libraryColumns: glibc236)
    let state = state(columns: 120, rows: 16, [.move(.nextSection)])
    let people = render(state, content: FullyLoadedContent(state: state, glyphs: policy))
    #expect(Snapshot.mismatch(people.text, named: "glyphs-joined-people-120x16") == nil)
    #expect(people.text.contains("🧔\u{200D}♂️"))
    #expect(people.text.contains("☺️"), "VS16 whole")
  }

  /// The flags on tmux 3.3a's widths: whole, and the subdivision flags,
  /// seven code points each, as stand-ins.
  @Test func flagsWholeInTmux33() {
    let policy = GlyphPolicy(mode: .auto, measured: tmux33, catalog: Self.catalog, libraryColumns: glibc236)
    let state = state(columns: 120, rows: 8, [.move(.last)])
    let flags = render(state, content: FullyLoadedContent(state: state, glyphs: policy))
    #expect(Snapshot.mismatch(flags.text, named: "glyphs-tmux-flags-120x8") == nil)
    #expect(flags.text.contains("🇿🇼"))
  }

  @Test func helpOverlay() {
    #expect(Snapshot.mismatch(render(state([.toggleHelp])).text, named: "help-80x24") == nil)
  }

  @Test func tooSmall() {
    let canvas = render(state(columns: 10, rows: 4))
    #expect(Snapshot.mismatch(canvas.text, named: "too-small-10x4") == nil)
    #expect(canvas.text.contains("too small"))
  }

  @Test func asciiWhenTheLocaleIsNotUTF8() {
    var ascii = state(columns: 60, rows: 10)
    ascii.notice = "ASCII mode: the locale is not UTF-8 (try LANG=C.UTF-8)"
    let canvas = render(ascii, unicode: false)
    #expect(Snapshot.mismatch(canvas.text, named: "ascii-60x10") == nil)
    #expect(canvas.text.unicodeScalars.allSatisfy { $0.isASCII })
  }

  @Test func emojiTheLocaleDoesNotKnowFallBackToInitials() {
    // 🫨 shaking face is Unicode 15.0; an older C library has no width for it.
    var shaking = state(columns: 80, rows: 24)
    while shaking.selectedEmoji?.name != "shaking face" { shaking.apply(.move(.right)) }
    let canvas = render(shaking, unknown: ["🫨"])
    #expect(canvas.text.contains("[sf ]"))
  }

  @Test func loadingAndFailedCells() {
    let content = ScriptedContent(catalog: Self.catalog)
    let canvas = render(state(columns: 80, rows: 8), content: content)
    #expect(Snapshot.mismatch(canvas.text, named: "loading-80x8") == nil)
    #expect(canvas.lines[6].hasPrefix(" loading… · 1/1914"))
  }

  /// A failed cell selected: the status line says why, where it is, and
  /// that it will be asked for again.
  @Test func theStatusLineSaysWhyTheSelectedCellFailed() {
    let content = ScriptedContent(catalog: Self.catalog)
    var failed = state(columns: 80, rows: 8)
    failed.apply(.move(.down))
    failed.apply(.move(.right))
    failed.apply(.move(.right))
    let canvas = render(failed, content: content)
    #expect(Snapshot.mismatch(canvas.text, named: "failed-80x8") == nil)
    #expect(canvas.lines[6] == " ✗ the server answered HTTP 503 · 18/1914 · retried when shown again")
  }

  static var sampleHUD: HUDModel {
    var hud = HUDModel()
    hud.fps = 59.6
    hud.dropped = 3
    hud.droppedShare = 0.0012
    hud.workP50 = 0.42
    hud.workP95 = 0.81
    hud.workP99 = 1.13
    hud.hitchRatio = 0.7
    hud.recentWork = [0.4, 0.5, 0.4, 2.1, 0.4, 9.0, 0.4, 0.5, 17.0, 0.4, 0.4, 0.6]
    var loading = ScriptedContent(catalog: catalog).loadingSummary!
    for latency in [0.0, 420, 610] { loading.display.visibleLatency.record(milliseconds: latency) }
    hud.loading = HUDModel.Loading(loading)
    return hud
  }

  @Test(arguments: [80, 200])
  func hudFitsAndAbbreviatesWhenNarrow(columns: Int) {
    let canvas = render(state(columns: columns, rows: 8), hud: Self.sampleHUD)
    #expect(Snapshot.mismatch(canvas.lines[7], named: "hud-\(columns)") == nil)
    #expect(canvas.lines[7].hasPrefix(" prefetch │ "))
    #expect(canvas.lines[7].count <= columns)
  }

  /// Loading from a server, the HUD says so beside the mode (the address
  /// where there is room), and counts the loads that got no answer apart.
  @Test(arguments: [80, 240])
  func hudNamesTheServerAndTheLoadsThatGotNoAnswer(columns: Int) throws {
    var hud = Self.sampleHUD
    hud.loading?.source = try DataSource(parsing: "http://127.0.0.1:8080")
    hud.loading?.loader.failed = 9
    hud.loading?.loader.connectionErrors = 5
    let line = render(state(columns: columns, rows: 8), hud: hud).lines[7]
    #expect(Snapshot.mismatch(line, named: "hud-http-\(columns)") == nil)
    #expect(
      line.hasPrefix(columns >= 240 ? " prefetch │ http 127.0.0.1:8080 │ " : " prefetch │ http │ "), "\(line)"
    )
    #expect(
      line.contains(columns >= 240 ? "│ failed 9 (5 unreached) │" : "│ ✗9 │"),
      "failures are said at any width: \(line)")
  }

  /// The HUD's figures, formatted by hand as `%.1f` and `%.0f%%` would.
  @Test func hudNumbersReadAsPrintfWouldWriteThem() {
    #expect(HUDView.ms(0.04) == "0.0")
    #expect(HUDView.ms(0.46) == "0.5")
    #expect(HUDView.ms(1.13) == "1.1")
    #expect(HUDView.ms(9.96) == "10.0")
    #expect(HUDView.ms(16.7) == "17")
    #expect(HUDView.percent(0.0012, digits: 1) == "0.1%")
    #expect(HUDView.percent(0.966, digits: 0) == "97%")
    #expect(HUDView.percent(1, digits: 1) == "100.0%")
    #expect(HUDView.decimal(-0.26, digits: 1) == "-0.3")
    #expect(HUDView.decimal(.nan, digits: 1) == "-")
  }

  @Test func idleHUDAndTheHintsWhenHidden() {
    var hud = Self.sampleHUD
    hud.idle = true
    #expect(render(state(columns: 80, rows: 8), hud: hud).lines[7].contains("│ idle │"))
    let hidden = render(state(columns: 80, rows: 8, [.toggleHUD]), hud: hud)
    #expect(hidden.lines[7].contains("f HUD"))
  }
}

/// Cells in a known mix of states: the first row loading, every seventh
/// item failed, the rest loaded; and a loader line with fixed figures.
@MainActor
struct ScriptedContent: GridContent {
  let catalog: EmojiCatalog

  func content(at indexPath: IndexPath) -> CellContent {
    if indexPath.section == 0 && indexPath.item < 15 { return .loading }
    if indexPath.item % 7 == 3 { return .failed }
    return .loaded(EmojiPresentation(catalog[indexPath.section, indexPath.item]))
  }

  func loadedEmoji(at indexPath: IndexPath) -> Emoji? {
    guard case .loaded(let presentation) = content(at: indexPath) else { return nil }
    return presentation.emoji
  }

  func loadFailure(at indexPath: IndexPath) -> LoadFailure? {
    guard case .failed = content(at: indexPath) else { return nil }
    return .server("the server answered HTTP 503")
  }

  var loadingSummary: LoadingSummary? {
    var loader = LoaderCounters()
    loader.queued = 4
    loader.inFlight = 6
    loader.completed = 812
    loader.cancelledDuringWait = 37
    var display = DisplayCounters()
    display.displayed = 100
    display.readyOnDisplay = 93
    return LoadingSummary(mode: .prefetch, loader: loader, display: display)
  }
}
