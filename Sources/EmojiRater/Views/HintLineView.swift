import Terminal

/// The bottom line: a standing notice if there is one, the loading mode and
/// the loader's figures when a loader runs, then the keys most people need,
/// each only if it fits.
///
///     prefetch · queued 4 · loading 6 · done 812 · cancelled 37 · ready 93%   m mode  ? help  q quit
enum HintLineView {
  static let hints = ["m mode", "? help", "q quit", "arrows/hjkl move", "Tab section"]

  @MainActor
  static func draw(_ state: AppState, summary: LoadingSummary?, on canvas: any Canvas) {
    let row = state.screen.hintRow
    let width = canvas.size.columns
    let theme = Theme.for(canvas)
    var column = 1
    if let notice = state.notice {
      column += canvas.truncatedText(notice, row: row, column: column, width: width - 2, style: Theme.notice)
      column += 2
    }
    if let summary {
      column += canvas.text(summary.mode.rawValue, row: row, column: column, style: Theme.mode)
      let loader = summary.loader
      var figures = [
        "queued \(loader.queued)", "loading \(loader.inFlight)", "done \(loader.completed)",
        "cancelled \(loader.cancelled)",
      ]
      if loader.failed > 0 { figures.append("failed \(loader.failed)") }
      if summary.display.displayed > 0 {
        figures.append("ready \(Int((summary.display.readyRate * 100).rounded()))%")
      }
      for figure in figures {
        let piece = theme.separator + figure
        guard column + TextWidth.columns(of: piece) < width else { break }
        column += canvas.text(piece, row: row, column: column, style: Theme.hint)
      }
      column += 3
    }
    for hint in hints {
      guard column + hint.count < width else { break }
      column += canvas.text(hint, row: row, column: column, style: Theme.hint) + 2
    }
  }
}
