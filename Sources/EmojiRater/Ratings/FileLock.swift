#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive advisory lock (`flock`) on a file, held for as long as its
/// descriptor stays open, so that two copies of the app never both write
/// the same ratings file. The kernel drops it when the process dies, so a
/// crash never leaves a stale lock behind.
struct FileLock: Sendable {
  let descriptor: Int32

  /// The lock file beside a ratings file.
  static func path(for ratingsPath: String) -> String { ratingsPath + ".lock" }

  /// Locks `path` (creating it), or returns nil when another open file
  /// description (another process, or another store here) holds it.
  static func acquire(_ path: String, directory: String) throws(RatingsStoreError) -> FileLock? {
    // Never through a link: one planted as the lock file would make us create or lock another file.
    var descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
    var code = errno
    if descriptor < 0 && code == EACCES {
      // Someone else's lock file we may not write: flock works on a read-only
      // descriptor. If there is none to open, the first error is the one to tell.
      descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    }
    guard descriptor >= 0 else {
      let reason = RatingsDisk.describe(code)
      if code == EACCES || code == EROFS || code == EPERM {
        throw .directoryNotWritable(directory: directory, reason: reason)
      }
      throw .cannotLock(path: path, reason: reason)
    }
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
      throw .cannotLock(path: path, reason: RatingsDisk.describe(code))
    }
    return FileLock(descriptor: descriptor)
  }

  /// Whether `path` still names the file this lock is on: deleting or
  /// replacing the lock file lets another copy lock a new one.
  func isStill(at path: String) -> Bool {
    var held = stat()
    var named = stat()
    guard fstat(descriptor, &held) == 0, lstat(path, &named) == 0 else { return false }
    return held.st_dev == named.st_dev && held.st_ino == named.st_ino
  }

  /// Closing the descriptor releases the lock.
  func release() {
    close(descriptor)
  }
}
