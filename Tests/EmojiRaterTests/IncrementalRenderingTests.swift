import CollectionKit
import EmojiModel
import FrameTiming
import Loading
import Support
import Terminal
import Testing

@testable import EmojiRater

/// The app draws each frame over the last one, redrawing only what changed
/// (`RenderMemo`). Whatever happens in between — scrolls, jumps, selection
/// moves, arrivals, spinners, the help, a resize — the screen must come out
/// exactly as a whole fresh drawing of the same state.
@MainActor
@Suite struct IncrementalRenderingTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: false)

  /// Content whose cells change as a test says, reporting what changed as
  /// the loading controller does.
  final class ChangingContent: GridContent {
    let catalog: EmojiCatalog
    /// Flat indices are catalog order, the same at every width.
    private let layout: GridLayout
    private var overrides: [Int: CellContent] = [:]
    private var presentations: [Int: EmojiPresentation] = [:]
    private(set) var changed: Set<Int> = []

    init(catalog: EmojiCatalog) {
      self.catalog = catalog
      layout = GridLayout(sectionItemCounts: catalog.sections.map(\.emoji.count), width: 80)
    }

    func set(_ content: CellContent, forItem item: Int) {
      overrides[item] = content
      changed.insert(item)
    }

    func takeChanges() -> Set<Int> {
      defer { changed = [] }
      return changed
    }

    func content(at indexPath: IndexPath) -> CellContent {
      let item = layout.flatIndex(of: indexPath)
      if let content = overrides[item] { return content }
      if presentations[item] == nil {
        presentations[item] = EmojiPresentation(catalog[indexPath.section, indexPath.item])
      }
      return .loaded(presentations[item]!)
    }

    func loadedEmoji(at indexPath: IndexPath) -> Emoji? {
      guard case .loaded(let presentation) = content(at: indexPath) else { return nil }
      return presentation.emoji
    }

    var loadingSummary: LoadingSummary? { nil }
  }

  /// Every character and style of two canvases, or the first difference.
  func difference(_ drawn: TextCanvas, _ fresh: TextCanvas) -> String? {
    if drawn.lines != fresh.lines {
      let row = drawn.lines.indices.first { drawn.lines[$0] != fresh.lines[$0] } ?? 0
      return "row \(row):\n  drawn: \(drawn.lines[row])\n  fresh: \(fresh.lines[row])"
    }
    for row in 0..<drawn.size.rows {
      for column in 0..<drawn.size.columns
      where drawn.style(row: row, column: column) != fresh.style(row: row, column: column) {
        return "style at row \(row), column \(column)"
      }
    }
    return nil
  }

  /// What drawing frame over frame starts from: a state on a screen of
  /// `size`, content whose cells change when told, and an empty memo.
  func start(_ size: Size) -> (AppState, ChangingContent, RenderMemo) {
    (AppState(catalog: Self.catalog, screenSize: size), ChangingContent(catalog: Self.catalog), RenderMemo())
  }

  func randomCommand(_ random: inout SeededGenerator, size: Size) -> Command {
    switch Int.random(in: 0..<26, using: &random) {
    case 0..<6: .scroll(rows: Int.random(in: -3...3, using: &random))
    case 6..<10: .move([.up, .down, .left, .right][Int.random(in: 0..<4, using: &random)])
    case 10: .page(down: Bool.random(using: &random))
    case 11: .move(Bool.random(using: &random) ? .nextSection : .previousSection)
    case 12: .move(Bool.random(using: &random) ? .first : .last)
    case 13: .toggleHelp
    case 14: .toggleHUD
    case 15: .scroll(rows: Int.random(in: -40...40, using: &random))
    case 16: .resize(Size(rows: size.rows + Int.random(in: -2...2, using: &random), columns: size.columns))
    case 17: .vote([Vote.up, .down, nil][Int.random(in: 0..<3, using: &random)])
    case 18: .undoVote
    case 19: Bool.random(using: &random) ? .openVoteOverlay : .closeOverlay
    case 20, 21: .toggleMark  // picking: a mark on the selected cell, or none
    default: .select(row: Int.random(in: 0..<size.rows, using: &random), column: 3)
    }
  }

  @Test(arguments: [(80, 24, UInt64(1)), (200, 60, 2), (40, 10, 3), (23, 7, 4)])
  func drawingOverTheLastFrameGivesTheSameScreenAsDrawingAfresh(
    columns: Int, rows: Int, seed: UInt64
  ) async {
    let size = Size(rows: rows, columns: columns)
    var random = SeededGenerator(seed: seed)
    var (state, content, memo) = start(size)
    // Half the runs pick: cells marked and unmarked as they go.
    if seed.isMultiple(of: 2) { state.picker = Picker() }
    var canvas = TextCanvas(size: size)
    // Frames' timings for the HUD: its figures change as they come.
    var stats = FrameStats()
    var clock: UInt64 = 0
    var spinners = SpinnerPhase()
    for step in 0..<300 {
      // Seconds of drawing under Thread Sanitizer: let the other suites'
      // main-actor work (loader arrivals) through now and then.
      if step.isMultiple(of: 10) { await Task.yield() }
      // Between two frames: a command, some cells changing, time passing.
      let command = randomCommand(&random, size: size)
      if case .resize(let newSize) = command, newSize != canvas.size {
        canvas = TextCanvas(size: newSize)  // a resized terminal: what it kept is not to be trusted
      }
      let effects = state.apply(command)
      // Frames pass: a page scroll may be under way, part way, or over.
      for _ in 0..<Int.random(in: 0...3, using: &random) { state.advancePageScroll() }
      let visible = state.layout.flatRange(
        ofRows: state.presentedViewport.rows.clamped(to: 0..<state.layout.rowCount))
      for _ in 0..<Int.random(in: 0...4, using: &random) where !visible.isEmpty {
        let item = Int.random(in: visible, using: &random)
        let choices: [CellContent] = [
          .loading, .failed, .loaded(EmojiPresentation(Self.catalog.emoji(atFlatIndex: item))),
        ]
        content.set(choices[Int.random(in: 0..<3, using: &random)], forItem: item)
      }
      spinners.step += Int.random(in: 0...7, using: &random)
      // Now and then more or fewer spinners on screen change how they take turns.
      if Int.random(in: 0..<10, using: &random) == 0 {
        spinners.groups = [6, 12, 24][Int.random(in: 0..<3, using: &random)]
      }

      if Bool.random(using: &random) {
        clock += 16_666_667
        let work = FrameWork(draw: UInt64.random(in: 100_000...3_000_000, using: &random))
        stats.record(FrameSample(start: clock, work: work))
      }
      let hud = HUDModel(stats: stats, loading: nil, idle: Bool.random(using: &random))

      memo.forget(items: content.takeChanges())
      memo.forget(items: effects.voteChanges.flatMap { state.shown.positions(of: $0.item) })
      for case .markChanged(let item) in effects {
        memo.forget(items: state.shown.positions(of: item))
      }
      RootView.draw(state, content: content, hud: hud, spinners: spinners, memo: memo, on: canvas)
      let fresh = TextCanvas(size: canvas.size)
      RootView.draw(state, content: content, hud: hud, spinners: spinners, on: fresh)
      if let difference = difference(canvas, fresh) {
        Issue.record("after step \(step) (\(command)): \(difference)")
        return
      }
    }
  }

  @Test func aScrolledFrameDrawsOnlyTheRowThatCameIntoView() {
    let size = Size(rows: 24, columns: 80)
    var (state, content, memo) = start(size)
    let canvas = CountingCanvas(size: size)
    state.apply(.scroll(rows: 5))
    RootView.draw(state, content: content, memo: memo, on: canvas)
    canvas.glyphs = 0
    state.apply(.scroll(rows: 1))
    RootView.draw(state, content: content, memo: memo, on: canvas)
    #expect(canvas.scrolls == 1)
    // The new row, and the selection the wheel pulled onto the top row.
    #expect(canvas.glyphs <= state.layout.columns + 1, "one new row of cells, not the screen")
  }

  @Test func aFrameWithNothingNewLeavesTheBottomLinesAlone() {
    let size = Size(rows: 24, columns: 80)
    var (state, content, memo) = start(size)
    let canvas = CountingCanvas(size: size)
    RootView.draw(state, content: content, memo: memo, on: canvas)
    canvas.texts = []
    RootView.draw(state, content: content, memo: memo, on: canvas)
    #expect(canvas.texts.isEmpty)
    // The selection moves: the status line tells of the new one.
    state.apply(.move(.right))
    RootView.draw(state, content: content, memo: memo, on: canvas)
    #expect(canvas.texts.contains { $0.contains("2/\(state.layout.itemCount)") })
  }

  @Test func anArrivalRedrawsItsCellAlone() {
    let size = Size(rows: 24, columns: 80)
    let (state, content, memo) = start(size)
    let canvas = CountingCanvas(size: size)
    RootView.draw(state, content: content, memo: memo, on: canvas)
    canvas.glyphs = 0
    content.set(.failed, forItem: 20)
    memo.forget(items: content.takeChanges())
    RootView.draw(state, content: content, memo: memo, on: canvas)
    #expect(canvas.glyphs == 0, "a failed cell is text, the others are left alone")
    #expect(canvas.texts.contains("✗"))
  }
}

