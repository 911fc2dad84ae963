/// How the screen is set up: what the command line and the environment ask for.
public struct ScreenOptions: Sendable {
  /// Report wheel and click events (off with `--no-mouse`, so the terminal's
  /// own selection and copy keep working).
  public var mouse: Bool
  /// Use colours when the terminal has them (off when `NO_COLOR` is set).
  public var colors: Bool

  public init(mouse: Bool = true, colors: Bool = true) {
    self.mouse = mouse
    self.colors = colors
  }

  /// Honours https://no-color.org: any non-empty `NO_COLOR` turns colour off.
  public static func colorsAllowed(environment: [String: String]) -> Bool {
    (environment["NO_COLOR"] ?? "").isEmpty
  }
}
