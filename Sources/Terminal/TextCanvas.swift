/// An in-memory canvas: the screen as text, for snapshot tests and for
/// anything that wants to know what a person would see without a terminal.
///
/// A wide glyph occupies its first column; the columns it covers are marked
/// as continuations so that `lines` prints the glyph once, as a terminal shows
/// it. Drawing over half of a wide glyph blanks the other half, as terminals do.
@MainActor
public final class TextCanvas: Canvas {
  public let size: Size
  public let isUnicode: Bool
  private var cells: [[Cell]]

  private enum Cell: Equatable {
    case character(Unicode.Scalar, Style)
    /// An emoji sequence drawn whole in one cell.
    case sequence([Unicode.Scalar], Style)
    case continuation(Style)

    var style: Style {
      switch self {
      case .character(_, let style), .sequence(_, let style), .continuation(let style): style
      }
    }
  }

  /// Code points this canvas pretends its locale does not know, to test the
  /// fallbacks that a real terminal with an older C library needs.
  public var unknownGlyphs: Set<Unicode.Scalar> = []

  public init(size: Size, isUnicode: Bool = true) {
    self.size = size
    self.isUnicode = isUnicode
    cells = Array(
      repeating: Array(repeating: .character(" ", .plain), count: max(0, size.columns)),
      count: max(0, size.rows))
  }

  public func clear() {
    for row in cells.indices {
      for column in cells[row].indices { cells[row][column] = .character(" ", .plain) }
    }
  }

  public func fill(row: Int, column: Int, width: Int, style: Style) {
    for offset in 0..<max(0, width) { put(" ", width: 1, row: row, column: column + offset, style: style) }
  }

  @discardableResult
  public func text(_ string: String, row: Int, column: Int, maxWidth: Int, style: Style) -> Int {
    let limit = min(maxWidth, size.columns - column)
    var used = 0
    for scalar in string.unicodeScalars {
      let shown = isUnicode || scalar.isASCII ? scalar : "?"
      let width = TextWidth.columns(of: shown)
      if width == 0 { continue }
      if used + width > limit { break }
      put(shown, width: width, row: row, column: column + used, style: style)
      used += width
    }
    return used
  }

  public func canDraw(_ glyph: Unicode.Scalar, width: Int) -> Bool {
    guard isUnicode || glyph.isASCII, !unknownGlyphs.contains(glyph) else { return false }
    return (1...max(1, width)).contains(TextWidth.columns(of: glyph))
  }

  public func glyph(_ glyph: Unicode.Scalar, row: Int, column: Int, width: Int, style: Style) {
    guard width > 0, column + width <= size.columns else { return }
    var shown = isUnicode || glyph.isASCII ? glyph : "?"
    var drawnWidth = TextWidth.columns(of: shown)
    if drawnWidth < 1 || drawnWidth > width {
      // As NcursesCanvas: unprintable, or wider than its slot, shows a marker.
      shown = "?"
      drawnWidth = 1
    }
    put(shown, width: drawnWidth, row: row, column: column, style: style)
    fill(row: row, column: column + drawnWidth, width: width - drawnWidth, style: style)
  }

  /// As a terminal cell in ncurses: up to five code points, and a first
  /// one this canvas's locale knows.
  public func canDraw(sequence: [Unicode.Scalar], width: Int) -> Bool {
    guard isUnicode, let first = sequence.first, sequence.count <= Self.sequenceCapacity else { return false }
    return !unknownGlyphs.contains(first) && width >= 1
  }

  /// Code points one cell holds, as in ncurses (`CCHARW_MAX`).
  public static let sequenceCapacity = 5

  public func sequence(_ sequence: [Unicode.Scalar], row: Int, column: Int, width: Int, style: Style) {
    guard width > 0, column + width <= size.columns else { return }
    guard canDraw(sequence: sequence, width: width) else {
      glyph("?", row: row, column: column, width: width, style: style)
      return
    }
    put(sequence[0], width: width, row: row, column: column, style: style)
    if (0..<size.rows).contains(row), column >= 0 { cells[row][column] = .sequence(sequence, style) }
  }

  public func scroll(rows: Range<Int>, by offset: Int) {
    let rows = rows.clamped(to: 0..<size.rows)
    guard !rows.isEmpty, offset != 0 else { return }
    let blank = Array(repeating: Cell.character(" ", .plain), count: size.columns)
    let moved = rows.map { row in rows.contains(row + offset) ? cells[row + offset] : blank }
    cells.replaceSubrange(rows, with: moved)
  }

  // MARK: Reading the result

  /// Each row as text, trailing blanks removed.
  public var lines: [String] {
    cells.map { row in
      var line = ""
      for cell in row {
        switch cell {
        case .character(let scalar, _): line.unicodeScalars.append(scalar)
        case .sequence(let scalars, _): line.unicodeScalars.append(contentsOf: scalars)
        case .continuation: break
        }
      }
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// The whole canvas as one string, rows joined by newlines.
  public var text: String { lines.joined(separator: "\n") }

  /// The style of one cell, for tests that check highlighting.
  public func style(row: Int, column: Int) -> Style {
    cells[row][column].style
  }

  // MARK: Writing cells

  private func put(_ scalar: Unicode.Scalar, width: Int, row: Int, column: Int, style: Style) {
    guard (0..<size.rows).contains(row), column >= 0, column + width <= size.columns else { return }
    breakWideGlyph(row: row, column: column)
    breakWideGlyph(row: row, column: column + width - 1)
    cells[row][column] = .character(scalar, style)
    for offset in 1..<max(1, width) { cells[row][column + offset] = .continuation(style) }
  }

  /// Blanks whatever wide glyph covers `column`, as a terminal does when half
  /// of one is overwritten.
  private func breakWideGlyph(row: Int, column: Int) {
    var head = column
    while head > 0, isContinuation(row: row, column: head) { head -= 1 }
    var end = head + 1
    while end < size.columns, isContinuation(row: row, column: end) { end += 1 }
    guard end - head > 1 else { return }
    for index in head..<end { cells[row][index] = .character(" ", cells[row][index].style) }
  }

  private func isContinuation(row: Int, column: Int) -> Bool {
    if case .continuation = cells[row][column] { return true }
    return false
  }
}
