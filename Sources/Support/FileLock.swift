#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive advisory lock (`flock`) on a file, held for as long as its
/// descriptor stays open, so that two processes never both write the file
/// it guards (the app's ratings, a server's database). The kernel drops
/// it when the process dies, so a crash never leaves a stale lock behind.
public struct FileLock: Sendable {
  let descriptor: Int32

  /// Why a lock file could not be locked: its `errno`, when opening it or
  /// when locking it.
  public enum Failure: Error, Equatable {
    case cannotOpen(code: Int32)
    case cannotLock(code: Int32)

    /// What the system calls the error.
    public var reason: String {
      switch self {
      case .cannotOpen(let code), .cannotLock(let code): String(cString: strerror(code))
      }
    }
  }

  /// Locks `path` (creating it), or returns nil when another open file
  /// description (another process, or another holder here) holds it.
  public static func acquire(_ path: String) throws(Failure) -> FileLock? {
    // Never through a link: one planted as the lock file would make us create or lock another file.
    var descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
    var code = errno
    if descriptor < 0 && code == EACCES {
      // Someone else's lock file we may not write: flock works on a read-only
      // descriptor. If there is none to open, the first error is the one to tell.
      descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    }
    guard descriptor >= 0 else { throw .cannotOpen(code: code) }
    // A copy that is just quitting, or a child of any process between its
    // fork and its exec (which still shares the open file), holds the lock
    // for a moment: a few tries over a tenth of a second tell that from a
    // copy that is really running.
    var tries = 0
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      code = errno
      if code == EINTR { continue }
      if code == EWOULDBLOCK, tries < 10 {
        tries += 1
        usleep(10_000)
        continue
      }
      close(descriptor)
      if code == EWOULDBLOCK { return nil }
      throw .cannotLock(code: code)
    }
    return FileLock(descriptor: descriptor)
  }

  /// Whether `path` still names the file this lock is on: deleting or
  /// replacing the lock file lets another copy lock a new one.
  public func isStill(at path: String) -> Bool {
    var held = stat()
    var named = stat()
    guard fstat(descriptor, &held) == 0, lstat(path, &named) == 0 else { return false }
    return held.st_dev == named.st_dev && held.st_ino == named.st_ino
  }

  /// Closing the descriptor releases the lock.
  public func release() {
    close(descriptor)
  }
}
