import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a path names, checked before the app reads a file there or
/// replaces one: only a regular file, or nothing yet, is fair game.
///
/// The app replaces its files by writing a temporary file and renaming it
/// over the old one, and a rename replaces whatever the name held: a device
/// (`/dev/null` would become a JSON file), a FIFO, another person's file
/// behind a symbolic link. And a FIFO opened for reading waits forever for
/// a writer. So every path is looked at first (`lstat`), and every file is
/// opened without blocking and checked again on its descriptor (`fstat`):
/// what was looked at may have been swapped in between.
public enum FileTarget {
  /// The path a save to `path` replaces: `path` itself when nothing is
  /// there yet or a regular file is; the file a symbolic link leads to, if
  /// that is a regular file of this user's (or nothing yet, in a folder
  /// that exists), so a dotfile manager's link keeps working. Anything else
  /// is refused, with the reason in words.
  public static func replaceable(_ path: String) -> Result<String, Refusal> {
    var info = stat()
    // Nothing there, or no way to look: the steps that create the file say
    // what is wrong more precisely (a folder missing, no permission).
    guard lstat(path, &info) == 0 else { return .success(path) }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      return .success(path)
    case S_IFLNK:
      guard let resolved = realpath(path, nil) else {
        // A link to nothing yet: refused, as its target's folder and owner are unknown.
        return .failure(Refusal(path: path, reason: "it is a symbolic link to a file that does not exist"))
      }
      defer { free(resolved) }
      let target = String(cString: resolved)
      guard stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        return .failure(Refusal(path: path, reason: "it is a symbolic link to \(kind(of: info.st_mode))"))
      }
      guard info.st_uid == geteuid() else {
        return .failure(
          Refusal(path: path, reason: "it is a symbolic link to \(target), a file of another user's"))
      }
      return .success(target)
    default:
      return .failure(Refusal(path: path, reason: "it is \(kind(of: info.st_mode)), not a file"))
    }
  }

  /// Reads a regular file whole; nil when there is none. Refuses anything
  /// else (a FIFO is opened without waiting and refused) and any file over
  /// `limit` bytes, before reading it.
  public static func read(_ path: String, limit: Int) -> Result<Data?, Refusal> {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else {
      return errno == ENOENT ? .success(nil) : .failure(Refusal(path: path, reason: describe(errno)))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(Refusal(path: path, reason: describe(errno))) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      return .failure(Refusal(path: path, reason: "it is \(kind(of: info.st_mode)), not a file"))
    }
    guard info.st_size <= limit else {
      return .failure(
        Refusal(path: path, reason: "it is \(info.st_size) bytes, more than the \(limit) such a file can be"))
    }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while data.count <= limit {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return .failure(Refusal(path: path, reason: describe(errno)))
      }
      if count == 0 { return .success(data) }
      data.append(contentsOf: chunk[..<count])
    }
    return .failure(Refusal(path: path, reason: "it grew past \(limit) bytes while being read"))
  }

  /// Creates `path` afresh for writing, never through a link someone
  /// planted there: whatever has the name is removed first (a link is
  /// removed, not what it leads to), and the file is created only if the
  /// name is still free (`O_EXCL | O_NOFOLLOW`). Returns the descriptor, or
  /// -1 with `errno` set.
  public static func createExclusively(_ path: String, mode: mode_t) -> Int32 {
    unlink(path)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
    // The umask may have taken bits away: the mode asked for is the mode meant.
    if descriptor >= 0 { fchmod(descriptor, mode) }
    return descriptor
  }

  /// The permission bits of the file at `path`, if there is one.
  public static func mode(of path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
  }

  /// What a file mode names, in words.
  public static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a folder"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
  }

  public static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// Why a path was refused.
  public struct Refusal: Error, Equatable, Sendable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }
  }
}
