import Foundation
import TestSupport
import Testing

/// `emoji-rater pick` as a shell runs it: the grid on the terminal, the
/// choice on a pipe, the exit status telling how it ended, and the
/// terminal as it was in every case.
@Suite(.serialized)
struct PickEndToEndTests {
  /// `emoji-rater pick ARGUMENTS | od -c` in tmux, the pick's status said
  /// on the terminal after it. Its own data and config folders.
  private func pipedPick(_ arguments: [String], home: DataHome) throws -> TmuxSession {
    let pick = ([AppBinary.path, "pick", "--latency", "0"] + arguments).map(TmuxSession.quote).joined(
      separator: " ")
    return try TmuxSession(
      command: "sh -c \(TmuxSession.quote("{ \(pick); echo \"pick status $?\" >&2; } | od -c"))",
      environment: [
        "XDG_DATA_HOME": home.path, "XDG_CONFIG_HOME": home.path, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
        "TERM": "xterm-256color",
      ])
  }

  @Test func enterPutsTheEmojiAndANewlineOnThePipe() throws {
    let home = try DataHome()
    let session = try pipedPick(["--query", "party popper"], home: home)
    defer { session.kill() }
    let shown = try session.waitFor { $0.contains("party popper ·") && $0.contains("Enter pick") }
    #expect(shown.held, "\(shown.screen)")
    try session.press("Enter")
    let ended = try session.waitForExit()
    #expect(ended.screen.contains("pick status 0"), "\(ended.screen)")
    // 🎉 is F0 9F 8E 89: od -c writes its four bytes in octal, then the newline.
    #expect(ended.screen.contains("0000000 360 237 216 211  \\n"), "\(ended.screen)")
    #expect(try !session.isAlternateScreenOn())
  }

  /// One skin tone for every emoji: what is printed is the toned one.
  @Test func aSkinToneIsPrintedAsShown() throws {
    let home = try DataHome()
    let session = try pipedPick(["--skin-tone", "3", "--query", "thumbs up"], home: home)
    defer { session.kill() }
    #expect(try session.waitFor { $0.contains("thumbs up: medium skin tone ·") }.held)
    try session.press("Enter")
    let ended = try session.waitForExit()
    // 👍🏽: U+1F44D U+1F3FD, F0 9F 91 8D F0 9F 8F BD.
    #expect(ended.screen.contains("0000000 360 237 221 215 360 237 217 275  \\n"), "\(ended.screen)")
  }

  @Test func escPrintsNothingAndExits1CtrlCExits130() throws {
    for (key, status) in [("Escape", 1), ("C-c", 130)] {
      let home = try DataHome()
      let session = try pipedPick(["--query", "cat"], home: home)
      defer { session.kill() }
      #expect(try session.waitFor { $0.contains("Esc cancel") }.held)
      try session.press(key)
      let ended = try session.waitForExit()
      #expect(ended.screen.contains("pick status \(status)"), "\(key): \(ended.screen)")
      // od read nothing: its only line is the offset 0, with no byte after it.
      #expect(ended.screen.contains("0000000"), "\(key): \(ended.screen)")
      #expect(!ended.screen.contains("0000000 "), "\(key): nothing on the pipe: \(ended.screen)")
      #expect(try !session.isAlternateScreenOn())
    }
  }

  /// Tab marks two; Enter prints both, a line each, in the order marked,
  /// in the format asked for.
  @Test func tabMarksSeveralAndEnterPrintsThemAll() throws {
    let home = try DataHome()
    let session = try TmuxSession(
      command:
        "sh -c \(TmuxSession.quote("echo picked: $(\(TmuxSession.quote(AppBinary.path)) pick --latency 0 --query cat --format codepoints)"))",
      environment: [
        "XDG_DATA_HOME": home.path, "XDG_CONFIG_HOME": home.path, "LANG": "C.UTF-8", "TERM": "xterm-256color",
      ])
    defer { session.kill() }
    #expect(try session.waitFor { $0.contains("1 of 16") }.held)
    try session.press("Tab")
    try session.press("Right")
    try session.press("Right")
    try session.press("Tab")
    let marked = try session.waitFor { $0.contains("Enter prints the 2 marked") && $0.contains("✓🐈") }
    #expect(marked.held, "\(marked.screen)")
    try session.press("Enter")
    let ended = try session.waitForExit()
    #expect(ended.screen.contains("picked: U+1F408 U+1F63A"), "\(ended.screen)")
  }

  /// With no terminal to draw on (no controlling terminal at all), it
  /// says so and exits 2.
  @Test func withoutATerminalItSaysSo() throws {
    let result = try Subprocess.run(["setsid", "-w", AppBinary.path, "pick"])
    #expect(result.status == 2, "\(result.output)")
    #expect(
      result.output.contains("pick draws on the terminal, and /dev/tty cannot be opened"), "\(result.output)")
  }
}
