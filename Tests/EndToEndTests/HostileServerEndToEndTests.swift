import Foundation
import TestSupport
import Testing

/// The app, in tmux, loading from a server that answers badly on purpose
/// (`MisbehavingServer`, in the test's process): it stays responsive, its
/// memory stays bounded, and it says what went wrong.
@Suite(.serialized, .timeLimit(.minutes(1))) struct HostileServerEndToEndTests {
  /// Answers that are not emoji data: every cell ✗, the HUD counts the
  /// failures, the status line says why the selected cell failed, and
  /// keys still move the selection.
  @Test(arguments: [
    (MisbehavingServer.Behaviour.notEmojiData, "the server's answer is not emoji data"),
    (.otherEmoji, "the server answered with another emoji (1f601)"),
    (.garbage, "the server's answer is not HTTP"),
  ])
  func aServerThatAnswersBadlyIsNamedOnTheStatusLine(behaviour: MisbehavingServer.Behaviour, reason: String)
    throws
  {
    let server = try MisbehavingServer(behaviour)
    defer { server.stop() }
    let session = try TmuxSession.app(["--source", "http://127.0.0.1:\(server.port)", "--mode", "async"])
    // The HUD's figures follow a few times a second.
    let failed = try session.waitFor(timeout: 15) {
      $0.contains("✗ \(reason)") && Self.failuresCounted(in: $0)
    }
    #expect(failed.held, "the status line says why, the HUD counts them: \(failed.screen)")
    #expect(failed.screen.contains("1/1914"))
    try session.press("Right")
    let moved = try session.waitFor { $0.contains("✗ \(reason)") && $0.contains("2/1914") }
    #expect(moved.held, "keys still move the selection: \(moved.screen)")
    try session.press("q")
    #expect(try session.waitForExit().status == 0)
  }

  /// Endless 100 MB bodies on every load: each is cut off at 1 MB as it
  /// arrives, so the app's memory stays far below what the server sends.
  @Test func endlessBodiesDoNotGrowTheAppsMemory() throws {
    let server = try MisbehavingServer(.endlessBody)
    defer { server.stop() }
    let session = try TmuxSession.app(
      ["--source", "http://127.0.0.1:\(server.port)", "--mode", "prefetch"], columns: 200, rows: 60)
    let pid = try #require(session.appPID())
    var largest = 0
    // Page through for a while: every page asks for hundreds of bodies.
    for _ in 0..<12 {
      try session.press("NPage")
      usleep(250_000)
      largest = max(largest, Self.residentKilobytes(of: pid) ?? 0)
    }
    // A bound, not a speed: beside other suites the selected cell's load
    // can queue behind hundreds of others (a CI run took over 10 s).
    let failed = try session.waitFor(timeout: 60) { $0.contains("✗ the server's answer is over 1 MB") }
    #expect(failed.held, "the status line says why: \(failed.screen)")
    // A pool of a few hundred loads may each hold up to 1 MB for a moment;
    // unbounded, the same run grew past 3 GB.
    #expect(largest > 0 && largest < 600_000, "resident memory peaked at \(largest) kB")
    try session.press("q")
    #expect(try session.waitForExit().status == 0)
  }

  /// Whether the HUD's last line counts failed loads (`✗N`, N > 0).
  static func failuresCounted(in screen: String) -> Bool {
    guard let hud = screen.split(separator: "\n").last, let mark = hud.range(of: "│ ✗") else { return false }
    return hud[mark.upperBound...].first.map { $0.isNumber && $0 != "0" } ?? false
  }

  /// VmRSS from /proc, in kB.
  static func residentKilobytes(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
  }
}
