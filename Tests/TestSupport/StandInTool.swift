import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A shell script a test puts where the app looks for a tool (`wl-copy`,
/// `xclip`), written through a descriptor closed on exec. Foundation's
/// writes leave theirs open across exec, and a tmux server another test
/// starts meanwhile keeps whatever it inherited for as long as it runs:
/// a script some process holds open to write cannot be run ("Text file
/// busy").
public enum StandInTool {
  public static func write(_ body: String, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else {
      throw StandInToolError(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    let bytes = Array(("#!/bin/sh\n" + body + "\n").utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw StandInToolError(path: path, reason: String(cString: strerror(errno))) }
      written += count
    }
  }
}

public struct StandInToolError: Error, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String { "cannot write \(path): \(reason)" }
}
