import Terminal

/// The line under the grid: what is selected, where it sits, and its code
/// points when there is room. The details are part of what a load hides, so
/// until they arrive the line says so.
///
///     grinning face · Smileys & Emotion › face-smiling · 1/1870 · U+1F600 · E1.0
enum StatusLineView {
  @MainActor
  static func draw(_ state: AppState, content: any GridContent, on canvas: any Canvas) {
    let row = state.screen.statusRow
    let width = canvas.size.columns
    guard state.layout.contains(state.selection) else {
      let empty =
        state.filter == .all ? " no emoji" : " no emoji \(state.filter.label) (v shows the next filter)"
      canvas.truncatedText(empty, row: row, column: 0, width: width, style: Theme.status)
      return
    }
    let theme = Theme.for(canvas)
    let position = "\(state.layout.flatIndex(of: state.selection) + 1)/\(state.layout.itemCount)"
    var column = 1
    if state.filter != .all {
      // A filter first: the grid is not the whole catalog, and the position counts what shows.
      column += canvas.text("[\(state.filter.label)] ", row: row, column: column, style: Theme.notice)
    }
    if let vote = state.selectedVote {
      // Then the vote: it is the person's own, and it never waits for a load.
      column += canvas.text(
        CellView.voteSign(vote, unicode: canvas.isUnicode) + " voted \(vote.rawValue) ", row: row,
        column: column, style: Theme.vote(vote))
    }
    guard let emoji = content.loadedEmoji(at: state.selection) else {
      column += canvas.text("loading" + theme.ellipsis, row: row, column: column, style: Theme.statusDetail)
      canvas.text(theme.separator + position, row: row, column: column, style: Theme.statusDetail)
      return
    }
    column += canvas.truncatedText(
      emoji.name, row: row, column: column, width: width - column - 1, style: Theme.status)
    // The details go in order of use, each only if it fits whole.
    let details = [
      emoji.group + theme.breadcrumb + emoji.subgroup, position, emoji.codePoints, "E" + emoji.version,
    ]
    for detail in details {
      let piece = theme.separator + detail
      guard column + TextWidth.columns(of: piece) < width else { continue }
      column += canvas.text(piece, row: row, column: column, style: Theme.statusDetail)
    }
  }
}
