import CollectionKit
import Terminal

/// Draws the rows of the grid that are on screen: section headers and cells.
enum GridView {
  /// What one line of the grid shows, kept from frame to frame so that a line
  /// (or a cell) that still shows the same is not drawn again.
  enum Line: Equatable {
    case blank
    case header(section: Int)
    /// A row of cells (the layout row the line's place on screen says): the
    /// column of the selection if it is in this row, and each cell from the
    /// left (nil: unknown, it may have changed).
    case cells(selectedColumn: Int?, cells: [Cell?])
  }

  /// What one cell shows: its data's state and the person's vote.
  struct Cell: Equatable {
    var content: CellContent
    var vote: Vote?
    /// Marked to be printed by a pick.
    var marked = false

    /// What the cell at grid position `position` shows of `content` and
    /// of the state: its emoji in the tone chosen, its vote, its mark. One
    /// place for both ways a row is drawn (whole, or cell by cell).
    ///
    /// `borrowing`: an initializer owns its arguments, so each cell drawn
    /// copied the whole state and let it go, retaining and releasing all
    /// it holds (a tenth of drawing a screen of new cells, by `perf`: End
    /// at 200×60 draws 2,262).
    @MainActor
    init(_ content: CellContent, at position: Int, in state: borrowing AppState) {
      self.content = content.inTone(state.skinTone)
      vote = state.vote(atShown: position)
      marked = state.isMarked(atShown: position)
    }
  }

  /// What the canvas shows from the last frame: each grid line, and the
  /// spinners' animation step and groups it was drawn at.
  struct Drawn {
    var lines: [Line]
    var animationStep: Int
    var spinnerGroups: Int
  }

  /// Draws the grid and returns what its lines show now.
  ///
  /// `previous` is what the canvas shows from the last frame, its lines
  /// already moved with any scroll, or nil when the grid's area is blank.
  /// Lines that still show the same are left alone; in a row of cells only
  /// the cells that changed are drawn, and only cells whose content is
  /// unknown are asked for.
  @MainActor
  static func draw(
    _ state: AppState, content: any GridContent, spinners: SpinnerPhase, previous: Drawn?,
    on canvas: any Canvas
  ) -> Drawn {
    let layout = state.layout
    let step = spinners.step
    let groups = spinners.groups
    var lines: [Line] = []
    lines.reserveCapacity(state.presentedViewport.height)
    for (screenRow, row) in state.presentedViewport.rows.enumerated() {
      let before = previous.flatMap { screenRow < $0.lines.count ? $0.lines[screenRow] : nil }
      guard row < layout.rowCount else {
        if previous != nil, before != .blank { clearLine(screenRow, on: canvas) }
        lines.append(.blank)
        continue
      }
      switch layout.row(row) {
      case .header(let section):
        if before != .header(section: section) {
          if previous != nil { clearLine(screenRow, on: canvas) }
          drawHeader(state.sections[section], row: screenRow, theme: Theme.for(canvas), on: canvas)
        }
        lines.append(.header(section: section))
      case .items(let section, let items):
        let selectedColumn = state.selection.flatMap {
          $0.section == section && items.contains($0.item) ? $0.item - items.lowerBound : nil
        }
        let drawing = CellDrawing(
          row: screenRow, gridRow: row, firstItem: items.lowerBound, selectedColumn: selectedColumn,
          step: step, groups: groups, layout: layout, canvas: canvas)
        // Votes and marks are looked up by grid position (mapped to the catalog by the state).
        let firstPosition = layout.flatIndex(of: IndexPath(item: items.lowerBound, section: section))
        if case .cells(let oldSelection, let known)? = before, let previous {
          // The same row of cells: ask for and draw only what may have changed.
          let spinnersMovedOn =
            CellView.spinnerBeat(row: row, step: step, groups: groups)
            != CellView.spinnerBeat(row: row, step: previous.animationStep, groups: previous.spinnerGroups)
          // Most lines of most frames: nothing to do, and no cell to look at.
          if !spinnersMovedOn, selectedColumn == oldSelection, !known.contains(nil) {
            lines.append(.cells(selectedColumn: oldSelection, cells: known))
            continue
          }
          var cells = known
          for column in known.indices {
            if let cell = known[column] {
              let spinnerMovedOn = spinnersMovedOn && cell.content == .loading
              guard spinnerMovedOn || (column == selectedColumn) != (column == oldSelection) else { continue }
            } else {
              cells[column] = Cell(
                content.content(at: IndexPath(item: items.lowerBound + column, section: section)),
                at: firstPosition + column, in: state)
            }
            drawing.draw(cells[column]!, column: column, erasing: true)
          }
          lines.append(.cells(selectedColumn: selectedColumn, cells: cells))
        } else {
          if previous != nil { clearLine(screenRow, on: canvas) }
          let contents = content.contents(ofItems: items, inSection: section)
          // A loop, not a closure: one written in main-actor code checks its actor per call.
          var cells: [Cell?] = []
          cells.reserveCapacity(contents.count)
          for column in contents.indices {
            cells.append(Cell(contents[column], at: firstPosition + column, in: state))
          }
          for column in cells.indices { drawing.draw(cells[column]!, column: column, erasing: false) }
          lines.append(.cells(selectedColumn: selectedColumn, cells: cells))
        }
      }
    }
    return Drawn(lines: lines, animationStep: step, spinnerGroups: groups)
  }

  /// One row of cells as the screen places it.
  @MainActor
  private struct CellDrawing {
    /// The screen row, and the layout's.
    let row: Int
    let gridRow: Int
    let firstItem: Int
    let selectedColumn: Int?
    let step: Int
    let groups: Int
    let layout: GridLayout
    let canvas: any Canvas

    func draw(_ cell: Cell, column: Int, erasing: Bool) {
      let x = layout.originX(ofColumn: column)
      if erasing { canvas.fill(row: row, column: x, width: layout.metrics.cellWidth, style: .plain) }
      CellView.draw(
        cell.content, vote: cell.vote, marked: cell.marked, selected: column == selectedColumn,
        spinnerFrame: CellView.spinnerFrame(
          item: firstItem + column, row: gridRow, step: step, groups: groups),
        row: row, x: x, on: canvas)
    }
  }

  @MainActor
  private static func clearLine(_ row: Int, on canvas: any Canvas) {
    canvas.fill(row: row, column: 0, width: canvas.size.columns, style: .plain)
  }

  /// ` ── Smileys & Emotion (168) ─────────`
  @MainActor
  private static func drawHeader(
    _ section: GridSection, row: Int, theme: Theme, on canvas: any Canvas
  ) {
    let width = canvas.size.columns
    var column = 1
    column += canvas.text(theme.rule + theme.rule + " ", row: row, column: column, style: Theme.header)
    column += canvas.truncatedText(
      "\(section.name) (\(section.count)) ", row: row, column: column,
      width: width - column - 1, style: Theme.header)
    let ruleLength = max(0, width - column - 1)
    canvas.text(
      String(repeating: theme.rule, count: ruleLength), row: row, column: column,
      maxWidth: ruleLength, style: Theme.header)
  }
}
