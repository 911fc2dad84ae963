import Foundation

/// The built `emoji-rater` binary, next to the test bundle (or at
/// `EMOJI_RATER_BIN`), for tests that run the real app.
public enum AppBinary {
  public static var path: String {
    if let path = ProcessInfo.processInfo.environment["EMOJI_RATER_BIN"] { return path }
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return bundle.appendingPathComponent("emoji-rater").path
  }
}

/// A detached tmux session on a private server, to drive the real app as a
/// person would: type with `send-keys`, read the screen with `capture-pane`.
public final class TmuxSession {
  public let socket: String
  private var isOpen = true
  /// The app's own `XDG_DATA_HOME` (where its ratings go), a fresh folder
  /// per session so tests never touch the real one nor each other's.
  public private(set) var dataHome: String?

  /// Starts `command` (a shell command line) in a new session of the given size.
  /// The shell prints `[exit N]` after the command ends and stays open, so a
  /// test can see the exit status and the screen the shell got back.
  public init(command: String, columns: Int = 80, rows: Int = 24, environment: [String: String] = [:])
    throws
  {
    socket = "emoji-rater-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    let exports = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }
    // `set -m`: job control, as in an interactive shell, so the command runs in
    // its own process group and Ctrl-C reaches it, not the shell.
    let script =
      "set -m; env \(exports.joined(separator: " ")) \(command); echo \"[exit $?]\"; exec sleep 600"
    try run([
      "new-session", "-d", "-x", String(columns), "-y", String(rows), "-s", "test", "sh", "-c", script,
    ])
  }

  deinit { kill() }

  /// Starts the app with `arguments` in a UTF-8 locale and an xterm terminal
  /// type, with a data folder of its own unless `XDG_DATA_HOME` is given,
  /// and a config folder inside it unless `XDG_CONFIG_HOME` is (so a
  /// person's saved glyph corrections never reach a test).
  public static func app(
    _ arguments: [String] = [], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]
  ) throws -> TmuxSession {
    var environment = environment
    var ownDataHome: String?
    if environment["XDG_DATA_HOME"] == nil {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("emoji-rater-data-\(UUID().uuidString.prefix(8))").path
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      environment["XDG_DATA_HOME"] = folder
      ownDataHome = folder
    }
    environment["XDG_CONFIG_HOME"] =
      environment["XDG_CONFIG_HOME"] ?? environment["XDG_DATA_HOME"]! + "/config"
    environment["LANG"] = environment["LANG"] ?? "C.UTF-8"
    environment["LC_ALL"] = environment["LC_ALL"] ?? environment["LANG"]
    environment["TERM"] = environment["TERM"] ?? "xterm-256color"
    let command = ([AppBinary.path] + arguments).map(quote).joined(separator: " ")
    let session = try TmuxSession(command: command, columns: columns, rows: rows, environment: environment)
    session.dataHome = environment["XDG_DATA_HOME"]
    session.ownsDataHome = ownDataHome != nil
    return session
  }

  private var ownsDataHome = false

  /// Presses keys by tmux name (`Down`, `NPage`, `Tab`, `q`, `C-c`, …).
  public func press(_ keys: String...) throws {
    try run(["send-keys", "-t", "test"] + keys)
  }

  /// Types text literally (also how raw mouse escape sequences are sent).
  public func type(_ text: String) throws {
    try run(["send-keys", "-t", "test", "-l", text])
  }

  /// Sends bytes exactly as given, in one write to the app (`send-keys -H`):
  /// for input no key or text spells, such as a byte that is not UTF-8.
  public func send(bytes: [UInt8]) throws {
    try run(["send-keys", "-t", "test", "-H"] + bytes.map { String($0, radix: 16) })
  }

  /// Pastes text as a terminal does: bracketed (`ESC [200~ … ESC [201~`)
  /// when the app has asked for it.
  public func paste(_ text: String) throws {
    try run(["set-buffer", "-b", "test-paste", text])
    try run(["paste-buffer", "-p", "-d", "-b", "test-paste", "-t", "test"])
  }

  public func resize(columns: Int, rows: Int) throws {
    try run(["resize-window", "-t", "test", "-x", String(columns), "-y", String(rows)])
  }

  /// The visible screen as text.
  public func screen() throws -> String {
    try run(["capture-pane", "-p", "-t", "test"])
  }

  /// Whether the pane shows the alternate screen (a full-screen app is up).
  public func isAlternateScreenOn() throws -> Bool {
    try run(["display-message", "-p", "-t", "test", "#{alternate_on}"]).hasPrefix("1")
  }

  /// Polls the screen until `condition` holds; returns the last screen and
  /// whether it held before the timeout.
  @discardableResult
  public func waitFor(
    timeout: TimeInterval = 10, _ condition: (String) -> Bool
  ) throws -> (held: Bool, screen: String) {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = try self.screen()
    while !condition(screen) {
      guard Date() < deadline else { return (false, screen) }
      Thread.sleep(forTimeInterval: 0.05)
      screen = try self.screen()
    }
    return (true, screen)
  }

  /// Waits for the command to end (the shell prints `[exit N]`); returns
  /// its exit status, nil on a timeout, and the screen the shell got back.
  public func waitForExit(timeout: TimeInterval = 10) throws -> (status: Int32?, screen: String) {
    let ended = try waitFor(timeout: timeout) { $0.contains("[exit ") }
    let status = ended.screen.firstMatch(of: /\[exit (\d+)\]/).flatMap { Int32($0.1) }
    return (status, ended.screen)
  }

  public func kill() {
    guard isOpen else { return }
    isOpen = false
    _ = try? run(["kill-server"])
    if ownsDataHome, let dataHome { try? FileManager.default.removeItem(atPath: dataHome) }
  }

  /// The pid of the command running in the session's pane (the child of
  /// the pane's shell, once `env` has become it), nil if none is there
  /// within `timeout`. Right after the session starts, the shell may not
  /// have forked yet: a busy CI machine once took longer than the test.
  public func appPID(timeout: TimeInterval = 10) -> pid_t? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let pid = commandPID() { return pid }
      guard Date() < deadline else { return nil }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  /// The pane shell's child, if it has one and it is no longer `env`.
  private func commandPID() -> pid_t? {
    guard let pids = try? run(["list-panes", "-t", "test", "-F", "#{pane_pid}"]),
      let shell = pid_t(pids.trimmingCharacters(in: .whitespacesAndNewlines)),
      let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8),
      let child = children.split(separator: " ").first.flatMap({ pid_t($0) }),
      let name = try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8),
      name.trimmingCharacters(in: .whitespacesAndNewlines) != "env"
    else { return nil }
    return child
  }

  /// Runs a tmux command on this session's private server; returns what it printed.
  @discardableResult
  public func run(_ arguments: [String]) throws -> String {
    let result = try Subprocess.run(["tmux", "-L", socket, "-f", "/dev/null", "-u"] + arguments)
    guard result.status == 0 else { throw TmuxError(arguments: arguments, output: result.output) }
    return result.output
  }

  /// Quotes a word for the shell.
  public static func quote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

public struct TmuxError: Error, CustomStringConvertible {
  public var arguments: [String]
  public var output: String
  public var description: String { "tmux \(arguments.joined(separator: " ")) failed: \(output)" }
}
