import Foundation
import TestSupport
import Testing

/// "Frequently used" with the real binary in tmux: what a run votes on,
/// copies and picks comes first in the next; `X` twice forgets it;
/// `--no-history` keeps none.
@Suite(.serialized) struct FrequentlyUsedEndToEndTests {
  func startApp(_ home: DataHome, _ arguments: [String] = []) throws -> TmuxSession {
    let session = try TmuxSession.app(
      ["--latency", "0"] + arguments, environment: ["XDG_DATA_HOME": home.path])
    let started = try session.waitFor { $0.contains("── Smileys & Emotion") && $0.contains("prefetch │") }
    #expect(started.held, "the app did not start:\n\(started.screen)")
    return session
  }

  func quit(_ session: TmuxSession) throws {
    try session.press("q")
    #expect(try session.waitForExit().status == 0)
    session.kill()
  }

  var historyPath: (DataHome) -> String { { $0.path + "/emoji-rater/ratings.history.json" } }

  @Test func whatARunVotesOnAndCopiesComesFirstInTheNextUntilXXForgetsIt() throws {
    let home = try DataHome()
    var session = try startApp(home)
    #expect(try !session.screen().contains("Frequently used"), "a first run has no history")
    // 😃 voted up, then 😄 copied twice.
    try session.press("l", "+")
    #expect(try session.waitFor { $0.contains("▲ voted up grinning face with big eyes") }.held)
    try session.press("l", "y")
    #expect(try session.waitFor { $0.contains("clipboard") }.held)
    try session.press("Escape", "y")
    #expect(try session.waitFor { $0.contains("clipboard") }.held)
    try quit(session)

    session = try startApp(home)
    // Both used today: the one used twice first. Each stays in its own
    // place too. (Waited for: the cells show spinners until their loads land.)
    let back = try session.waitFor { screen in
      let lines = screen.components(separatedBy: "\n")
      guard let header = lines.firstIndex(where: { $0.contains("── Frequently used (2) ──") }) else {
        return false
      }
      return lines[header + 1].hasPrefix("  😄  ▲😃") && screen.contains("😀  ▲😃  [😄 ]")
    }
    #expect(back.held, "\(back.screen)")

    try session.press("X")
    #expect(try session.waitFor { $0.contains("X again forgets the 2 frequently used emoji") }.held)
    try session.press("X")
    let forgot = try session.waitFor {
      $0.contains("forgot the frequently used emoji") && !$0.contains("── Frequently used")
    }
    #expect(forgot.held, "\(forgot.screen)")
    try quit(session)
    session = try startApp(home)
    #expect(try !session.screen().contains("Frequently used"), "forgotten for the next run too")
    try quit(session)
  }

  @Test func noHistoryReadsAndKeepsNone() throws {
    let home = try DataHome()
    var session = try startApp(home, ["--no-history"])
    try session.press("+")
    #expect(try session.waitFor { $0.contains("▲ voted up grinning face") }.held)
    try quit(session)
    #expect(!FileManager.default.fileExists(atPath: historyPath(home)))

    session = try startApp(home)
    try session.press("l", "+")
    #expect(try session.waitFor { $0.contains("▲ voted up grinning face with big eyes") }.held)
    try quit(session)
    session = try startApp(home, ["--no-history"])
    #expect(try !session.screen().contains("Frequently used"), "none shown")
    try quit(session)
    #expect(FileManager.default.fileExists(atPath: historyPath(home)), "nor forgotten")
  }

  @Test func aPickIsAUseAndTheNextPickStartsOnIt() throws {
    let home = try DataHome()
    let environment = ["XDG_DATA_HOME": home.path, "XDG_CONFIG_HOME": home.path]
    var session = try TmuxSession.app(
      ["pick", "--latency", "0", "--query", "party popper"], environment: environment)
    #expect(try session.waitFor { $0.contains("party popper ·") && $0.contains("Enter pick") }.held)
    try session.press("Enter")
    #expect(try session.waitForExit().status == 0)
    session.kill()

    session = try TmuxSession.app(["pick", "--latency", "0"], environment: environment)
    let shown = try session.waitFor { $0.contains("── Frequently used (1)") && $0.contains("party popper ·") }
    #expect(shown.held, "Enter would pick 🎉 again:\n\(shown.screen)")
    try session.press("Escape")
    #expect(try session.waitForExit().status == 1)
    session.kill()
  }
}
