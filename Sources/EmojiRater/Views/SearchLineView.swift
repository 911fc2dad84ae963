import Terminal

/// The bottom line while a search is on, in place of the HUD or the hints:
///
///     /cat face▏  3 of 12                          (typing)
///     /xxxx…xxx▏  no match · the search keeps its first 80 characters
///     /cat face  3 of 12 · n next · N previous · Esc clears
///     /a▏  searching…                   (a long catalog, ranked off the main thread)
enum SearchLineView {
  @MainActor
  static func draw(
    _ search: Search, position: Int?, message: String?, keys: [String] = [], row: Int, on canvas: any Canvas
  ) {
    let width = canvas.size.columns
    let theme = Theme.for(canvas)
    let count = search.matchCount
    let found =
      search.isBlank
      ? ""
      : search.isRanking
        ? "searching" + theme.ellipsis
        : count == 0 ? "no match" : position.map { "\($0) of \(count)" } ?? "\(count) found"
    var pieces = found.isEmpty ? [] : [found]
    // A passing message (a query cut short) goes before the key hints.
    if let message { pieces.append(message) }
    // A long query gives way to the count and the message, down to a few words.
    let needed = pieces.reduce(0) { $0 + TextWidth.columns(of: $1) + 3 }
    let queryWidth = max(min(16, width - 3), width - 3 - needed)
    if !search.isEditing { pieces += ["n next", "N previous", "Esc clears"] }
    pieces += keys
    var column = 1
    column += canvas.truncatedText(
      "/" + search.query, row: row, column: column, width: queryWidth, style: Theme.status)
    if search.isEditing {
      column += canvas.text(canvas.isUnicode ? "▏" : "_", row: row, column: column, style: Theme.notice)
    }
    column += 1
    for (index, piece) in pieces.enumerated() {
      let text = (index == 0 ? " " : theme.separator) + piece
      guard column + TextWidth.columns(of: text) < width else { break }
      column += canvas.text(
        text, row: row, column: column,
        style: (index == 0 && found == "no match") || piece == message ? Theme.warning : Theme.hint)
    }
  }
}
