import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every way the app can be asked to end from outside, on a terminal the
/// test owns: the app leaves the terminal as it found it (cooked, off the
/// alternate screen), whatever it was doing.
@Suite struct SignalEndToEndTests {
  static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> (
    PtyProcess, DataHome
  ) {
    let home = try DataHome()
    return (try PtyProcess.app(arguments, home: home, environment: environment), home)
  }

  static func expectRestored(_ app: PtyProcess, _ what: String) {
    #expect(app.isCooked, "\(what): the terminal was left raw")
    let tail = String(decoding: app.finalOutput().suffix(2_048), as: UTF8.self)
    #expect(tail.contains("\u{1B}[?1049l"), "\(what): the alternate screen was left on")
    #expect(tail.contains("\u{1B}[?2004l"), "\(what): bracketed paste was left on")
  }

  @Test(arguments: [SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGTERM, SIGHUP])
  func aSignalThatEndsTheAppRestoresTheTerminal(signal: Int32) throws {
    let (app, home) = try Self.start(["--latency", "0"])
    defer { withExtendedLifetime(home) {} }
    try #require(waitUntil(timeout: 30) { app.screenText.contains("grinning face") }, "\(app.diagnosis)")
    kill(app.pid, signal)
    #expect(app.waitForExit(timeout: 30) == 128 + signal)
    Self.expectRestored(app, "signal \(signal)")
  }

  /// Ctrl-\ is a key in the raw terminal; `kill -QUIT` still asks for a
  /// core dump and a backtrace, and gets them on the restored screen.
  @Test func sigquitRestoresTheTerminalBeforeTheBacktrace() throws {
    let (app, home) = try Self.start(["--latency", "0"], environment: ["SWIFT_BACKTRACE": "enable=no"])
    defer { withExtendedLifetime(home) {} }
    try #require(waitUntil(timeout: 30) { app.screenText.contains("grinning face") }, "\(app.diagnosis)")
    kill(app.pid, SIGQUIT)
    #expect(app.waitForExit(timeout: 30) == 128 + SIGQUIT)
    Self.expectRestored(app, "SIGQUIT")
  }

  /// In `sync` mode with a 30 s load the main thread is blocked; SIGTERM is
  /// taken anyway, long before the load would end.
  @Test func sigtermIsHonouredWhileASyncLoadBlocksTheMainThread() throws {
    let (app, home) = try Self.start(["--mode", "sync", "--latency", "30s"])
    defer { withExtendedLifetime(home) {} }
    try #require(waitUntil(timeout: 30) { app.screenText.contains("\u{1B}[?2004h") }, "\(app.diagnosis)")
    usleep(300_000)  // Into the first load.
    kill(app.pid, SIGTERM)
    #expect(app.waitForExit(timeout: 15) == 128 + SIGTERM, "not ended within 15 s of a 30 s load")
    Self.expectRestored(app, "SIGTERM during a sync load")
    #expect(app.screenText.contains("quit on"))
  }

  /// A megabyte pasted (bracketed) is one piece of text: the app keeps
  /// answering, and q quits.
  @Test func aMegabytePasteLeavesTheAppAnswering() throws {
    let (app, home) = try Self.start(["--latency", "0"])
    defer { withExtendedLifetime(home) {} }
    try #require(waitUntil(timeout: 30) { app.screenText.contains("grinning face") }, "\(app.diagnosis)")
    app.send("/")
    let line = String(repeating: "q+v-u/ ", count: 1_048_576 / 7)
    app.send("\u{1B}[200~" + line + "\u{1B}[201~")
    app.send("\r")
    app.send("\u{1B}")
    usleep(200_000)
    app.send("q")
    #expect(app.waitForExit(timeout: 30) == 0, "\(app.diagnosis)")
    Self.expectRestored(app, "after a 1 MB paste")
  }
}
