import Foundation
import Support

#if canImport(Glibc)
  import Glibc
#endif

/// Replaces a file so that a crash at any moment leaves either the whole old
/// contents or the whole new ones: write a temporary file beside it, fsync
/// it, rename it over the old one, fsync the directory (so the rename
/// itself survives a power cut). The temporary file is created afresh
/// (`FileTarget.createExclusively`: a link planted under its name is not
/// followed) with the old file's permissions, so a 0600 file stays 0600.
/// The caller has checked the path itself (`FileTarget.replaceable`).
struct AtomicFileWriter: Sendable {
  /// Called once the temporary file is complete and synced, just before it
  /// replaces the old one: tests throw here to play a crash at the worst moment.
  var beforeRename: @Sendable (_ temporaryPath: String) throws -> Void = { _ in }

  /// The temporary file: one fixed name, because the store writes only
  /// while it holds the lock, and a crash's leftover is simply overwritten.
  static func temporaryPath(for path: String) -> String { path + ".tmp" }

  /// Replaces `path` with `data`; a file made afresh gets `newFileMode`.
  func write(_ data: Data, to path: String, newFileMode: mode_t = 0o644) throws(RatingsStoreError) {
    let temporary = Self.temporaryPath(for: path)
    func fail(_ reason: String) -> RatingsStoreError {
      unlink(temporary)
      return .writeFailed(path: path, reason: reason)
    }
    let descriptor = FileTarget.createExclusively(temporary, mode: FileTarget.mode(of: path) ?? newFileMode)
    guard descriptor >= 0 else { throw fail(RatingsDisk.describe(errno)) }
    if let reason = data.withUnsafeBytes({ FileDescriptor.write($0, to: descriptor) }).map(
      RatingsDisk.describe)
    {
      close(descriptor)
      throw fail(reason)
    }
    guard fsync(descriptor) == 0 else {
      let reason = RatingsDisk.describe(errno)
      close(descriptor)
      throw fail(reason)
    }
    guard close(descriptor) == 0 else { throw fail(RatingsDisk.describe(errno)) }
    do {
      try beforeRename(temporary)
    } catch {
      throw fail("\(error)")
    }
    guard rename(temporary, path) == 0 else { throw fail(RatingsDisk.describe(errno)) }
    if let reason = RatingsDisk.syncDirectory(of: path) {
      throw .writeFailed(path: path, reason: reason)
    }
  }
}
