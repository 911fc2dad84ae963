/// A rectangle of character cells that views draw into.
///
/// Rendering is a function of state: a view is handed a canvas and draws the
/// whole of its area every frame. The ncurses screen is one canvas (ncurses
/// diffs the frame against the last one and writes only what changed); the
/// in-memory `TextCanvas` is the other, so every screen can be tested as text.
///
/// Drawing never wraps and never scrolls by itself (only `scroll` moves what is
/// drawn): whatever falls outside the canvas is clipped. Every call names an absolute row and column, so a glyph whose width
/// a terminal disagrees with can never push the cells after it out of line.
@MainActor
public protocol Canvas: AnyObject {
  var size: Size { get }

  /// Whether the canvas can show characters beyond ASCII (a UTF-8 locale).
  var isUnicode: Bool { get }

  /// Blanks the whole canvas.
  func clear()

  /// Paints `width` blank columns in `style`, starting at `column`.
  func fill(row: Int, column: Int, width: Int, style: Style)

  /// Draws single-line text starting at `column`, stopping before `maxWidth`
  /// columns (or the canvas edge). Returns the number of columns drawn.
  @discardableResult
  func text(_ string: String, row: Int, column: Int, maxWidth: Int, style: Style) -> Int

  /// Whether `glyph` can be drawn in at most `width` columns here: the
  /// locale knows it (an emoji newer than the C library does not), and it is
  /// no wider than its slot. Callers fall back to ASCII otherwise.
  func canDraw(_ glyph: Unicode.Scalar, width: Int) -> Bool

  /// Draws one glyph in exactly `width` columns: the glyph at `column`, then
  /// blanks up to `width` if the glyph turned out narrower.
  func glyph(_ glyph: Unicode.Scalar, row: Int, column: Int, width: Int, style: Style)

  /// Whether `sequence` (an emoji of several code points) can be drawn
  /// whole in exactly `width` columns here: the screen has room for its
  /// code points in one cell and counts it `width` columns, as the terminal
  /// was found to draw it. Callers draw a stand-in otherwise.
  func canDraw(sequence: [Unicode.Scalar], width: Int) -> Bool

  /// Draws an emoji sequence whole in one cell of `width` columns at `column`.
  /// The caller has checked `canDraw(sequence:width:)`; anything else is
  /// drawn as a `?` marker, padded, so the row stays straight.
  func sequence(_ sequence: [Unicode.Scalar], row: Int, column: Int, width: Int, style: Style)

  /// Moves what `rows` show up by `offset` rows (down when negative),
  /// blanking the rows that come free, as a terminal's scroll region does.
  /// A scrolled view then paints only the rows that came into view.
  func scroll(rows: Range<Int>, by offset: Int)
}

extension Canvas {
  /// Draws text up to the right edge of the canvas.
  @discardableResult
  public func text(_ string: String, row: Int, column: Int, style: Style = .plain) -> Int {
    text(string, row: row, column: column, maxWidth: size.columns - column, style: style)
  }
}

/// A size in character cells.
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var rows: Int
  public var columns: Int

  public init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
  }

  /// `80×24`: columns first, as terminals are usually described.
  public var description: String { "\(columns)×\(rows)" }
}

/// The eight ANSI colours, which every colour terminal has.
public enum Color: Int16, Sendable, CaseIterable {
  case black = 0
  case red, green, yellow, blue, magenta, cyan, white
}

/// How a run of cells is drawn. Colours are dropped where the terminal has none
/// or the user asked for none (`NO_COLOR`); the other attributes always show.
public struct Style: Equatable, Hashable, Sendable {
  public var foreground: Color?
  public var background: Color?
  public var bold = false
  public var dim = false
  public var reverse = false
  public var underline = false

  public init(
    foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
    reverse: Bool = false, underline: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.underline = underline
  }

  public static let plain = Style()
}
