import BuildInfo
import EmojiModel

/// What the command line asked the interactive app for.
public struct AppOptions: Sendable {
  public var includeSkinTones = false
  /// Repeat the catalog to this many items (`--items`), for content many screens long.
  public var items: Int?
  /// Another copy of emoji-test.txt instead of the built-in one.
  public var emojiDataPath: String?
  public var mouse = true
  /// Count the emoji copied, picked and voted on, and show the most used
  /// first ("Frequently used"); `--no-history` reads and keeps none.
  public var history = true
  public var framesPerSecond = 60
  /// Where to write the session's statistics as JSON on exit.
  public var statsJSONPath: String?
  /// How to load, except the mode: that is `mode`, or the last run's, or prefetch.
  public var loading = LoadingOptions()
  /// `--mode`, when given (it wins over the mode the last run left).
  public var mode: LoadingMode?
  /// `--order`: the grid in the catalog's order, or the community's.
  public var order = CommunityOrder.catalog
  /// Where votes are kept (`--ratings`).
  public var ratings = RatingsLocation.standard
  /// How far the grid trusts the terminal with emoji sequences, and the
  /// person's per-kind corrections (`--glyphs`; those saved by `doctor
  /// --check` are read at start, and these win over them).
  public var glyphs = GlyphSettings()
  /// The language names show and search in, beside English (`--lang`, `LANG`).
  public var language = UserLanguage.english
  /// `--skin-tone`: every emoji with tones in one (`.some(nil)`: in their
  /// own colours); nil keeps the last run's.
  public var skinTone: SkinTone??
  /// `emoji-rater pick`: draw on the terminal, print the choice (nil: browse).
  public var pick: PickOptions?

  public init() {}
}

/// The app's version, shown by `--version`: the release and the commit the
/// binary was built from, `0.1.0 (commit 73bce94)`.
public enum AppVersion {
  /// The release: `make deb` names the package's version after it.
  public static let number = "0.1.0"
  /// As `make` gave it to the build (`-dirty` after it when the checkout had
  /// changes); "unknown" from a plain `swift build`.
  public static let commit = String(cString: emoji_rater_build_commit())
  public static let current = "\(number) (commit \(commit))"
}
