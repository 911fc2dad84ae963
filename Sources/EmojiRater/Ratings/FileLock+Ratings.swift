import Support

#if canImport(Glibc)
  import Glibc
#endif

extension FileLock {
  /// The lock file beside a ratings file.
  static func path(for ratingsPath: String) -> String { ratingsPath + ".lock" }

  /// Locks the ratings file's lock at `path`, in `directory`, or returns
  /// nil when another copy of the app holds it; a failure says what the
  /// person can do about it.
  static func acquire(_ path: String, directory: String) throws(RatingsStoreError) -> FileLock? {
    do {
      return try acquire(path)
    } catch .cannotOpen(let code) where code == EACCES || code == EROFS || code == EPERM {
      throw .directoryNotWritable(directory: directory, reason: RatingsDisk.describe(code))
    } catch {
      throw .cannotLock(path: path, reason: error.reason)
    }
  }
}
