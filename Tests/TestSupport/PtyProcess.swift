import Foundation
import Synchronization
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// A program on a pseudo-terminal of its own, with that terminal as its
/// controlling one (so a size change sends it SIGWINCH): the test holds the
/// other side, writes exactly the bytes it wants — hostile ones included —
/// and reads everything the program writes. tmux, by contrast, parses what
/// it is sent, and would turn a fuzzer's random bytes into something tamer.
public final class PtyProcess {
  public let pid: pid_t
  private let master: Int32
  /// The terminal side, kept open here so its modes can be read after the
  /// program exits (they are what the person's shell would get back).
  private let slave: Int32
  private let output = Output()
  private var exitStatus: Int32?

  /// Starts `arguments` (a path first) with `environment` on a new
  /// terminal of `columns` × `rows`. `answer`, if given, plays the
  /// terminal's side of a conversation: it sees each piece the program
  /// writes, and what it returns is sent back at once.
  public init(
    _ arguments: [String], environment: [String: String], columns: Int, rows: Int,
    answer: (@Sendable ([UInt8]) -> [UInt8])? = nil
  ) throws {
    // ttyname_r, not ttyname: tests run side by side, and ttyname's one
    // static buffer once handed a child another test's terminal.
    var name = [CChar](repeating: 0, count: 256)
    guard let (master, slave) = Platform.openPseudoTerminal(), ttyname_r(slave, &name, name.count) == 0 else {
      throw SubprocessError(arguments: arguments, reason: "no pseudo-terminal")
    }
    self.master = master
    self.slave = slave
    let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(slave, UInt(TIOCSWINSZ), &size)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // After setsid (the attributes below), the first terminal a session
    // leader opens becomes its controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    posix_spawn_file_actions_addclose(&actions, master)
    posix_spawn_file_actions_addclose(&actions, slave)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for entry in envp { free(entry) } }
    var pid: pid_t = 0
    let spawned = withCleanSpawnAttributes(extraFlags: Self.spawnSetsid) {
      posix_spawn(&pid, arguments[0], &actions, &$0, argv, envp)
    }
    guard spawned == 0 else {
      throw SubprocessError(arguments: arguments, reason: String(cString: strerror(spawned)))
    }
    self.pid = pid
    let output = output
    let source = master
    Thread.detachNewThread {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = read(source, &buffer, buffer.count)
        if count > 0 {
          output.append(buffer[0..<count])
          if let reply = answer?(Array(buffer[0..<count])), !reply.isEmpty {
            Platform.write(reply, to: source)
          }
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          // The terminal side is closed (deinit): this thread alone closes its
          // side, so no other test's new terminal can reuse the number under it.
          close(source)
          return
        }
      }
    }
  }

  /// glibc's POSIX_SPAWN_SETSID, which Swift does not import without _GNU_SOURCE.
  private static let spawnSetsid: Int32 = 0x80

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      _ = waitForExit(timeout: 5)
    }
    // The reading thread sees the hang-up, closes the other side and ends.
    close(slave)
  }

  /// Sends bytes as if typed (or pasted, or reported by the terminal).
  /// A program that stops reading (or has died) lets the terminal's input
  /// fill up: the bytes that do not fit within a few seconds are dropped.
  public func send(_ bytes: [UInt8]) {
    var offset = 0
    var waited = 0
    while offset < bytes.count {
      var ready = pollfd(fd: master, events: Int16(POLLOUT), revents: 0)
      guard poll(&ready, 1, 100) > 0 else {
        waited += 1
        if waited > 50 || !isRunning { return }
        continue
      }
      let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, min($0.count, 512)) }
      if written < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      if written <= 0 { return }
      offset += written
    }
  }

  public func send(_ text: String) { send(Array(text.utf8)) }

  /// Bytes sent that the program has not read yet.
  public var unreadInput: Int { Self.unread(on: slave) }

  /// Bytes waiting to be read on `descriptor` (0 if it cannot say).
  private static func unread(on descriptor: Int32) -> Int {
    var count: Int32 = 0
    return ioctl(descriptor, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
  }

  /// Changes the terminal's size; the kernel tells the program (SIGWINCH).
  public func resize(columns: Int, rows: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
  }

  /// Everything the program has written so far.
  public var written: [UInt8] { output.bytes }

  /// Everything the program wrote, once it has ended: the reading thread
  /// may still be behind (on a loaded machine the last frame and the
  /// terminal's restoring came after the exit was seen), so this waits up
  /// to `timeout` seconds for the terminal to hold nothing unread and the
  /// output to stop growing.
  public func finalOutput(timeout: Double = 5) -> [UInt8] {
    let deadline = Date().addingTimeInterval(timeout)
    var seen = -1
    while Date() < deadline {
      let count = output.count
      if Self.unread(on: master) == 0, count == seen { break }
      seen = count
      usleep(20_000)
    }
    return written
  }

  /// Whether the program is still running (reaping it if it has ended).
  public var isRunning: Bool {
    if exitStatus != nil { return false }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return true }
    exitStatus = status
    return false
  }

  /// How the program ended: its exit status, or 128 + the signal that
  /// killed it; nil if it is still running after `timeout` seconds.
  public func waitForExit(timeout: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while isRunning {
      if Date() > deadline { return nil }
      usleep(5_000)
    }
    guard let status = exitStatus else { return nil }
    // WIFEXITED / WEXITSTATUS, which Swift does not import.
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }

  /// The app binary on a terminal of `columns` × `rows`, in a UTF-8
  /// locale and an xterm terminal type, keeping its data in `home`.
  public static func app(
    _ arguments: [String], home: DataHome, columns: Int = 80, rows: Int = 24,
    environment: [String: String] = [:], answer: (@Sendable ([UInt8]) -> [UInt8])? = nil
  ) throws -> PtyProcess {
    let process = try PtyProcess(
      [AppBinary.path] + arguments,
      environment: [
        "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "XDG_DATA_HOME": home.path,
        "HOME": home.path, "PATH": "/usr/bin:/bin",
        // A crash's backtrace goes to a file in the data folder, for `diagnosis`.
        "SWIFT_BACKTRACE": "enable=yes,interactive=no,output-to=\(home.path)",
      ].merging(environment) { $1 }, columns: columns, rows: rows, answer: answer)
    process.crashReports = home.path
    return process
  }

  /// Where the program writes its backtrace if it crashes.
  private var crashReports: String?

  /// Everything written so far, as text.
  public var screenText: String { String(decoding: written, as: UTF8.self) }

  /// What to print when the program misbehaves: whether it runs (and
  /// what the kernel says it waits on), and the end of what it wrote (a
  /// crash's message and backtrace among it).
  public var diagnosis: String {
    let state =
      isRunning
      ? "running, \((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "?"), waiting in "
        + ((try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? "?")
        + ", \(unreadInput) bytes of input unread"
      : "ended with \(waitForExit(timeout: 0) ?? -1)"
    let tail = String(decoding: written.suffix(1_000), as: UTF8.self)
    let reports = crashReports.flatMap { folder in
      (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".log") }
        .compactMap { try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
    }
    let backtrace = reports.map { "\nits backtrace:\n" + $0.joined(separator: "\n").prefix(6_000) } ?? ""
    return "the app: \(state)\nits last output: \(tail.debugDescription)\(backtrace)"
  }

  /// The terminal's modes now: what a shell would get back.
  public var modes: termios {
    var modes = termios()
    tcgetattr(slave, &modes)
    return modes
  }

  /// Whether the terminal is back in the mode a shell expects: lines
  /// edited by the terminal, typed keys echoed, Ctrl-C a signal.
  public var isCooked: Bool {
    let modes = modes
    let local = tcflag_t(ICANON | ECHO | ISIG)
    return modes.c_lflag & local == local
  }
}

/// The program's output, appended by the reading thread.
private final class Output: Sendable {
  private let buffer = Mutex<[UInt8]>([])

  func append(_ bytes: ArraySlice<UInt8>) {
    buffer.withLock { $0 += bytes }
  }

  var bytes: [UInt8] { buffer.withLock { $0 } }

  /// How many bytes have come, without a copy of them: a copy held while
  /// the reading thread appends makes it copy the whole buffer.
  var count: Int { buffer.withLock { $0.count } }
}
