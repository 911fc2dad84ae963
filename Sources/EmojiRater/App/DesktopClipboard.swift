import Dispatch
import Foundation
import Support

#if canImport(Glibc)
  import Glibc
#endif

/// The desktop's clipboard, through the tool for it where one is on PATH:
/// `wl-copy` under Wayland, `xclip` or `xsel` under X. `y` sends OSC 52 to
/// the terminal as well, but some terminals refuse it or ask first, and a
/// terminal's clipboard is not always the desktop's; the tool's is.
public struct DesktopClipboard: Sendable, Equatable {
  /// The tool's name, as the status line says it, and its full command.
  public let name: String
  let path: String
  let arguments: [String]

  /// The tools, in the order they are tried, and the display each needs.
  static let tools: [(name: String, arguments: [String], display: String)] = [
    ("wl-copy", [], "WAYLAND_DISPLAY"),
    ("xclip", ["-selection", "clipboard"], "DISPLAY"),
    ("xsel", ["--clipboard", "--input"], "DISPLAY"),
  ]

  /// The first tool whose display is set and which is on `PATH`; nil when
  /// none is (a console, a server over SSH: OSC 52 alone then).
  public static func find(environment: [String: String]) -> DesktopClipboard? {
    let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    for tool in tools where !(environment[tool.display] ?? "").isEmpty {
      for folder in folders where !folder.isEmpty {
        let path = XDGDirectory.join(folder, tool.name)
        if access(path, X_OK) == 0 {
          return DesktopClipboard(name: tool.name, path: path, arguments: tool.arguments)
        }
      }
    }
    return nil
  }

  /// Hands `text` to the tool off the main thread, and `done` its reason
  /// on failure (nil when the tool took it), on the main queue. The tool
  /// gets the text on its standard input and nothing else of the app's: not
  /// the terminal, not the signals the app blocks; it may stay on after
  /// (xclip and wl-copy serve the clipboard until something else takes it).
  public func copy(_ text: String, done: @escaping @Sendable @MainActor (String?) -> Void) {
    let tool = self
    DispatchQueue.global().async {
      let problem = tool.run(input: Array(text.utf8))
      DispatchQueue.main.async { MainActor.assumeIsolated { done(problem) } }
    }
  }

  /// How long the tool may take to read the text and say it has it.
  static let patience: TimeInterval = 2

  /// Runs the tool with `input` on its standard input; nil when it exits
  /// 0 in time, else why not. The input is a file, not a pipe: a tool that
  /// stops reading cannot raise SIGPIPE, which the app takes as a request
  /// to quit.
  func run(input: [UInt8]) -> String? {
    var template = Array((NSTemporaryDirectory() + "/emoji-rater-copy-XXXXXX").utf8CString)
    let file = mkstemp(&template)
    guard file >= 0 else { return String(cString: strerror(errno)) }
    defer { close(file) }
    // Not for the other children the app starts: only this tool gets it, as its input.
    _ = fcntl(file, F_SETFD, FD_CLOEXEC)
    unlink(template)
    guard FileDescriptor.write(input, to: file) == nil, lseek(file, 0, SEEK_SET) == 0 else {
      return String(cString: strerror(errno))
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, file, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    // A process group of its own: the terminal's keys and job control are the app's.
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
    var pid: pid_t = 0
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    // A tool whose file another process still has open to write (a child
    // forked meanwhile inherited it) cannot start yet: a moment later it can.
    for _ in 0..<10 where spawned == ETXTBSY {
      usleep(20_000)
      spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    }
    guard spawned == 0 else { return String(cString: strerror(spawned)) }
    let deadline = Date().addingTimeInterval(Self.patience)
    var status: Int32 = 0
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { break }
      if reaped < 0 && errno != EINTR { return String(cString: strerror(errno)) }
      guard Date() < deadline else {
        kill(pid, SIGTERM)
        _ = waitpid(pid, &status, 0)
        return "it took over \(Int(Self.patience)) s"
      }
      usleep(10_000)
    }
    // WIFEXITED / WEXITSTATUS, which Swift does not import.
    if status & 0x7f != 0 { return "it ended on signal \(status & 0x7f)" }
    let code = (status >> 8) & 0xff
    return code == 0 ? nil : "it exited with status \(code)"
  }
}
