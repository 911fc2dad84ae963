import Support

/// Something the person should know about their ratings, for the status line.
public enum RatingsNotice: Equatable, Sendable, CustomStringConvertible {
  /// The file could not be parsed: it was renamed to `keptAs` (a name in
  /// the same directory) and the store started empty.
  case keptUnreadableFile(file: String, keptAs: String, problem: RatingsFileError)
  /// Another copy of the app holds the lock: votes are shown but not changed.
  case readOnly(file: String)
  /// In a read-only store the file belongs to the other copy, so an
  /// unparsable one is left where it is.
  case unreadableFileLeftAlone(file: String, problem: RatingsFileError)
  /// Votes live in memory only (synthetic catalogs).
  case notSaved(reason: String)

  public var description: String {
    switch self {
    case .keptUnreadableFile(let file, let keptAs, let problem):
      return
        "\(SafeText.escaped(file)) could not be read; kept it as \(SafeText.escaped(keptAs)) and started afresh (\(problem))"
    case .readOnly(let file):
      return "another emoji-rater is using \(SafeText.escaped(file)): ratings are read-only here"
    case .unreadableFileLeftAlone(let file, let problem):
      return "\(SafeText.escaped(file)) could not be read (\(problem)); ratings are empty here"
    case .notSaved(let reason):
      return "votes are not saved (\(reason))"
    }
  }
}
