import Foundation
import Support

#if canImport(Glibc)
  import Glibc
#endif

/// The file-system steps of opening a ratings store, in libc terms: errno
/// says precisely what went wrong, where Foundation's errors often do not.
enum RatingsDisk {
  static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// The directory part of a path ("/" for a file at the root).
  static func directory(of path: String) -> String {
    let directory = (path as NSString).deletingLastPathComponent
    return directory.isEmpty ? "/" : directory
  }

  /// A file kept beside the ratings file, named after it:
  /// `ratings.json` → `ratings.KIND.json`, `votes` → `votes.KIND.json`.
  static func path(besideRatings ratingsPath: String, kind: String) -> String {
    let base = ratingsPath.hasSuffix(".json") ? String(ratingsPath.dropLast(5)) : ratingsPath
    return base + "." + kind + ".json"
  }

  /// The most a ratings file can be: ten times a vote for every emoji there is.
  static let maximumFileSize = 64 * 1024 * 1024

  /// The file's bytes, or nil if there is no file. Only a regular file is
  /// read (a FIFO is refused, not waited on), and none over `limit`.
  static func readIfPresent(_ path: String, limit: Int = maximumFileSize) throws(RatingsStoreError) -> Data? {
    try FileTarget.read(path, limit: limit)
      .mapError { RatingsStoreError.cannotRead(path: $0.path, reason: $0.reason) }.get()
  }

  /// `mkdir -p`, for the standard location: a fresh account may have no
  /// ~/.local/share yet.
  static func createDirectories(_ directory: String) throws(RatingsStoreError) {
    var path = ""
    for component in directory.split(separator: "/") {
      path += "/" + component
      if mkdir(path, 0o755) != 0 && errno != EEXIST {
        throw .cannotCreateDirectory(directory: path, reason: describe(errno))
      }
    }
  }

  /// Checks that `directory` exists and is a directory.
  static func requireDirectory(_ directory: String) throws(RatingsStoreError) {
    var info = stat()
    guard stat(directory, &info) == 0 else {
      let reason = errno == ENOENT ? "the directory does not exist" : describe(errno)
      throw .directoryMissing(directory: directory, reason: reason)
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw .directoryMissing(directory: directory, reason: "it is not a directory")
    }
  }

  /// Creates a file in `directory` and removes it: the one test of "can we
  /// save here" that also holds for root, ACLs and read-only mounts. The
  /// probe is created afresh, never through a link planted in its place.
  static func requireWritable(_ directory: String, probe: String) throws(RatingsStoreError) {
    let descriptor = FileTarget.createExclusively(probe, mode: 0o600)
    guard descriptor >= 0 else {
      throw .directoryNotWritable(directory: directory, reason: describe(errno))
    }
    close(descriptor)
    unlink(probe)
  }

  /// Renames an unparsable file to `<name>.corrupt-<UTC time>` (with `-2`,
  /// `-3`, … when that name is taken) and returns the new name. Never
  /// replaces an existing file: `link` fails rather than overwrite.
  static func moveAside(_ path: String, at time: Date) throws(RatingsStoreError) -> String {
    let stamp =
      time.formatted(
        Date.ISO8601FormatStyle().year().month().day().dateSeparator(.omitted)
          .time(includingFractionalSeconds: false).timeSeparator(.omitted)) + "Z"
    for attempt in 1...1000 {
      let candidate = path + ".corrupt-" + stamp + (attempt == 1 ? "" : "-\(attempt)")
      if link(path, candidate) == 0 {
        unlink(path)
        _ = syncDirectory(of: path)
        return candidate
      }
      switch errno {
      case EEXIST:
        continue
      case EPERM, ENOTSUP, EOPNOTSUPP, EXDEV:
        // A file system without hard links: check, then rename. We hold the
        // lock, so no other copy of the app can take the name in between.
        if access(candidate, F_OK) == 0 { continue }
        guard rename(path, candidate) == 0 else {
          throw .cannotMoveAside(path: path, reason: describe(errno))
        }
        _ = syncDirectory(of: path)
        return candidate
      default:
        throw .cannotMoveAside(path: path, reason: describe(errno))
      }
    }
    throw .cannotMoveAside(path: path, reason: "a thousand earlier copies are in the way")
  }

  /// Makes renames in the file's directory durable; returns why not.
  static func syncDirectory(of path: String) -> String? {
    let descriptor = open(directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return describe(errno) }
    defer { close(descriptor) }
    // Some file systems cannot sync a directory (EINVAL); they order renames anyway.
    guard fsync(descriptor) == 0 || errno == EINVAL else { return describe(errno) }
    return nil
  }
}
