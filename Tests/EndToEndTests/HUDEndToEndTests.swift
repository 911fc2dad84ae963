import Foundation
import TestSupport
import Testing

/// The frame-timing HUD on the bottom line of the real app.
@Suite(.serialized) struct HUDEndToEndTests {
  func bottomLine(_ screen: String) -> String {
    String(screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last ?? "")
  }

  /// The number before " fps" (or "fps") on the bottom line, if any.
  func fps(_ screen: String) -> Int? {
    guard let match = bottomLine(screen).firstMatch(of: /│ (\d+) ?fps │/) else { return nil }
    return Int(match.1)
  }

  func dropped(_ screen: String) -> Int? {
    guard let match = bottomLine(screen).firstMatch(of: /drop(?:ped)? (\d+)/) else { return nil }
    return Int(match.1)
  }

  @Test func theHUDRunsWhileLoadsAreOutThenGoesIdle() throws {
    let session = try TmuxSession.app(["--latency", "1s"], columns: 200, rows: 40)
    let running = try session.waitFor { (fps($0) ?? 0) > 20 }
    #expect(running.held, "\(running.screen)")
    #expect(bottomLine(running.screen).contains("prefetch │"))
    // Everything loaded and nothing moving: the clock stops and the HUD says so.
    let idle = try session.waitFor(timeout: 15) { $0.contains("│ idle │") }
    #expect(idle.held, "\(idle.screen)")
  }

  @Test func inSyncModeScrollingDropsFrames() throws {
    let session = try TmuxSession.app(["--mode", "sync", "--latency", "200ms"])
    #expect(try session.waitFor { bottomLine($0).contains("sync │") }.held)
    try session.press("NPage")
    let dropping = try session.waitFor { (dropped($0) ?? 0) > 10 }
    #expect(dropping.held, "\(dropping.screen)")
  }

  /// A key's effect is in the next frame, whatever the mode: switching into
  /// `sync` with 1.5 s loads, the label shows before the first blocking
  /// load could have ended (it used to wait behind two, about 3 s).
  @Test func switchingIntoSyncShowsBeforeItsFirstLoad() throws {
    let session = try TmuxSession.app(["--latency", "1500ms"], columns: 100, rows: 30)
    #expect(try session.waitFor { bottomLine($0).contains("prefetch │") }.held)
    for _ in 0..<3 {
      try session.press("NPage")
      Thread.sleep(forTimeInterval: 0.2)
    }
    try session.press("m")
    let shown = try session.waitFor(timeout: 1) { bottomLine($0).contains("sync │") }
    #expect(shown.held, "\(shown.screen)")
  }

  @Test func fHidesAndShowsTheHUD() throws {
    let session = try TmuxSession.app(["--latency", "0"])
    #expect(try session.waitFor { bottomLine($0).contains("prefetch │") }.held)
    try session.press("f")
    #expect(try session.waitFor { bottomLine($0).contains("f HUD") && !$0.contains("prefetch │") }.held)
    try session.press("f")
    #expect(try session.waitFor { bottomLine($0).contains("prefetch │") }.held)
  }

  @Test func quittingPrintsTheSessionSummary() throws {
    let session = try TmuxSession.app(["--latency", "0"])
    #expect(try session.waitFor { $0.contains("grinning face") }.held)
    try session.press("j", "j", "q")
    let ended = try session.waitForExit()
    #expect(ended.status == 0, "\(ended.screen)")
    let summary = ended.screen.firstMatch(of: /emoji-rater: (\d+) frames, dropped \d+ \([\d.]+%\), work p50/)
    #expect(summary != nil, "\(ended.screen)")
    #expect(ended.screen.contains("(prefetch)"))
  }

  @Test func statsJSONIsWrittenOnExit() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("stats-\(UUID()).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let session = try TmuxSession.app(["--latency", "0", "--stats-json", file.path])
    #expect(try session.waitFor { $0.contains("grinning face") }.held)
    try session.press("j", "q")
    #expect(try session.waitForExit().status == 0)
    let data = try Data(contentsOf: file)
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let frames = try #require(json["frames"] as? [String: Any])
    #expect((frames["frames"] as? Int ?? 0) > 0)
    #expect(frames["framesPerSecond"] as? Int == 60)
    let loading = try #require(json["loading"] as? [String: Any])
    #expect(loading["mode"] as? String == "prefetch")
  }

  @Test func anUnwritableStatsPathIsRefusedBeforeTheScreenStarts() throws {
    let session = try TmuxSession.app(["--stats-json", "/nonexistent-folder/stats.json"])
    let ended = try session.waitForExit()
    #expect(
      ended.screen.contains("cannot write statistics to /nonexistent-folder/stats.json"), "\(ended.screen)")
    #expect(ended.status == 2)
    #expect(FileManager.default.fileExists(atPath: "/nonexistent-folder/stats.json") == false)
  }

  @Test func fpsSetsTheFrameRate() throws {
    let session = try TmuxSession.app(["--fps", "30", "--latency", "2s"])
    let running = try session.waitFor { (25...35).contains(fps($0) ?? 0) }
    #expect(running.held, "\(running.screen)")
  }
}
