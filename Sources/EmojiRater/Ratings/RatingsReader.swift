import Foundation
import Support

/// Reads the ratings file for commands that only look at votes (`export`,
/// `stats`), with no side effects at all.
///
/// `RatingsStore.open` is for the app: it creates the standard directory and
/// a lock file, and moves an unparsable file aside so voting can go on. A
/// command that only reads must do none of that: a person who runs `export`
/// on a damaged file should find it exactly as it was, and be told why.
public enum RatingsReader {
  /// The votes at `location`.
  ///
  /// No file yet means no votes yet, and so does no directory at the
  /// standard location (nothing was ever saved); but an explicit path's
  /// directory must exist, as the app requires, so that a typo in
  /// `--ratings` is reported rather than read as "no votes".
  public static func read(
    _ location: RatingsLocation,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(RatingsReadError) -> Ratings {
    let path: String
    do {
      path = try location.path(environment: environment)
      if case .explicit = location { try RatingsDisk.requireDirectory(RatingsDisk.directory(of: path)) }
    } catch {
      throw .location(error)
    }
    let data: Data?
    do {
      data = try RatingsDisk.readIfPresent(path)
    } catch {
      throw .location(error)
    }
    guard let data else { return Ratings() }
    do {
      return try RatingsFile.decode(data)
    } catch {
      throw .unreadableFile(path: path, problem: error)
    }
  }
}

/// Why `RatingsReader` could not read votes; each says what to do, ready to print.
public enum RatingsReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file's place is unknown, an explicit path's directory is missing, or the
  /// file cannot be read (permissions, a directory, …).
  case location(RatingsStoreError)
  /// The file is there but is not a ratings file this build reads; it was left untouched.
  case unreadableFile(path: String, problem: RatingsFileError)

  public var description: String {
    switch self {
    case .location(.directoryMissing(let directory, let reason)):
      // The store's wording is about keeping votes there; this is only about reading.
      return
        "cannot read ratings from \(directory): \(reason); pass a --ratings PATH in an existing directory"
    case .location(let error):
      return error.description
    case .unreadableFile(let path, let problem) where problem.isNewerVersion:
      return
        "cannot read ratings from \(SafeText.escaped(path)): \(problem); left it untouched. Update emoji-rater, "
        + "or pass another --ratings PATH"
    case .unreadableFile(let path, let problem):
      return
        "cannot read ratings from \(SafeText.escaped(path)): \(problem); left it untouched. Fix it by hand, "
        + "or pass another --ratings PATH"
    }
  }
}
