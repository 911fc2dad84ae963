import Foundation
import TestSupport
import Testing

/// The real binary in a detached tmux session: keys typed with send-keys,
/// the screen read with capture-pane, as a person would use it.
@Suite(.serialized) struct AppEndToEndTests {
  /// The status line's "n/1914" position.
  func position(_ screen: String) -> Int? {
    guard let match = screen.firstMatch(of: /(\d+)\/1914/) else { return nil }
    return Int(match.1)
  }

  /// Starts the app with instant loads (`--latency 0`) unless told otherwise,
  /// and waits for its first screen.
  func startApp(_ arguments: [String] = ["--latency", "0"], columns: Int = 80, rows: Int = 24) throws
    -> TmuxSession
  {
    let session = try TmuxSession.app(arguments, columns: columns, rows: rows)
    let started = try session.waitFor { $0.contains("grinning face") && $0.contains("1/1914") }
    #expect(started.held, "the app did not show its first screen:\n\(started.screen)")
    return session
  }

  @Test(arguments: [(80, 24), (200, 60)])
  func startsShowingEmojiAndTheStatusLine(columns: Int, rows: Int) throws {
    let session = try startApp(columns: columns, rows: rows)
    let screen = try session.screen()
    #expect(screen.contains("Smileys & Emotion"))
    #expect(screen.contains("😀"))
    #expect(try session.isAlternateScreenOn())
    // The layout uses the whole terminal: the header rule runs to the right edge,
    // and the status line sits on the second row from the bottom.
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0].count >= columns - 2, "\(screen)")
    #expect(lines[rows - 2].contains("1/1914"), "\(screen)")
  }

  @Test func keysMoveTheSelectionAndTheStatusLineFollows() throws {
    let session = try startApp()
    try session.press("j")
    #expect(try session.waitFor { position($0) == 16 }.held)  // 15 columns at 80 wide
    try session.press("l")
    #expect(try session.waitFor { position($0) == 17 }.held)
    try session.press("Tab")
    #expect(try session.waitFor { $0.contains("People & Body ›") && position($0) == 172 }.held)
    try session.press("NPage")
    // A screenful (21 rows of 15) further on.
    #expect(try session.waitFor { position($0) == 172 + 21 * 15 }.held)
    try session.press("End")
    #expect(try session.waitFor { $0.contains("flag: Wales") && position($0) == 1914 }.held)
    try session.press("Home")
    #expect(try session.waitFor { position($0) == 1 }.held)
  }

  @Test func mouseWheelScrollsAndAClickSelects() throws {
    let session = try startApp()
    // SGR mouse encoding, as xterm-256color's terminfo expects: wheel down at column 10, row 5.
    try session.type("\u{1B}[<65;10;5M")
    #expect(try session.waitFor { !$0.contains("Smileys & Emotion (") }.held)
    // Three rows down, the top screen row is layout row 3. A click on the third
    // cell of the next screen row (1-based column 13, row 2) selects item 47.
    try session.type("\u{1B}[<0;13;2M\u{1B}[<0;13;2m")
    let clicked = try session.waitFor { position($0) == 48 }
    #expect(clicked.held, "\(clicked.screen)")
  }

  @Test func resizeRelaysOutAndKeepsTheSelectionWithNoKeyPressed() throws {
    let session = try startApp()
    try session.press("Tab", "j", "j", "j")
    let before = try session.waitFor { position($0) == 172 + 45 }
    #expect(before.held, "\(before.screen)")
    try session.resize(columns: 40, rows: 12)
    let narrow = try session.waitFor { screen in
      screen.split(separator: "\n").count <= 12 && position(screen) == 217 && screen.contains("[")
    }
    #expect(narrow.held, "\(narrow.screen)")
    try session.resize(columns: 80, rows: 24)
    let wide = try session.waitFor { screen in
      screen.split(separator: "\n").first.map { $0.count > 40 } == true && position(screen) == 217
        && screen.contains("[")
    }
    #expect(wide.held, "\(wide.screen)")
  }

  @Test func aTinyTerminalSaysSoAndRecovers() throws {
    let session = try startApp()
    try session.resize(columns: 10, rows: 4)
    #expect(try session.waitFor { $0.contains("too small") }.held)
    try session.resize(columns: 80, rows: 24)
    #expect(try session.waitFor { $0.contains("grinning face") }.held)
  }

  @Test func aMillionItemsStartAndScrollToTheEnd() throws {
    let session = try TmuxSession.app(["--latency", "0", "--items", "1000000"])
    #expect(try session.waitFor { $0.contains("1/1000000") }.held)
    try session.press("End")
    let end = try session.waitFor { $0.contains("1000000/1000000") }
    #expect(end.held, "\(end.screen)")
    #expect(end.screen.contains("· 523"), "the last section is round 523 of the catalog: \(end.screen)")
  }

  @Test func helpOpensWithQuestionMarkAndEscapeClosesIt() throws {
    let session = try startApp()
    try session.press("?")
    #expect(try session.waitFor { $0.contains("Keys") && $0.contains("next / previous section") }.held)
    try session.press("Escape")
    #expect(try session.waitFor { !$0.contains("next / previous section") }.held)
    #expect(try session.isAlternateScreenOn(), "Esc must never quit")
  }

  /// `--help` gives the keys as the `?` overlay does: one table makes both.
  @Test func helpOnTheCommandLineListsTheKeysAsTheOverlayDoes() throws {
    let help = try Subprocess.run([AppBinary.path, "--help"])
    #expect(help.status == 0)
    for line in [
      "arrows h j k l  ", "move the selection", "PgUp PgDn ^B ^F", "wheel ^E ^Y click", "scroll / select",
      "+ = - 0 u", "q ^C", "show / hide this help",
    ] {
      #expect(help.output.contains(line), "'\(line)' is not in --help:\n\(help.output)")
    }
  }

  @Test(arguments: ["q", "C-c"])
  func quittingRestoresTheTerminal(key: String) throws {
    let session = try startApp()
    try session.press(key)
    let ended = try session.waitForExit()
    #expect(ended.status == 0, "\(ended.screen)")
    #expect(!ended.screen.contains("grinning face"), "the app's screen is gone")
    #expect(try !session.isAlternateScreenOn())
  }

  /// SIGTERM and SIGHUP (a closed terminal window) leave like q, with the
  /// conventional 128 + signal status.
  @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
  func aSignalRestoresTheTerminal(signal: Int32, status: Int32) throws {
    let session = try startApp()
    kill(try #require(session.appPID()), signal)
    let ended = try session.waitForExit()
    #expect(ended.status == status, "\(ended.screen)")
    #expect(try !session.isAlternateScreenOn())
  }

  @Test func outputRedirectedToAFileIsRefusedAndTheTerminalUntouched() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID()).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    let session = try TmuxSession(
      command: "\(TmuxSession.quote(AppBinary.path)) > \(TmuxSession.quote(file.path))",
      environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color"])
    let ended = try session.waitForExit()
    #expect(ended.screen.contains("standard output is not a terminal"), "\(ended.screen)")
    #expect(ended.status == 2)
    #expect(try String(contentsOf: file, encoding: .utf8).isEmpty, "nothing written to the file")
  }

  @Test func ctrlZSuspendsAndTheScreenComesBackIntact() throws {
    // A data folder of its own: the app must not read or write the real one's votes or session.
    let home = try DataHome()
    defer { withExtendedLifetime(home) {} }
    let session = try TmuxSession(command: "bash --norc --noprofile -i")
    let report = home.path + "/stats.json"
    try session.type(
      "PS1='$ ' LANG=C.UTF-8 TERM=xterm-256color XDG_DATA_HOME=\(TmuxSession.quote(home.path)) "
        + "\(AppBinary.path) --latency 0 --stats-json \(TmuxSession.quote(report))")
    try session.press("Enter")
    #expect(try session.waitFor { $0.contains("1/1914") }.held)
    try session.press("j")
    #expect(try session.waitFor { $0.contains("16/1914") }.held)
    try session.press("C-z")
    #expect(try session.waitFor { $0.contains("Stopped") }.held)
    #expect(try !session.isAlternateScreenOn())
    Thread.sleep(forTimeInterval: 2)  // 120 frames' time: stopped, not dropped.
    try session.type("fg")
    try session.press("Enter")
    let back = try session.waitFor { $0.contains("16/1914") && $0.contains("Smileys & Emotion") }
    #expect(back.held, "\(back.screen)")
    // The first key after coming back is an arrow, and it moves.
    try session.press("Down")
    #expect(try session.waitFor { $0.contains("31/1914") }.held)
    try session.press("q")
    #expect(try session.waitFor { $0.contains("emoji-rater:") && $0.contains("frames") }.held)
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report)))
    let frames = try #require((json as? [String: Any])?["frames"] as? [String: Any])
    let dropped = try #require(frames["dropped"] as? Int)
    #expect(dropped < 20, "the 2 s the app was stopped counted as \(dropped) dropped frames")
  }

  /// The very first key is an arrow, pressed once the app has settled: it
  /// moves (it used to arrive in the spelling keypad mode was not yet back
  /// for, and did nothing).
  @Test func theFirstKeyAfterStartIsAnArrowAndItMoves() throws {
    let session = try startApp()
    #expect(try session.waitFor { position($0) == 1 }.held)
    Thread.sleep(forTimeInterval: 1.5)
    try session.press("Down")
    let moved = try session.waitFor { position($0) == 16 }
    #expect(moved.held, "\(moved.screen)")
  }

  /// The terminal is raw: Ctrl-S is a key (it does nothing), not XOFF,
  /// which would freeze the app's output until Ctrl-Q.
  @Test func ctrlSDoesNotFreezeTheApp() throws {
    let session = try startApp()
    try session.press("C-s")
    try session.press("j")
    #expect(try session.waitFor { position($0) == 16 }.held)
    try session.press("C-q", "C-\\", "l")
    #expect(try session.waitFor { position($0) == 17 }.held, "Ctrl-\\ must not kill the app")
    try session.press("q")
    #expect(try session.waitForExit().status == 0)
  }

  /// A key that cuts a broken character short (a stray UTF-8 lead byte, then
  /// Down, in one write) moves the selection at once, not when the next key
  /// comes. Down is sent as a terminal in keypad mode spells it.
  @Test func aKeyAfterABrokenCharacterIsNotHeldBack() throws {
    let session = try startApp()
    let down = Array("\u{1B}OB".utf8)
    try session.send(bytes: [0xE2] + down)
    let moved = try session.waitFor(timeout: 3) { position($0) == 16 }
    #expect(moved.held, "Down waited for the next key: \(moved.screen)")
    try session.send(bytes: [0xF0, 0x9F] + down)
    #expect(try session.waitFor(timeout: 3) { position($0) == 31 }.held)
    try session.press("q")
    #expect(try session.waitForExit().status == 0)
  }

  /// A paste is text for the search, never a stream of key presses: 5,000
  /// characters full of q, + and v leave a capped query, no vote, a
  /// running app, and q still quits.
  @Test func aLongPasteGoesIntoTheSearchCapped() throws {
    let session = try startApp()
    try session.press("/")
    #expect(try session.waitFor { $0.contains("/▏") }.held)
    let text = "face" + String(repeating: " q+v-", count: 1_000)
    try session.paste(text)
    let capped = try session.waitFor { $0.contains("the search keeps its first 80 characters") }
    #expect(capped.held, "\(capped.screen)")
    try session.press("Enter")
    try session.press("j")
    #expect(try session.waitFor { !$0.contains("search keeps") }.held, "the app answers keys")
    try session.press("Escape")
    try session.paste("q+v")  // Outside the search: ignored, with a note.
    #expect(try session.waitFor { $0.contains("a paste goes into the search") }.held)
    try session.press("q")
    let ended = try session.waitForExit()
    #expect(ended.status == 0, "\(ended.screen)")
    #expect(!ended.screen.contains("▲"), "no vote was cast")
  }

  /// `emoji-rater search` prints the best matches first, one a line, for a
  /// pipe; nothing found is status 1, an empty query status 2.
  @Test func searchPrintsRankedMatchesForScripts() throws {
    let result = try Subprocess.run([AppBinary.path, "search", "thumbs", "up"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("👍\tthumbs up\tU+1F44D\n"), "\(result.output)")
    #expect(try Subprocess.run([AppBinary.path, "search", "qxqx"]).status == 1)
    let empty = try Subprocess.run([AppBinary.path, "search", " "])
    #expect(empty.status == 2)
    #expect(empty.output.contains("the query is empty"))
  }

  @Test func doctorWithoutATerminalSaysSo() throws {
    let result = try Subprocess.run([AppBinary.path, "doctor"])
    #expect(result.status == 2)
    #expect(result.output.contains("standard input is not a terminal"), "\(result.output)")
  }

  @Test func aCrashStillRestoresTheTerminal() throws {
    // No interactive backtrace: the process dies of the signal once the screen is restored.
    let session = try TmuxSession.app(["--latency", "0"], environment: ["SWIFT_BACKTRACE": "enable=no"])
    #expect(try session.waitFor { $0.contains("grinning face") }.held)
    kill(try #require(session.appPID()), SIGSEGV)
    let ended = try session.waitForExit()
    #expect(ended.status == 139, "\(ended.screen)")
    #expect(try !session.isAlternateScreenOn())
  }

  @Test func anUnknownTerminalTypeIsAClearError() throws {
    let session = try TmuxSession.app(environment: ["TERM": "no-such-terminal"])
    let ended = try session.waitForExit()
    #expect(ended.screen.contains("'no-such-terminal'"), "\(ended.screen)")
    #expect(ended.status == 2)
  }

  @Test func aLocaleThatIsNotUTF8GetsAnAlignedASCIIGrid() throws {
    let session = try TmuxSession.app(["--latency", "0"], environment: ["LANG": "C", "LC_ALL": "C"])
    let shown = try session.waitFor { $0.contains("ASCII mode") && $0.contains("[gf ] gf   gf   bf") }
    #expect(shown.held, "\(shown.screen)")
    #expect(shown.screen.unicodeScalars.allSatisfy { $0.isASCII }, "\(shown.screen)")
  }

  @Test func refusesToRunWithoutATerminal() throws {
    // Standard input from /dev/null, output to a file: no terminal anywhere.
    let result = try Subprocess.run([AppBinary.path])
    #expect(result.status == 2)
    #expect(result.output.hasPrefix("emoji-rater: standard input is not a terminal"))
    #expect(result.output.split(separator: "\n").count == 1, "one line, and nothing drawn")
  }

  @Test func aMalformedDataFileIsRefusedNamingTheLine() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).txt")
    try "# group: G\n# subgroup: s\n1F600 ; fully-qualified # 😀 E1.0 grinning face\n1F6ZZ ; oops\n"
      .write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let session = try TmuxSession.app(["--emoji-data", file.path])
    let ended = try session.waitForExit()
    #expect(ended.screen.contains("\(file.lastPathComponent):4:"), "\(ended.screen)")
    #expect(ended.status == 1)
  }
}
