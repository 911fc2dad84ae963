import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Voting with the real binary in tmux, and the ratings file it leaves: the
/// overlay, `+`, a restart, `export`, a SIGKILL, a corrupt file, a second copy.
@Suite(.serialized) struct VotingEndToEndTests {
  func startApp(_ home: DataHome, _ arguments: [String] = []) throws -> TmuxSession {
    let session = try TmuxSession.app(
      ["--latency", "0"] + arguments, environment: ["XDG_DATA_HOME": home.path])
    // Started: a section header is up (the last run's selection and filter may be back).
    let started = try session.waitFor { $0.contains("── Smileys & Emotion") }
    #expect(started.held, "the app did not start:\n\(started.screen)")
    return session
  }

  func export(_ home: DataHome, _ arguments: [String] = []) throws -> Subprocess.Result {
    try Subprocess.run(["env", "XDG_DATA_HOME=\(home.path)", AppBinary.path, "export"] + arguments)
  }

  @Test func votesSurviveARestartAndExportListsThem() throws {
    let home = try DataHome()
    var session = try startApp(home)
    // Up on 😀 with the overlay (its first choice), down on 😃 with the
    // overlay (one to the right), 😄 up with +.
    try session.press("Enter")
    #expect(try session.waitFor { $0.contains("👍 up") && $0.contains("clear") }.held)
    try session.press("Enter")
    #expect(try session.waitFor { $0.contains("▲ voted up grinning face") }.held)
    try session.press("l", "Enter")
    #expect(try session.waitFor { $0.contains("👎 down") }.held)
    try session.press("Right", "Enter")
    #expect(try session.waitFor { $0.contains("▼ voted down") }.held)
    try session.press("l", "+")
    #expect(try session.waitFor { $0.contains("▲ voted up grinning face with smiling eyes") }.held)
    try session.press("q")
    #expect(try session.waitForExit().status == 0)
    session.kill()

    session = try startApp(home, ["--mode", "async"])
    // The markers are back, and so is the selection (😄, whose brackets take
    // its vote's colour, the status line saying it).
    let back = try session.waitFor {
      $0.contains("▲😀  ▼😃  [😄 ]") && $0.contains("▲ voted up grinning face with smiling eyes")
    }
    #expect(back.held, "the markers and the selection are back:\n\(back.screen)")
    try session.press("v")
    #expect(try session.waitFor { $0.contains("[voted up]") }.held)
    try session.press("q")
    _ = try session.waitForExit()
    session.kill()

    // The filter is remembered too; the mode (async, given last time) is
    // not: a plain start is always prefetch.
    session = try startApp(home)
    let again = try session.waitFor { $0.contains("[voted up]") && $0.contains("Smileys & Emotion (2)") }
    #expect(again.held, "\(again.screen)")
    #expect(again.screen.contains("prefetch"), "the mode on the HUD")
    try session.press("v", "v", "v")
    try session.press("q")
    _ = try session.waitForExit()

    let csv = try export(home, ["--format", "csv"])
    #expect(csv.status == 0)
    let lines = csv.output.split(separator: "\n")
    #expect(lines.first == "emoji,name,code_points,vote,time")
    #expect(lines.count == 4, "\(csv.output)")
    #expect(lines.contains { $0.hasPrefix("😀,grinning face,U+1F600,up,") })
    #expect(lines.contains { $0.hasPrefix("😃,grinning face with big eyes,U+1F603,down,") })
    #expect(lines.contains { $0.hasPrefix("😄,grinning face with smiling eyes,U+1F604,up,") })
  }

  @Test func undoTakesTheVoteBackOnDiskToo() throws {
    let home = try DataHome()
    let session = try startApp(home)
    try session.press("-")
    #expect(try session.waitFor { $0.contains("▼ voted down") }.held)
    try session.press("u")
    #expect(try session.waitFor { !$0.contains("voted") }.held)
    try session.press("q")
    _ = try session.waitForExit()
    #expect(!home.contents().contains("1f600"), "\(home.contents())")
  }

  /// A vote on screen for a second is on disk, even if the process is then
  /// killed with no chance to save.
  @Test func aVoteIsOnDiskBeforeAKillDashNine() throws {
    let home = try DataHome()
    let session = try startApp(home)
    try session.press("+")
    #expect(try session.waitFor { $0.contains("▲ voted up") }.held)
    Thread.sleep(forTimeInterval: 1)
    let pid = try #require(session.appPID(), "the app's process")
    Glibc.kill(pid, SIGKILL)
    #expect(try session.waitForExit().status == 137)
    #expect(home.contents().contains("\"emoji\": \"1f600\""), "\(home.contents())")
    #expect(home.contents().contains("\"vote\": \"up\""))
  }

