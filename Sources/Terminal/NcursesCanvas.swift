import CNcurses
import Support

/// The canvas that draws onto ncurses' standard screen.
///
/// Text goes out as wide-character strings whose width ncurses measures with
/// `wcwidth` (the app's `ColumnTable`); glyphs are placed one at a time at an
/// absolute column and padded to their declared width, so a terminal that
/// measures a glyph differently can never shift the cells after it. An emoji
/// sequence goes out whole in one ncurses cell, and only where ncurses
/// counts the columns the terminal was found to give it.
@MainActor
final class NcursesCanvas: Canvas {
  var size: Size
  let isUnicode: Bool
  private let hasColors: Bool
  /// Colour pairs are allocated on first use, at `slot` of (foreground,
  /// background) (0 until then). An array, not a dictionary: every cell drawn
  /// asks, and hashing a key each time was a tenth of drawing a slide frame.
  private var colorPairs = [Int16](repeating: 0, count: NcursesCanvas.pairSlots)
  private var allocatedPairs: Int16 = 0
  /// The style ncurses' window has now, so a run of cells in one style sets it once.
  private var appliedStyle: Style?
  private var buffer: [wchar_t] = []
  /// Blanks, and a terminating 0, for `fill`.
  private var blanks: [wchar_t] = [0]

  /// No colour (the terminal's default) or one of the eight, for each of
  /// the two. Constants: `allCases` makes a new array each time it is asked.
  private static let colorSlots = Color.allCases.count + 1
  private static let pairSlots = colorSlots * colorSlots

  init(size: Size, isUnicode: Bool, hasColors: Bool) {
    self.size = size
    self.isUnicode = isUnicode
    self.hasColors = hasColors
  }

  func clear() {
    werase(er_stdscr())
  }

  func fill(row: Int, column: Int, width: Int, style: Style) {
    let width = min(width, size.columns - column)
    guard width > 0, (0..<size.rows).contains(row), column >= 0 else { return }
    apply(style)
    // The first `width` of a line of blanks made once: erasing a cell before
    // it is drawn again is the most common call of all.
    if blanks.count <= width { blanks = Array(repeating: wchar_t(32), count: width) + [0] }
    _ = mvwaddnwstr(er_stdscr(), Int32(row), Int32(column), blanks, Int32(width))
  }

  @discardableResult
  func text(_ string: String, row: Int, column: Int, maxWidth: Int, style: Style) -> Int {
    let limit = min(maxWidth, size.columns - column)
    guard limit > 0, (0..<size.rows).contains(row), column >= 0 else { return 0 }
    buffer.removeAll(keepingCapacity: true)
    var used = 0
    // Controls and direction overrides never reach the terminal, whatever
    // a data file named an emoji.
    for scalar in string.unicodeScalars where !SafeText.isUnsafe(scalar) {
      let shown = isUnicode || scalar.isASCII ? scalar : "?"
      let width = Int(er_wcwidth(wchar_t(shown.value)))
      if width < 0 { continue }
      if used + width > limit { break }
      buffer.append(wchar_t(shown.value))
      used += width
    }
    guard !buffer.isEmpty else { return 0 }
    let count = Int32(buffer.count)
    buffer.append(0)
    apply(style)
    _ = mvwaddnwstr(er_stdscr(), Int32(row), Int32(column), buffer, count)
    return used
  }

  func canDraw(_ glyph: Unicode.Scalar, width: Int) -> Bool {
    guard isUnicode || glyph.isASCII else { return false }
    return (1...max(1, width)).contains(Int(er_wcwidth(wchar_t(glyph.value))))
  }

  func glyph(_ glyph: Unicode.Scalar, row: Int, column: Int, width: Int, style: Style) {
    guard width > 0, column >= 0, column + width <= size.columns, (0..<size.rows).contains(row)
    else { return }
    var shown = isUnicode || glyph.isASCII ? glyph : "?"
    var drawnWidth = Int(er_wcwidth(wchar_t(shown.value)))
    if drawnWidth < 1 || drawnWidth > width {
      // Unprintable here, or wider than its slot: a marker keeps the row straight.
      shown = "?"
      drawnWidth = 1
    }
    apply(style)
    // The shared buffer, not an array per glyph: this runs for every cell
    // drawn. The glyph and its padding go in one call.
    buffer.removeAll(keepingCapacity: true)
    buffer.append(wchar_t(shown.value))
    for _ in drawnWidth..<width { buffer.append(32) }
    let count = Int32(buffer.count)
    buffer.append(0)
    _ = mvwaddnwstr(er_stdscr(), Int32(row), Int32(column), buffer, count)
  }

  func canDraw(sequence: [Unicode.Scalar], width: Int) -> Bool {
    guard isUnicode, let first = sequence.first, sequence.count <= Self.sequenceCapacity else { return false }
    return ColumnTable.columns(of: first) == width
  }

  func sequence(_ sequence: [Unicode.Scalar], row: Int, column: Int, width: Int, style: Style) {
    guard width > 0, column >= 0, column + width <= size.columns, (0..<size.rows).contains(row)
    else { return }
    guard canDraw(sequence: sequence, width: width) else {
      glyph("?", row: row, column: column, width: width, style: style)
      return
    }
    apply(style)
    buffer.removeAll(keepingCapacity: true)
    // A loop, not a closure: one written in main-actor code checks its actor per call.
    for scalar in sequence { buffer.append(wchar_t(scalar.value)) }
    _ = er_add_sequence(er_stdscr(), Int32(row), Int32(column), buffer, Int32(buffer.count))
  }

  /// Code points one ncurses cell holds (`CCHARW_MAX`, 5).
  private static let sequenceCapacity = Int(er_cchar_capacity())

  func scroll(rows: Range<Int>, by offset: Int) {
    let rows = rows.clamped(to: 0..<size.rows)
    guard !rows.isEmpty, offset != 0 else { return }
    // Scrolling is off the rest of the time, so that drawing the bottom-right
    // corner never scrolls the screen by accident.
    let window = er_stdscr()
    wsetscrreg(window, Int32(rows.lowerBound), Int32(rows.upperBound - 1))
    scrollok(window, true)
    wscrl(window, Int32(offset))
    scrollok(window, false)
    wsetscrreg(window, 0, Int32(size.rows - 1))
  }

  // MARK: Attributes

  private func apply(_ style: Style) {
    guard style != appliedStyle else { return }
    appliedStyle = style
    var attributes = er_a_normal()
    if style.bold { attributes |= er_a_bold() }
    if style.dim { attributes |= er_a_dim() }
    if style.reverse { attributes |= er_a_reverse() }
    if style.underline { attributes |= er_a_underline() }
    let pair = hasColors ? colorPair(style) : 0
    wattr_set(er_stdscr(), attributes, pair, nil)
  }

  private func colorPair(_ style: Style) -> Int16 {
    guard style.foreground != nil || style.background != nil else { return 0 }
    let slot = Self.slot(style.foreground) * Self.colorSlots + Self.slot(style.background)
    if colorPairs[slot] != 0 { return colorPairs[slot] }
    guard Int32(allocatedPairs) + 1 < er_color_pairs() else { return 0 }
    allocatedPairs += 1
    // -1 is the terminal's default colour (use_default_colors).
    init_pair(allocatedPairs, style.foreground?.rawValue ?? -1, style.background?.rawValue ?? -1)
    colorPairs[slot] = allocatedPairs
    return allocatedPairs
  }

  private static func slot(_ color: Color?) -> Int {
    color.map { Int($0.rawValue) + 1 } ?? 0
  }
}
