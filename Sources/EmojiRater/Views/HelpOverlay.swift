import Terminal

/// The `?` overlay: every key, in a box over the middle of the grid.
enum HelpOverlay {
  /// Keys and what they do, a line a group of the table (`KeyMap`), or of
  /// the pick's.
  static func entries(picking: Bool) -> [(keys: String, action: String)] {
    KeyMap.groups(picking: picking).map { ($0.keys, $0.action) }
  }

  static let notes = [
    "Before an emoji: ▲ up, ▼ down (+ - in ASCII).",
    "After it: + a sequence shown as its first",
    "emoji, 1-5 a skin tone. A spinner: loading;",
    "a cross: the load failed (retried if shown).",
  ]

  @MainActor
  static func draw(on canvas: any Canvas, gridHeight: Int, picking: Bool = false) {
    let entries = entries(picking: picking)
    let keyWidth = entries.map(\.keys.count).max() ?? 0
    let lines =
      entries.map { $0.keys.padding(toLength: keyWidth + 2, withPad: " ", startingAt: 0) + $0.action }
      + [""] + notes
    let innerWidth = (lines.map(\.count).max() ?? 0) + 2
    let width = min(innerWidth + 2, canvas.size.columns)
    let height = min(lines.count + 2, gridHeight)
    let left = max(0, (canvas.size.columns - width) / 2)
    let top = max(0, (gridHeight - height) / 2)
    let vertical = canvas.isUnicode ? "│" : "|"
    let horizontal = canvas.isUnicode ? "─" : "-"
    let corners = canvas.isUnicode ? ["┌", "┐", "└", "┘"] : ["+", "+", "+", "+"]

    let title = " Keys "
    let topRule = String(repeating: horizontal, count: max(0, width - 2 - title.count))
    canvas.text(
      corners[0] + title + topRule + corners[1], row: top, column: left, maxWidth: width,
      style: Theme.overlayBorder)
    for index in 0..<max(0, height - 2) {
      let row = top + 1 + index
      canvas.fill(row: row, column: left, width: width, style: .plain)
      canvas.text(vertical, row: row, column: left, maxWidth: 1, style: Theme.overlayBorder)
      let line = lines[index]
      let style = index < entries.count ? Theme.overlayKey : Theme.hint
      if index < entries.count {
        canvas.text(
          String(line.prefix(keyWidth)), row: row, column: left + 2, maxWidth: width - 4, style: style)
        canvas.text(
          String(line.dropFirst(keyWidth + 2)), row: row, column: left + 4 + keyWidth,
          maxWidth: max(0, width - 6 - keyWidth), style: .plain)
      } else {
        canvas.text(line, row: row, column: left + 2, maxWidth: width - 4, style: style)
      }
      canvas.text(vertical, row: row, column: left + width - 1, maxWidth: 1, style: Theme.overlayBorder)
    }
    let bottomRule = String(repeating: horizontal, count: max(0, width - 2))
    canvas.text(
      corners[2] + bottomRule + corners[3], row: top + height - 1, column: left, maxWidth: width,
      style: Theme.overlayBorder)
  }
}