  /// SIGTERM and SIGHUP leave like q: every vote flushed first.
  @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))] as [(Int32, Int32)])
  func aTerminatingSignalFlushesTheVotes(signal: Int32, status: Int32) throws {
    let home = try DataHome()
    let session = try startApp(home)
    try session.press("-")
    #expect(try session.waitFor { $0.contains("▼ voted down") }.held)
    let pid = try #require(session.appPID(), "the app's process")
    Glibc.kill(pid, signal)
    #expect(try session.waitForExit().status == status)
    #expect(home.contents().contains("\"vote\": \"down\""), "\(home.contents())")
  }

  @Test func withItemsVotesAreNotSavedAndTheAppSaysSo() throws {
    let home = try DataHome()
    let session = try TmuxSession.app(
      ["--latency", "0", "--items", "5000"], environment: ["XDG_DATA_HOME": home.path])
    try session.press("f")
    let told = try session.waitFor { $0.contains("not saved") }
    #expect(told.held, "\(told.screen)")
    try session.press("+", "q")
    #expect(try session.waitForExit().status == 0)
    #expect(!FileManager.default.fileExists(atPath: home.ratings), "nothing written")
  }

  @Test func aGarbageFileIsKeptAsideAndTheAppSaysSo() throws {
    let home = try DataHome()
    try FileManager.default.createDirectory(
      atPath: home.path + "/emoji-rater", withIntermediateDirectories: true)
    let garbage = "this is not { json"
    try garbage.write(toFile: home.ratings, atomically: true, encoding: .utf8)
    let session = try startApp(home)
    try session.press("f")  // the hint line, where standing notices show in full
    let told = try session.waitFor { $0.contains("could not be read") }
    #expect(told.held, "\(told.screen)")
    try session.press("+", "q")
    #expect(try session.waitForExit().status == 0)
    let kept = try FileManager.default.contentsOfDirectory(atPath: home.path + "/emoji-rater")
      .filter { $0.hasPrefix("ratings.json.corrupt-") }
    #expect(kept.count == 1)
    let keptText = try String(contentsOfFile: home.path + "/emoji-rater/" + kept[0], encoding: .utf8)
    #expect(keptText == garbage, "kept byte for byte")
    #expect(home.contents().contains("1f600"), "the new vote is saved in a fresh file")
  }

  @Test func aSecondCopyOnTheSameFileIsReadOnlyAndSaysSo() throws {
    let home = try DataHome()
    let first = try startApp(home)
    let second = try startApp(home)
    try second.press("f")
    let told = try second.waitFor { $0.contains("read-only") }
    #expect(told.held, "\(told.screen)")
    try first.press("+")
    #expect(try first.waitFor { $0.contains("▲ voted up") }.held)
    for session in [second, first] {
      try session.press("q")
      _ = try session.waitForExit()
    }
    #expect(home.contents().contains("1f600"), "the first copy's vote is kept")
  }

  /// Typing narrows the grid to the matches, best first; n steps through
  /// them; Esc brings the whole grid back.
  @Test func searchNarrowsTheGridThenStepThroughTheMatches() throws {
    let home = try DataHome()
    defer { withExtendedLifetime(home) {} }  // the app uses the folder to the end
    let session = try startApp(home)
    try session.type("/")
    try session.type("cat")
    // 🐈 first, selected, its details on the status line once loaded.
    let narrowed = try session.waitFor {
      $0.contains("/cat▏") && $0.contains("Best matches for “cat” (16)")
        && $0.contains(" cat · Animals & Nature")
    }
    #expect(narrowed.held, "\(narrowed.screen)")
    #expect(!narrowed.screen.contains("Smileys & Emotion ("), "only the matches show")
    try session.press("Enter", "n")
    // 🐱, which chat apps call `cat`.
    #expect(
      try session.waitFor { $0.contains("2 of 16") && $0.contains("n next") && $0.contains("cat face ·") }
        .held)
    try session.press("Escape")
    // The whole grid, on the match chosen.
    let whole = try session.waitFor {
      !$0.contains("/cat") && $0.contains("Animals & Nature (") && $0.contains("cat face ·")
    }
    #expect(whole.held, "\(whole.screen)")
    try session.press("q")
    #expect(try session.waitForExit().status == 0)
  }

  /// What people call an emoji finds it: `laugh` is in none of the first
  /// names, but CLDR's keywords of 🤣, 😆 and 😂 and GitHub's tags of 😄,
  /// which the grid narrows to;
  /// the vote lands on the match chosen, and Esc brings back the whole grid.
  @Test func searchByKeywordThenVote() throws {
    let home = try DataHome()
    defer { withExtendedLifetime(home) {} }  // the app uses the folder to the end
    let session = try startApp(home)
    try session.type("/laugh")
    let narrowed = try session.waitFor { $0.contains("Best matches for “laugh” (4)") && $0.contains("😂") }
    #expect(narrowed.held, "\(narrowed.screen)")
    try session.press("Enter", "n", "n", "n")
    #expect(try session.waitFor { $0.contains("face with tears of joy ·") && $0.contains("4 of 4") }.held)
    try session.press("+")
    #expect(try session.waitFor { $0.contains("▲ voted up") }.held)
    try session.press("Escape")
    let whole = try session.waitFor {
      $0.contains("Smileys & Emotion (") && $0.contains("face with tears of joy ·")
    }
    #expect(whole.held, "the whole grid, the match still selected: \(whole.screen)")
    try session.press("q")
    #expect(try session.waitForExit().status == 0)
    #expect(home.contents().contains("\"emoji\": \"1f602\""), "\(home.contents())")
  }

  @Test func vShowsOnlyTheVotedUpThenTheRest() throws {
    let home = try DataHome()
    defer { withExtendedLifetime(home) {} }  // the app uses the folder to the end
    let session = try startApp(home)
    try session.press("+", "l", "l", "+", "l", "-")
    #expect(try session.waitFor { $0.contains("▼ voted down") }.held)
    try session.press("v")
    let up = try session.waitFor { $0.contains("[voted up]") && $0.contains("Smileys & Emotion (2)") }
    #expect(up.held, "\(up.screen)")
    #expect(!up.screen.contains("😃"), "only the two voted up show")
    try session.press("v")
    #expect(try session.waitFor { $0.contains("[voted down]") && $0.contains("Smileys & Emotion (1)") }.held)
    try session.press("v", "v")
    #expect(try session.waitFor { !$0.contains("[voted") && $0.contains("Smileys & Emotion (171)") }.held)
    try session.press("q")
    _ = try session.waitForExit()
  }

  /// y sends the selected emoji to the terminal's clipboard (OSC 52): tmux,
  /// with set-clipboard on, makes it a paste buffer.
  @Test func yCopiesTheEmojiToTheClipboard() throws {
    let home = try DataHome()
    defer { withExtendedLifetime(home) {} }  // the app uses the folder to the end
    let session = try startApp(home)
    try session.run(["set-option", "-g", "set-clipboard", "on"])
    try session.press("l", "y")
    #expect(try session.waitFor { $0.contains("sent 😃") }.held)
    #expect(try session.run(["show-buffer"]) == "😃")
    try session.press("q")
    _ = try session.waitForExit()
  }

  /// Where the desktop has a clipboard tool (here a stand-in `wl-copy`
  /// that keeps what it reads), `y` hands it the emoji too, and the
  /// status line says it took it.
  @Test func yCopiesToTheDesktopsClipboardToo() throws {
    let home = try DataHome()
    defer { withExtendedLifetime(home) {} }  // the stand-in tool lives in the folder
    let tools = home.path + "/bin"
    try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
    let copied = home.path + "/copied"
    try StandInTool.write("cat > '\(copied)'", to: tools + "/wl-copy")
    let path = tools + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    // Wide enough that a refusal's reason is on the status line, whole.
    let session = try TmuxSession.app(
      ["--latency", "0"], columns: 140,
      environment: ["XDG_DATA_HOME": home.path, "PATH": path, "WAYLAND_DISPLAY": "wayland-test"])
    defer { session.kill() }
    #expect(try session.waitFor { $0.contains("grinning face ·") }.held)
    try session.press("l", "y")
    let said = try session.waitFor {
      $0.contains("copied 😃 grinning face with big eyes to the terminal's clipboard and wl-copy")
    }
    #expect(said.held, "\(said.screen)")
    #expect((try? String(contentsOfFile: copied, encoding: .utf8)) == "😃")
    try session.press("q")
    _ = try session.waitForExit()
  }

  /// `t` puts every emoji with tones in the next tone, and the next run
  /// starts in it.
  @Test func aSkinToneChosenIsKeptForTheNextRun() throws {
    let home = try DataHome()
    defer { withExtendedLifetime(home) {} }  // the app uses the folder to the end
    let first = try startApp(home)
    try first.press("Tab", "t")
    let toned = try first.waitFor { $0.contains("waving hand: light skin tone ·") }
    #expect(toned.held, "\(toned.screen)")
    try first.press("q")
    #expect(try first.waitForExit().status == 0)
    let second = try startApp(home)
    let kept = try second.waitFor { $0.contains("waving hand: light skin tone ·") }
    #expect(kept.held, "the selection and the tone come back: \(kept.screen)")
    try second.press("q")
    _ = try second.waitForExit()
  }

  @Test func aRatingsPathInAMissingFolderIsRefusedAtStart() throws {
    let session = try TmuxSession.app(["--ratings", "/nonexistent-folder-for-tests/ratings.json"])
    let ended = try session.waitForExit()
    #expect(ended.status == 2)
    #expect(ended.screen.contains("/nonexistent-folder-for-tests"), "\(ended.screen)")
  }

  @Test func anUnknownExportFormatIsRefused() throws {
    let home = try DataHome()
    let result = try export(home, ["--format", "xml"])
    #expect(result.status == 2)
    #expect(result.output.contains("csv or json"), "\(result.output)")
  }
}
