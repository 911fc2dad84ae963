import CollectionKit
import Terminal

/// Draws the rows of the grid that are on screen: section headers and cells.
enum GridView {
  @MainActor
  static func draw(_ state: AppState, content: any GridContent, on canvas: any Canvas) {
    let layout = state.layout
    let theme = Theme.for(canvas)
    for (screenRow, row) in state.viewport.rows.enumerated() where row < layout.rowCount {
      switch layout.row(row) {
      case .header(let section):
        drawHeader(state.catalog.sections[section], row: screenRow, theme: theme, on: canvas)
      case .items(let section, let items):
        for item in items {
          let indexPath = IndexPath(item: item, section: section)
          CellView.draw(
            content.content(at: indexPath), selected: indexPath == state.selection, row: screenRow,
            x: layout.originX(ofColumn: layout.column(of: indexPath)), on: canvas)
        }
      }
    }
  }

  /// ` ── Smileys & Emotion (168) ─────────`
  @MainActor
  private static func drawHeader(
    _ section: EmojiCatalog.Section, row: Int, theme: Theme, on canvas: any Canvas
  ) {
    let width = canvas.size.columns
    var column = 1
    column += canvas.text(theme.rule + theme.rule + " ", row: row, column: column, style: Theme.header)
    column += canvas.truncatedText(
      "\(section.name) (\(section.emoji.count)) ", row: row, column: column,
      width: width - column - 1, style: Theme.header)
    let ruleLength = max(0, width - column - 1)
    canvas.text(
      String(repeating: theme.rule, count: ruleLength), row: row, column: column,
      maxWidth: ruleLength, style: Theme.header)
  }
}