/// A text canvas that counts the drawing calls a frame makes.
@MainActor
final class CountingCanvas: Canvas {
  private let base: TextCanvas
  var glyphs = 0
  var scrolls = 0
  var texts: [String] = []

  init(size: Size) {
    base = TextCanvas(size: size)
  }

  var size: Size { base.size }
  var isUnicode: Bool { base.isUnicode }
  func clear() { base.clear() }
  func fill(row: Int, column: Int, width: Int, style: Style) {
    base.fill(row: row, column: column, width: width, style: style)
  }
  func text(_ string: String, row: Int, column: Int, maxWidth: Int, style: Style) -> Int {
    texts.append(string)
    return base.text(string, row: row, column: column, maxWidth: maxWidth, style: style)
  }
  func canDraw(_ glyph: Unicode.Scalar, width: Int) -> Bool { base.canDraw(glyph, width: width) }
  func glyph(_ glyph: Unicode.Scalar, row: Int, column: Int, width: Int, style: Style) {
    glyphs += 1
    base.glyph(glyph, row: row, column: column, width: width, style: style)
  }
  func canDraw(sequence: [Unicode.Scalar], width: Int) -> Bool {
    base.canDraw(sequence: sequence, width: width)
  }
  func sequence(_ sequence: [Unicode.Scalar], row: Int, column: Int, width: Int, style: Style) {
    glyphs += 1
    base.sequence(sequence, row: row, column: column, width: width, style: style)
  }
  func scroll(rows: Range<Int>, by offset: Int) {
    scrolls += 1
    base.scroll(rows: rows, by: offset)
  }
}
