import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program to completion with posix_spawn and waitpid.
///
/// Foundation's `Process` waits for its child through a SIGCHLD monitor that
/// did not fire inside the test runner here (the tmux client was left a
/// zombie and the test hung), so the harness reaps its children itself.
public enum Subprocess {
  public struct Result {
    public var status: Int32
    public var output: String
    /// The output as written, byte for byte.
    public var bytes: [UInt8] = []
  }

  /// Runs `arguments` (looked up on PATH) with stdin from /dev/null and
  /// stdout and stderr together in a temporary file, which is returned.
  public static func run(_ arguments: [String]) throws -> Result {
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("subprocess-\(UUID().uuidString).out").path
    defer { unlink(outputPath) }
    let pid = try start(arguments, output: outputPath)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let bytes = FileManager.default.contents(atPath: outputPath).map { [UInt8]($0) } ?? []
    // WIFEXITED / WEXITSTATUS, which Swift does not import.
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return Result(status: exitStatus, output: String(decoding: bytes, as: UTF8.self), bytes: bytes)
  }

  /// Starts `arguments` (looked up on PATH) with stdin from /dev/null and
  /// stdout and stderr together in the file at `output`; returns its pid.
  public static func start(_ arguments: [String], output outputPath: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let spawned = withCleanSpawnAttributes { posix_spawnp(&pid, arguments[0], &actions, &$0, argv, environ) }
    guard spawned == 0 else {
      throw SubprocessError(arguments: arguments, reason: String(cString: strerror(spawned)))
    }
    return pid
  }
}

public struct SubprocessError: Error, CustomStringConvertible {
  public var arguments: [String]
  public var reason: String
  public var description: String { "cannot run \(arguments.joined(separator: " ")): \(reason)" }
}
