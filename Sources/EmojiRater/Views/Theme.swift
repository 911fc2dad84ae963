import EmojiModel
import Terminal

/// The styles and symbols every view draws with, in one place.
struct Theme {
  let rule: String
  let separator: String
  let breadcrumb: String
  let ellipsis: String
  let times: String

  static let unicode = Theme(rule: "─", separator: " · ", breadcrumb: " › ", ellipsis: "…", times: "×")
  static let ascii = Theme(rule: "-", separator: " | ", breadcrumb: " > ", ellipsis: "...", times: "x")

  @MainActor
  static func `for`(_ canvas: any Canvas) -> Theme {
    canvas.isUnicode ? .unicode : .ascii
  }

  static let header = Style(foreground: .cyan, bold: true)
  static let selection = Style(reverse: true)
  static let bracket = Style(foreground: .yellow, bold: true)
  static let marker = Style(foreground: .magenta, dim: true)
  static let keycap = Style(reverse: true)
  static let status = Style(bold: true)
  static let statusDetail = Style(dim: true)
  static let hint = Style(dim: true)
  static let notice = Style(foreground: .yellow, bold: true)
  static let failed = Style(foreground: .red, bold: true)
  static let spinner = Style(foreground: .blue)
  static let mode = Style(foreground: .green, bold: true)
  static let good = Style(foreground: .green)
  static let warning = Style(foreground: .yellow, bold: true)
  static let critical = Style(foreground: .red, bold: true)
  static let overlayBorder = Style(foreground: .cyan)
  static let overlayKey = Style(bold: true)
  static let voteUp = Style(foreground: .green, bold: true)
  static let voteDown = Style(foreground: .red, bold: true)
  static let overlayChoice = Style(reverse: true)
  /// A pick's marked cells: cyan, which no vote or tally uses.
  static let mark = Style(foreground: .cyan, bold: true)

  static func vote(_ vote: Vote) -> Style {
    vote == .up ? voteUp : voteDown
  }

  /// The community's votes: green where most are up, red where most are
  /// down; not bold, so a person's own vote stands out beside them.
  static func community(_ tally: CommunityTally) -> Style {
    guard let share = tally.upShare else { return statusDetail }
    return share >= 0.5 ? Style(foreground: .green) : Style(foreground: .red)
  }
}

extension Canvas {
  /// Draws text cut to `width` columns, ending in an ellipsis when cut.
  @discardableResult
  func truncatedText(_ string: String, row: Int, column: Int, width: Int, style: Style) -> Int {
    guard width > 0 else { return 0 }
    let theme = Theme.for(self)
    if TextWidth.columns(of: string) <= width {
      return text(string, row: row, column: column, maxWidth: width, style: style)
    }
    let ellipsisWidth = TextWidth.columns(of: theme.ellipsis)
    let used = text(string, row: row, column: column, maxWidth: width - ellipsisWidth, style: style)
    return used + text(theme.ellipsis, row: row, column: column + used, maxWidth: width - used, style: style)
  }
}
