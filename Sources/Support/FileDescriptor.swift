#if canImport(Glibc)
  import Glibc
#endif

/// Writing to a file descriptor whole, for what needs no terminal library
/// (messages to standard error; the terminal's own output goes through
/// `Platform`, which uses this).
public enum FileDescriptor {
  /// Writes raw bytes to a file descriptor, retrying short writes and
  /// interruptions. Returns the error that stopped it (nil: all written).
  @discardableResult
  public static func write(_ bytes: [UInt8], to fd: Int32) -> Int32? {
    bytes.withUnsafeBytes { write($0, to: fd) }
  }

  @discardableResult
  public static func write(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
    var offset = 0
    while offset < buffer.count {
      let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 && errno == EINTR { continue }
      // Nothing written to a descriptor that accepts writes: give up rather than spin.
      if written <= 0 { return written < 0 ? errno : EIO }
      offset += written
    }
    return nil
  }
}
