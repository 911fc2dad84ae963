import EmojiModel
import Terminal

/// The voting overlay, in a box under (or over) the selected cell:
///
///     ┌ ▲1.2k ▼87 93% up ────────┐
///     │ 👍 up✓  👎 down  ✕  clear │
///     └──────────────────────────┘
///
/// The highlighted choice is reversed; the emoji's current vote carries a
/// tick. The community's votes, where a ratings server counts them, are in
/// the top border when they fit. Where emoji cannot be drawn the glyphs become + - x; on a narrow
/// screen the labels go and the glyphs stay.
enum VoteOverlayView {
  @MainActor
  static func draw(
    _ overlay: VoteOverlay, frame: VoteOverlay.Frame, current: Vote?, community: CommunityTally? = nil,
    on canvas: any Canvas
  ) {
    let unicode = canvas.isUnicode
    let (horizontal, vertical) = unicode ? ("─", "│") : ("-", "|")
    let corners = unicode ? ["┌", "┐", "└", "┘"] : ["+", "+", "+", "+"]
    let rule = String(repeating: horizontal, count: max(0, frame.width - 2))
    canvas.text(
      corners[0] + rule + corners[1], row: frame.top, column: frame.left, maxWidth: frame.width,
      style: Theme.overlayBorder)
    canvas.text(
      corners[2] + rule + corners[3], row: frame.top + 2, column: frame.left, maxWidth: frame.width,
      style: Theme.overlayBorder)
    if let community {
      let title = " " + StatusLineView.communityText(community, unicode: unicode) + " "
      if TextWidth.columns(of: title) <= frame.width - 3 {
        canvas.text(title, row: frame.top, column: frame.left + 1, style: Theme.community(community))
      }
    }
    let row = frame.top + 1
    canvas.fill(row: row, column: frame.left, width: frame.width, style: .plain)
    canvas.text(vertical, row: row, column: frame.left, maxWidth: 1, style: Theme.overlayBorder)
    canvas.text(
      vertical, row: row, column: frame.left + frame.width - 1, maxWidth: 1, style: Theme.overlayBorder)
    for (choice, columns) in zip(VoteOverlay.Choice.allCases, frame.choices) {
      let style = choice == overlay.highlighted ? Theme.overlayChoice : Style.plain
      canvas.fill(row: row, column: columns.lowerBound, width: columns.count, style: style)
      let glyph = choice.glyph
      let drawable = canvas.canDraw(glyph.unicode, width: 2) ? glyph.unicode : glyph.ascii
      canvas.glyph(drawable, row: row, column: columns.lowerBound + 1, width: 2, style: style)
      // The tick marks the vote the emoji has (there is none to mark for "clear").
      let isCurrent = current != nil && choice.vote == current
      if frame.showsLabels {
        let label = choice.label + (isCurrent ? (unicode ? "✓" : "*") : "")
        canvas.text(
          label, row: row, column: columns.lowerBound + 4, maxWidth: columns.count - 4, style: style)
      } else if isCurrent {
        canvas.text(unicode ? "✓" : "*", row: row, column: columns.lowerBound + 3, maxWidth: 1, style: style)
      }
    }
  }
}
