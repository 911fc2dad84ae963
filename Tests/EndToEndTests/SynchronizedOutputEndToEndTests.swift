import Foundation
import TestSupport
import Testing

/// Synchronized output (mode 2026) on a terminal the test plays: asked at
/// start with DECRQM; where the terminal has it, every frame goes out
/// between begin and end synchronized update, so it never shows half-drawn.
@Suite struct SynchronizedOutputEndToEndTests {
  static let begin = Array("\u{1B}[?2026h".utf8)
  static let end = Array("\u{1B}[?2026l".utf8)

  /// A terminal that answers the position requests (column 1: nothing is
  /// two columns wide, so every emoji gets its stand-in) and DECRQM for
  /// 2026 with `setting`, or not at all.
  static func terminal(modeSetting setting: Int?) -> @Sendable ([UInt8]) -> [UInt8] {
    { written in
      let text = String(decoding: written, as: UTF8.self)
      var reply = ""
      for match in text.matches(of: /\x1B\[6n|\x1B\[\?2026\$p/) {
        if match.output == "\u{1B}[6n" {
          reply += "\u{1B}[1;1R"
        } else if let setting {
          reply += "\u{1B}[?2026;\(setting)$y"
        }
      }
      return Array(reply.utf8)
    }
  }

  /// Where `bytes` occur in `written`, in order.
  static func offsets(of bytes: [UInt8], in written: [UInt8]) -> [Int] {
    guard written.count >= bytes.count else { return [] }
    return (0...(written.count - bytes.count)).filter { written[$0..<$0 + bytes.count].elementsEqual(bytes) }
  }

  @Test func everyFrameIsBracketedWhereTheTerminalHasIt() throws {
    let home = try DataHome()
    let app = try PtyProcess.app(["--latency", "0"], home: home, answer: Self.terminal(modeSetting: 2))
    try #require(waitUntil(timeout: 30) { app.screenText.contains("grinning face") }, "\(app.diagnosis)")
    app.send("q")
    #expect(app.waitForExit(timeout: 30) == 0)
    let written = app.written
    let begins = Self.offsets(of: Self.begin, in: written)
    let ends = Self.offsets(of: Self.end, in: written)
    try #require(!begins.isEmpty, "no frame was bracketed")
    #expect(begins.count == ends.count)
    // Each begin is closed before the next opens, and the first frame (the
    // grid's first header) is inside the first pair.
    for (begin, end) in zip(begins, ends) { #expect(begin < end) }
    for (end, nextBegin) in zip(ends, begins.dropFirst()) { #expect(end < nextBegin) }
    let header = Self.offsets(of: Array("Smileys & Emotion (".utf8), in: written).first ?? -1
    #expect(begins[0] < header && header < ends[0], "the first frame is inside the first pair")
    withExtendedLifetime(home) {}
  }

  @Test(arguments: [nil, 0] as [Int?])
  func noBracketsWhereTheTerminalHasNoneOrSaysNothing(setting: Int?) throws {
    let home = try DataHome()
    let app = try PtyProcess.app(["--latency", "0"], home: home, answer: Self.terminal(modeSetting: setting))
    try #require(waitUntil(timeout: 30) { app.screenText.contains("grinning face") }, "\(app.diagnosis)")
    app.send("q")
    #expect(app.waitForExit(timeout: 30) == 0)
    #expect(Self.offsets(of: Self.begin, in: app.written).isEmpty)
    withExtendedLifetime(home) {}
  }

  /// tmux 3.3a has no mode 2026: nothing changes there, and doctor says so.
  @Test func tmux33HasNoneAndDoctorSaysSo() throws {
    let session = try TmuxSession.app(["doctor"], columns: 140, rows: 30)
    let ended = try session.waitForExit()
    #expect(ended.status == 0)
    #expect(ended.screen.contains("no synchronized output (mode 2026)"), "\(ended.screen)")
  }
}
