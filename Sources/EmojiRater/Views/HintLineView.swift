import Terminal

/// The bottom line when the HUD is hidden (`f`): a standing notice if there
/// is one, then the keys most people need, each only if it fits.
enum HintLineView {
  @MainActor
  static func draw(notice: String?, row: Int, picking: Bool = false, on canvas: any Canvas) {
    let width = canvas.size.columns
    var column = 1
    if let notice {
      column += canvas.truncatedText(notice, row: row, column: column, width: width - 2, style: Theme.notice)
      column += 2
    }
    for hint in KeyMap.hints(picking: picking) {
      guard column + hint.count < width else { break }
      column += canvas.text(hint, row: row, column: column, style: Theme.hint) + 2
    }
  }
}
