import Foundation
import Support

/// A file the app writes once, whole or not at all, at a path the person
/// gave (`--stats-json`, `bench --plot`): checked before the work starts,
/// so a bad path is an error then and not a lost report at the end.
public enum ReportFile {
  /// Why `path` cannot take a report: its folder must exist and take new
  /// files, and the path must name a regular file or nothing yet (never a
  /// device, a FIFO, a folder or a link to another user's file, which the
  /// report's rename would replace). Returns the path to write (a link's
  /// own file).
  public static func target(_ path: String) -> Result<String, Refusal> {
    let target: String
    switch FileTarget.replaceable(path) {
    case .success(let found): target = found
    case .failure(let refusal): return .failure(Refusal(reason: refusal.reason))
    }
    let directory = RatingsDisk.directory(of: target)
    do {
      try RatingsDisk.requireDirectory(directory)
    } catch {
      return .failure(Refusal(reason: "its folder \(directory) does not exist"))
    }
    guard access(directory, W_OK) == 0 else {
      return .failure(Refusal(reason: "its folder \(directory) is not writable"))
    }
    if access(target, F_OK) == 0, access(target, W_OK) != 0 {
      return .failure(Refusal(reason: "the file is not writable"))
    }
    return .success(target)
  }

  /// Writes `data` to `path` whole or not at all: a temporary file beside
  /// the target, renamed over it, after the same checks as at start (the
  /// path may have changed since).
  public static func write(_ data: Data, to path: String) -> Result<Void, Refusal> {
    let target: String
    switch Self.target(path) {
    case .success(let found): target = found
    case .failure(let refusal): return .failure(refusal)
    }
    do {
      try AtomicFileWriter().write(data, to: target)
      return .success(())
    } catch {
      guard case .writeFailed(_, let reason) = error else { return .failure(Refusal(reason: "\(error)")) }
      return .failure(Refusal(reason: reason))
    }
  }

  public struct Refusal: Error, Equatable {
    public var reason: String
  }
}
