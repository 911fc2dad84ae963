/// How the screen is set up: what the command line and the environment ask for.
public struct ScreenOptions: Sendable {
  /// Report wheel and click events (off with `--no-mouse`, so the terminal's
  /// own selection and copy keep working).
  public var mouse: Bool
  /// Use colours when the terminal has them (off when `NO_COLOR` is set).
  public var colors: Bool

  /// Draw in ASCII whatever the locale (`--glyphs ascii`).
  public var asciiOnly: Bool
  /// Bytes the person typed before the screen started (during the width
  /// probe): they are read first, in order.
  public var typedAhead: [UInt8]
  /// Answers to the start-up probe's requests that may still arrive: they
  /// are kept out of the input (`LateReportFilter`).
  public var lateCursorReports: Int
  /// Wrap each frame in synchronized output (mode 2026), which the terminal
  /// said it has: it then never shows a frame half-drawn.
  public var synchronizedOutput: Bool

  public init(
    mouse: Bool = true, colors: Bool = true, asciiOnly: Bool = false, typedAhead: [UInt8] = [],
    lateCursorReports: Int = 0, synchronizedOutput: Bool = false
  ) {
    self.mouse = mouse
    self.colors = colors
    self.asciiOnly = asciiOnly
    self.typedAhead = typedAhead
    self.lateCursorReports = lateCursorReports
    self.synchronizedOutput = synchronizedOutput
  }

  /// Honours https://no-color.org: any non-empty `NO_COLOR` turns colour off.
  public static func colorsAllowed(environment: [String: String]) -> Bool {
    (environment["NO_COLOR"] ?? "").isEmpty
  }
}
