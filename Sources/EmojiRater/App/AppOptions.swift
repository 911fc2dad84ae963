/// What the command line asked the interactive app for.
public struct AppOptions: Sendable {
  public var includeSkinTones = false
  /// Repeat the catalog to this many items (`--items`), for content many screens long.
  public var items: Int?
  /// Another copy of emoji-test.txt instead of the built-in one.
  public var emojiDataPath: String?
  public var mouse = true
  public var framesPerSecond = 60
  /// Where to write the session's statistics as JSON on exit.
  public var statsJSONPath: String?
  public var loading = LoadingOptions()
  /// Whether `--mode` was given (else the last run's mode is taken up again).
  public var modeIsExplicit = false
  /// The ratings file (`--ratings`); nil: the standard place.
  public var ratingsPath: String?

  public init() {}
}

/// The app's version, shown by `--version`.
public enum AppVersion {
  public static let current = "0.1.0"
}
