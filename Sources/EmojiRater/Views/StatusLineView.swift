import EmojiModel
import Loading
import Support
import Terminal

/// The line under the grid: what is selected, where it sits, and its code
/// points when there is room. The details are part of what a load hides, so
/// until they arrive the line says so.
///
///     grinning face · Smileys & Emotion › face-smiling · 1/1914 · U+1F600 · E1.0
///     grinning face · ▲1.2k ▼87 93% up · Smileys & Emotion › face-smiling · …
///
/// (the second where a ratings server counts the community's votes).
enum StatusLineView {
  /// Everything the line shows. The line is drawn from this alone, so a
  /// frame whose `Shown` is the same as the last one's can leave it be.
  struct Shown: Equatable {
    var filter: VoteFilter
    /// The query whose matches the grid shows, when a search narrows it.
    var query: String?
    /// The selection's place (from 1) among `itemCount`; nil when nothing shows.
    var position: Int?
    var itemCount: Int
    var vote: Vote?
    /// The selected emoji once its data has arrived.
    var emoji: Emoji?
    /// The community's votes on it, where a ratings server counts them.
    var community: CommunityTally?
    /// Why the selected cell's load failed, while it shows the failure.
    var failure: String?

    @MainActor
    init(_ state: AppState, content: any GridContent) {
      filter = state.filter
      query = state.search?.answered
      position = state.selectedFlatIndex.map { $0 + 1 }
      itemCount = state.layout.itemCount
      vote = state.selectedVote
      emoji = state.selection.flatMap(content.loadedEmoji(at:))?.inTone(state.skinTone)
      community = state.selection.flatMap(content.community(at:))
      failure = emoji == nil ? state.selection.flatMap(content.loadFailure(at:))?.reason : nil
    }
  }

  /// The community's votes in words for the status line and the voting
  /// overlay: `▲1.2k ▼87 93% up` (`+1.2k -87 93% up` in plain text), or
  /// `no votes yet`.
  static func communityText(_ tally: CommunityTally, unicode: Bool) -> String {
    guard let percent = tally.upPercent else { return "no votes yet" }
    let up = CellView.voteSign(.up, unicode: unicode) + CommunityTally.compact(tally.up)
    let down = CellView.voteSign(.down, unicode: unicode) + CommunityTally.compact(tally.down)
    return "\(up) \(down) \(percent)% up"
  }

  /// The keywords that add to the name: "laugh" and not "face" for 😂
  /// "face with tears of joy"; at most four.
  static func alsoCalled(_ emoji: Emoji) -> [String] {
    let name = emoji.shownName.lowercased()
    return Array(emoji.shownKeywords.filter { !name.contains($0.lowercased()) }.prefix(4))
  }

  @MainActor
  static func draw(_ shown: Shown, row: Int, on canvas: any Canvas) {
    let width = canvas.size.columns
    guard let place = shown.position else {
      let among = shown.filter == .all ? "" : " \(shown.filter.label)"
      let empty =
        if let query = shown.query {
          " no emoji\(among) match “\(query)” (Backspace edits the search, Esc ends it)"
        } else {
          shown.filter == .all ? " no emoji" : " no emoji\(among) (v shows the next filter)"
        }
      canvas.truncatedText(empty, row: row, column: 0, width: width, style: Theme.status)
      return
    }
    let theme = Theme.for(canvas)
    let position = "\(place)/\(shown.itemCount)"
    var column = 1
    if shown.filter != .all {
      // A filter first: the grid is not the whole catalog, and the position counts what shows.
      column += canvas.text("[\(shown.filter.label)] ", row: row, column: column, style: Theme.notice)
    }
    if let vote = shown.vote {
      // Then the vote: it is the person's own, and it never waits for a load.
      column += canvas.text(
        CellView.voteSign(vote, unicode: canvas.isUnicode) + " voted \(vote.rawValue) ", row: row,
        column: column, style: Theme.vote(vote))
    }
    if let failure = shown.failure {
      // Why, in the server's or the network's terms, and what happens next:
      // the cell asks again whenever it is shown anew.
      let sign = canvas.isUnicode ? "✗ " : "x "
      column += canvas.truncatedText(
        sign + SafeText.printable(failure), row: row, column: column, width: width - column - 1,
        style: Theme.failed)
      for detail in [position, "retried when shown again"] {
        let piece = theme.separator + detail
        guard column + TextWidth.columns(of: piece) < width else { break }
        column += canvas.text(piece, row: row, column: column, style: Theme.statusDetail)
      }
      return
    }
    guard let emoji = shown.emoji else {
      column += canvas.text("loading" + theme.ellipsis, row: row, column: column, style: Theme.statusDetail)
      canvas.text(theme.separator + position, row: row, column: column, style: Theme.statusDetail)
      return
    }
    column += canvas.truncatedText(
      emoji.shownName, row: row, column: column, width: width - column - 1, style: Theme.status)
    // The details go in order of use, each only if it fits whole: what
    // people also call it (CLDR's keywords the name does not already say)
    // right after where it is.
    let also = alsoCalled(emoji)
    let community = shown.community.map { communityText($0, unicode: canvas.isUnicode) }
    let details =
      (community.map { [$0] } ?? []) + [emoji.group + theme.breadcrumb + emoji.subgroup, position]
      + (also.isEmpty ? [] : ["also " + also.joined(separator: ", ")]) + [
        emoji.codePoints, "E" + emoji.version,
      ]
    for detail in details {
      let piece = theme.separator + detail
      guard column + TextWidth.columns(of: piece) < width else { continue }
      column += canvas.text(piece, row: row, column: column, style: Theme.statusDetail)
    }
  }
}
