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
    let ended = try session.waitFor { $0.contains("[exit ") }
    #expect(ended.screen.contains("[exit 0]"))
    let summary = ended.screen.firstMatch(of: /emoji-rater: (\d+) frames, dropped \d+ \([\d.]+%\), work p50/)
    #expect(summary != nil, "\(ended.screen)")
    #expect(ended.screen.contains("(prefetch)"))
  }
}
