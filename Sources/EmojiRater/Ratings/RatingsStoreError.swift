import Support

/// Why the ratings store cannot open or save: each says what went wrong and
/// what a person can do about it, ready to print.
public enum RatingsStoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Neither XDG_DATA_HOME nor HOME is set.
  case noDataDirectory
  /// An explicit path's directory does not exist (or is not a directory).
  case directoryMissing(directory: String, reason: String)
  /// The directory could not be created.
  case cannotCreateDirectory(directory: String, reason: String)
  /// Files cannot be created in the directory, so no vote could ever be saved.
  case directoryNotWritable(directory: String, reason: String)
  /// The ratings file exists but could not be read (permissions, a directory, …).
  case cannotRead(path: String, reason: String)
  /// The path names something a save must not replace: a device, a FIFO, a
  /// folder, a link to another user's file.
  case notAFile(path: String, reason: String)
  /// The file was written by a newer emoji-rater; it was left untouched.
  case newerFileVersion(path: String, version: Int)
  /// The lock file could not be locked for a reason other than another copy holding it.
  case cannotLock(path: String, reason: String)
  /// An unparsable file could not be moved aside, so it was not replaced either.
  case cannotMoveAside(path: String, reason: String)
  /// A save failed; the votes are still in memory and the save is retried.
  case writeFailed(path: String, reason: String)

  public var description: String {
    switch self {
    case .noDataDirectory:
      return "cannot tell where to keep ratings: neither XDG_DATA_HOME nor HOME is set; "
        + "set one, or pass --ratings PATH"
    case .directoryMissing(let directory, let reason):
      return "cannot keep ratings in \(directory): \(reason); create it, or pass another --ratings PATH"
    case .cannotCreateDirectory(let directory, let reason):
      return "cannot create \(directory) for ratings: \(reason); fix its permissions, "
        + "or pass --ratings PATH"
    case .directoryNotWritable(let directory, let reason):
      return "cannot save ratings in \(directory): \(reason); make it writable, "
        + "or pass another --ratings PATH"
    case .cannotRead(let path, let reason):
      return
        "cannot read ratings from \(SafeText.escaped(path)): \(reason); fix it, or pass another --ratings PATH"
    case .notAFile(let path, let reason):
      return
        "cannot keep ratings in \(SafeText.escaped(path)): \(reason); pass --ratings with the path of a regular file"
    case .newerFileVersion(let path, let version):
      return "\(SafeText.escaped(path)) is format version \(version), newer than this emoji-rater reads "
        + "(\(RatingsFile.version)); left it untouched. Update emoji-rater, or pass another --ratings PATH"
    case .cannotLock(let path, let reason):
      return "cannot lock \(SafeText.escaped(path)): \(reason); pass a --ratings PATH on a local disk"
    case .cannotMoveAside(let path, let reason):
      return "\(SafeText.escaped(path)) could not be read and could not be moved aside (\(reason)); "
        + "move it away yourself, or pass another --ratings PATH"
    case .writeFailed(let path, let reason):
      return
        "cannot save ratings to \(SafeText.escaped(path)): \(reason); votes are kept in memory and saving is retried"
    }
  }
}
