import Terminal

/// The bottom line while a search is on, in place of the HUD or the hints:
///
///     /cat face▏  3 of 12                          (typing)
///     /cat face  3 of 12 · n next · N previous · Esc clears
enum SearchLineView {
  @MainActor
  static func draw(_ search: Search, position: Int?, row: Int, on canvas: any Canvas) {
    let width = canvas.size.columns
    let theme = Theme.for(canvas)
    var column = 1
    column += canvas.truncatedText(
      "/" + search.query, row: row, column: column, width: width - 2, style: Theme.status)
    if search.isEditing {
      column += canvas.text(canvas.isUnicode ? "▏" : "_", row: row, column: column, style: Theme.notice)
    }
    let count = search.matches.count
    let found =
      search.query.isEmpty
      ? "" : count == 0 ? "no match" : position.map { "\($0) of \(count)" } ?? "\(count) found"
    var pieces = found.isEmpty ? [] : [found]
    if !search.isEditing { pieces += ["n next", "N previous", "Esc clears"] }
    column += 1
    for (index, piece) in pieces.enumerated() {
      let text = (index == 0 ? " " : theme.separator) + piece
      guard column + TextWidth.columns(of: text) < width else { break }
      column += canvas.text(
        text, row: row, column: column, style: index == 0 && count == 0 ? Theme.warning : Theme.hint)
    }
  }
}
