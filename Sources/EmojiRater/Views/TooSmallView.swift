import Terminal

/// Shown instead of the grid when the terminal is smaller than the smallest
/// usable layout; the app goes back to the grid as soon as it is enlarged.
enum TooSmallView {
  @MainActor
  static func draw(size: Size, on canvas: any Canvas) {
    let theme = Theme.for(canvas)
    let minimum = ScreenLayout.minimum
    let need = "\(minimum.columns)\(theme.times)\(minimum.rows)"
    let have = "\(size.columns)\(theme.times)\(size.rows)"
    // The full sentence where it fits, else the essentials.
    var lines = wrap("terminal too small (need \(need), have \(have))", width: max(1, size.columns))
    if lines.count > size.rows {
      lines = wrap("too small, need \(need)", width: max(1, size.columns))
    }
    let top = max(0, (size.rows - lines.count) / 2)
    for (index, line) in lines.enumerated() where top + index < size.rows {
      let left = max(0, (size.columns - TextWidth.columns(of: line)) / 2)
      canvas.text(line, row: top + index, column: left, style: Theme.notice)
    }
  }

  /// Greedy word wrap; a word longer than the width is cut.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      let word = String(word.prefix(width))
      if current.isEmpty {
        current = word
      } else if TextWidth.columns(of: current) + 1 + TextWidth.columns(of: word) <= width {
        current += " " + word
      } else {
        lines.append(current)
        current = word
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
