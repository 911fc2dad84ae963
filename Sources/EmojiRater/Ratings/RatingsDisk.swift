import Foundation

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

  /// The file's bytes, or nil if there is no file.
  static func readIfPresent(_ path: String) throws(RatingsStoreError) -> Data? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw .cannotRead(path: path, reason: describe(errno))
    }
    defer { close(descriptor) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .cannotRead(path: path, reason: describe(errno))
      }
      if count == 0 { return data }
      data.append(contentsOf: chunk[..<count])
    }
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
  /// save here" that also holds for root, ACLs and read-only mounts.
  static func requireWritable(_ directory: String, probe: String) throws(RatingsStoreError) {
    let descriptor = open(probe, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .directoryNotWritable(directory: directory, reason: describe(errno))
    }
    close(descriptor)
    unlink(probe)
  }

  /// The path a symbolic link points to, so that saving replaces the
  /// person's real file instead of their link (dotfile managers use them).
  static func resolvingSymbolicLink(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
      let resolved = realpath(path, nil)
    else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
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
