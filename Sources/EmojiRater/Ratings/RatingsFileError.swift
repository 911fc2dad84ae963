import Support

/// Why a ratings file could not be read, precisely enough for a person to
/// fix it by hand: which entry, which field, what was found.
public enum RatingsFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Not JSON at all (the parser's explanation).
  case notJSON(String)
  /// JSON, but not shaped like a ratings file (e.g. no "version").
  case badDocument(String)
  /// A format version this build does not read.
  case unsupportedVersion(Int)
  /// One entry of "ratings" is wrong; `index` counts from 0, `emoji` is its key when it has one.
  case badEntry(index: Int, emoji: String?, problem: String)

  public var description: String {
    switch self {
    case .notJSON(let detail):
      return "not valid JSON (\(detail))"
    case .badDocument(let detail):
      return detail
    case .unsupportedVersion(let version) where version > RatingsFile.version:
      return "format version \(version) is newer than this emoji-rater reads (\(RatingsFile.version))"
    case .unsupportedVersion(let version):
      return "format version \(version) is unknown (this emoji-rater reads \(RatingsFile.version))"
    case .badEntry(let index, let emoji, let problem):
      let key = emoji.map { " (\"\(SafeText.escaped($0))\")" } ?? ""
      return "ratings entry \(index + 1)\(key): \(problem)"
    }
  }

  /// Whether the file comes from a newer emoji-rater: such a file is left
  /// untouched and refused, rather than set aside as corrupt.
  public var isNewerVersion: Bool {
    if case .unsupportedVersion(let version) = self { return version > RatingsFile.version }
    return false
  }
}
