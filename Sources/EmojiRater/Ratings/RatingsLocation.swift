import Foundation
import Support

/// Where the ratings file lives.
public enum RatingsLocation: Equatable, Sendable {
  /// `$XDG_DATA_HOME/emoji-rater/ratings.json`, or
  /// `$HOME/.local/share/emoji-rater/ratings.json` when XDG_DATA_HOME is
  /// unset, empty or relative (the XDG spec says to ignore a relative one).
  case standard
  /// A file the person named (`--ratings PATH`). Its directory must exist:
  /// a typo should be an error now, not votes kept somewhere unexpected.
  case explicit(String)

  static let directoryName = "emoji-rater"
  static let fileName = "ratings.json"

  /// The file's absolute path. `environment` is a parameter so tests never
  /// look at the real home directory.
  public func path(
    environment: [String: String],
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws(RatingsStoreError) -> String {
    switch self {
    case .standard:
      guard
        let dataHome = XDGDirectory.base("XDG_DATA_HOME", fallback: ".local/share", environment: environment)
      else { throw .noDataDirectory }
      return XDGDirectory.join(XDGDirectory.join(dataHome, Self.directoryName), Self.fileName)
    case .explicit(let given):
      var path = given
      // The shell leaves `--ratings=~/x` alone: expand it as a person expects.
      if path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty {
        path = XDGDirectory.join(home, String(path.dropFirst(2)))
      }
      let base = URL(fileURLWithPath: currentDirectory, isDirectory: true)
      return URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL.path
    }
  }
}
