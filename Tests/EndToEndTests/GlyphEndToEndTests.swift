import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every emoji drawn as itself where the terminal allows, in tmux 3.3a at
/// 200×60: flags whole; joined emoji (which tmux forgets to join when a
/// read ends after a joiner), skin tones (four columns there) and VS16
/// sequences (one) as stand-ins; and every row's cells where they belong,
/// read from tmux's own columns.
@Suite struct GlyphEndToEndTests {
  /// The app at 200×60 after `keys`, once the section named shows loaded.
  static func show(_ arguments: [String], keys: String, section: String, environment: [String: String] = [:])
    throws -> (TmuxSession, String)
  {
    let session = try TmuxSession.app(
      ["--latency", "0", "--skin-tones"] + arguments, columns: 200, rows: 60, environment: environment)
    #expect(try session.waitFor { $0.contains("grinning face") }.held)
    try session.press(keys)
    let shown = try session.waitFor { $0.contains("· \(section) ›") && !$0.contains("⠋") }
    #expect(shown.held, "\(shown.screen)")
    return (session, shown.screen)
  }

  /// Where each row's cells fall, as tmux draws the captured characters.
  static func misplaced(_ session: TmuxSession, _ screen: String) throws -> [String] {
    let columns = try session.columns(of: GridAlignment.characters(of: screen))
    return GridAlignment.misplaced(screen, columns: columns)
  }

  @Test func flagsAreWholeAndEveryCellStaysInItsColumn() throws {
    let (session, screen) = try Self.show([], keys: "End", section: "Flags")
    #expect(screen.contains("🇿🇼"), "flags whole: \(screen)")
    #expect(screen.contains("🏴+"), "a subdivision flag has seven code points: more than a cell holds")
    var problems = try Self.misplaced(session, screen)
    #expect(problems == [], "\(screen)")
    // Drawn again from scratch (Ctrl-L), every row in one go.
    try session.press("C-l")
    Thread.sleep(forTimeInterval: 0.3)
    let repainted = try session.screen()
    problems = try Self.misplaced(session, repainted)
    #expect(problems == [], "\(repainted)")
  }

  @Test func whatTmuxCannotKeepInLineKeepsItsStandIn() throws {
    let (session, screen) = try Self.show([], keys: "Tab", section: "People & Body")
    #expect(!screen.contains("\u{200D}"), "no joined sequence: tmux drops a join cut by a read")
    #expect(screen.contains("👋1"), "a skin tone is four columns in tmux: its stand-in")
    #expect(screen.contains("👩+"))
    let problems = try Self.misplaced(session, screen)
    #expect(problems == [], "\(screen)")
  }

  @Test func safeBringsTodaysStandInsBackInTheSameColumns() throws {
    let (session, screen) = try Self.show(["--glyphs", "safe"], keys: "End", section: "Flags")
    #expect(screen.contains("ZW"), "flags as letters: \(screen)")
    let problems = try Self.misplaced(session, screen)
    #expect(problems == [])
    let (auto, autoScreen) = try Self.show([], keys: "End", section: "Flags")
    let firstColumn = { (screen: String) in
      GridAlignment.gridRows(of: screen).first?.prefix { $0 == " " }.count
    }
    #expect(firstColumn(screen) == firstColumn(autoScreen), "the grid starts where it did")
    withExtendedLifetime(auto) {}
  }

  /// What no probe can see, corrected by the person: `doctor --check` asks
  /// about each kind tmux keeps in two columns, the flags answered no are
  /// saved, and the app draws them as letters from then on, rows straight.
  @Test func aKindAnsweredNoInDoctorCheckIsAStandInFromThenOn() throws {
    let home = try DataHome()
    let environment = ["XDG_DATA_HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config"]
    let doctor = try TmuxSession.app(["doctor", "--check"], columns: 160, rows: 60, environment: environment)
    var answered = 0
    var saved = ""
    for _ in 0..<40 where saved.isEmpty {
      // The question on screen: `3/10  flag`, its row, then the prompt.
      let asked = try doctor.waitFor {
        $0.contains("saved ") || ($0.split(separator: "\n").last?.hasSuffix("[y/n]") ?? false)
      }
      try #require(asked.held, "\(asked.screen)")
      if let line = asked.screen.split(separator: "\n").first(where: { $0.hasPrefix("saved ") }) {
        saved = String(line)
        break
      }
      let question = try #require(
        asked.screen.split(separator: "\n").last { $0.firstMatch(of: #/^\d+/\d+ {2}/#) != nil })
      let number = Int(question.prefix { $0.isNumber })!
      guard number > answered else { continue }
      try doctor.type(question.hasSuffix("  flag") ? "n" : "y")
      try doctor.press("Enter")
      answered = number
    }
    #expect(answered >= 2, "single versions and flags asked about")
    #expect(saved.contains("flags drawn as stand-ins from now on"), "\(saved)")
    let file = try String(contentsOfFile: home.path + "/config/emoji-rater/glyphs.toml", encoding: .utf8)
    #expect(file.hasSuffix("[glyphs]\nflags = \"stand-in\"\n"), "\(file)")

    let (session, screen) = try Self.show([], keys: "End", section: "Flags", environment: environment)
    #expect(screen.contains("ZW") && !screen.contains("🇿🇼"), "flags as letters: \(screen)")
    #expect(try Self.misplaced(session, screen) == [], "\(screen)")
    // The command line wins over the file.
    let (_, whole) = try Self.show(
      ["--glyphs", "auto,flags=whole"], keys: "End", section: "Flags", environment: environment)
    #expect(whole.contains("🇿🇼"), "\(whole)")
  }

  /// A saved file the app cannot read stops it at start, naming the line:
  /// starting without it would bring back what the person saw drawn wrong.
  @Test func aBrokenCorrectionsFileIsAnErrorNamingItsLine() throws {
    let home = try DataHome()
    try FileManager.default.createDirectory(
      atPath: home.path + "/config/emoji-rater", withIntermediateDirectories: true)
    try "[glyphs]\nflags = letters\n".write(
      toFile: home.path + "/config/emoji-rater/glyphs.toml", atomically: true, encoding: .utf8)
    let session = try TmuxSession.app(
      ["--latency", "0"], columns: 160, rows: 20,
      environment: ["XDG_DATA_HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config"])
    let ended = try session.waitForExit()
    #expect(ended.status == 2, "\(ended.screen)")
    #expect(
      ended.screen.contains("glyphs.toml line 2 (flags = letters): expected KIND = \"whole\""),
      "\(ended.screen)")
  }

  @Test func aKindSetOnTheCommandLineIsDrawnSo() throws {
    let (session, screen) = try Self.show(["--glyphs", "auto,flags=letters"], keys: "End", section: "Flags")
    #expect(screen.contains("ZW") && !screen.contains("🇿🇼"), "\(screen)")
    #expect(try Self.misplaced(session, screen) == [], "\(screen)")
  }

  /// The check can fail: `--glyphs full` trusts tmux with ☺️ and 🫨, which
  /// it draws in one column and none, and the rows after them shift.
  @Test func trustingTmuxWithEveryKindShiftsRowsAndTheCheckSeesIt() throws {
    let session = try TmuxSession.app(["--latency", "0", "--glyphs", "full"], columns: 200, rows: 60)
    let shown = try session.waitFor { $0.contains("grinning face") && !$0.contains("⠋") }
    #expect(try Self.misplaced(session, shown.screen) != [])
  }

  @Test func anUnknownWayToDrawIsRefused() throws {
    let result = try Subprocess.run([AppBinary.path, "--glyphs", "fancy"])
    #expect(result.status == 2)
    #expect(result.output.contains("'fancy' is not a way to draw emoji; use auto, full, safe or ascii"))
  }

  @Test func asciiDrawsLettersInAUTF8Locale() throws {
    let session = try TmuxSession.app(["--latency", "0", "--glyphs", "ascii"], columns: 120, rows: 30)
    let shown = try session.waitFor { $0.contains("grinning face") && !$0.contains("-") == false }
    #expect(shown.screen.contains("[gf ]"), "\(shown.screen)")
    #expect(!shown.screen.contains("😀"))
  }

  /// `doctor` in tmux 3.3a asks the terminal itself, and reads what this
  /// machine's notes measured by hand: ZWJ and flags 2, skin tones 4,
  /// keycaps and VS16 sequences 1, a ZWJ sequence cut after its joiner 3.
  @Test func doctorReadsTheTerminalsWidths() throws {
    let session = try TmuxSession.app(["doctor"], columns: 140, rows: 30)
    let ended = try session.waitForExit()
    #expect(ended.status == 0, "\(ended.screen)")
    let widths = Dictionary(
      ended.screen.split(separator: "\n").compactMap { line -> (String, Int)? in
        guard let match = line.firstMatch(of: /^  (.+?)\s{2,}(\d+)\s{2}(whole|stand-in)/) else { return nil }
        return (String(match.1), Int(match.2)!)
      }, uniquingKeysWith: { first, _ in first })
    #expect(widths["ZWJ sequence"] == 2, "\(ended.screen)")
    #expect(widths["ZWJ sequence, read in two pieces"] == 3, "tmux forgets the join: 😶 and a text-style 🌫")
    #expect(widths["flag"] == 2)
    #expect(widths["skin tone"] == 4)
    #expect(widths["keycap"] == 1)
    #expect(widths["VS16 (emoji style)"] == 1)
    #expect(ended.screen.contains("1914 emoji (built-in Unicode 17.0): 1409 (73%) drawn as themselves here"))
  }
}

/// The width probe at start, on a terminal the test owns and plays: a
/// silent one (it never answers `CSI 6n`), and one whose answers come late.
@Suite struct ProbeEndToEndTests {
  static let request = Array("\u{1B}[6n".utf8)
  static let joiner = Array("\u{200D}".utf8)

  /// What the app wrote: the probe (up to leaving its alternate screen), and the rest.
  static func split(_ written: [UInt8]) -> (probe: [UInt8], screen: [UInt8]) {
    let end = Array("\u{1B}[?1049l".utf8)
    guard
      let start = (0...(written.count - end.count)).first(where: {
        written[$0..<$0 + end.count].elementsEqual(end)
      })
    else { return ([], written) }
    return (Array(written[..<start]), Array(written[start...]))
  }

  static func start(_ arguments: [String]) throws -> (PtyProcess, DataHome) {
    let home = try DataHome()
    return (try PtyProcess.app(["--latency", "0"] + arguments, home: home, columns: 200, rows: 60), home)
  }

  @Test func aSilentTerminalGetsStandInsAndTheAppStarts() throws {
    let (app, home) = try Self.start([])
    defer { withExtendedLifetime(home) {} }
    try #require(waitUntil(timeout: 30) { app.screenText.contains("grinning face") }, "\(app.diagnosis)")
    app.send("\t")
    try #require(waitUntil(timeout: 30) { app.screenText.contains("People & Body") }, "\(app.diagnosis)")
    let (probe, screen) = Self.split(app.written)
    #expect(probe.contains(Self.request), "the probe asked")
    let sentWhole = screen.contains(Self.joiner)
    #expect(!sentWhole, "no sequence is sent whole to a terminal that did not answer")
    app.send("q")
    #expect(app.waitForExit(timeout: 30) == 0)
  }

  /// `--glyphs full` asks no widths (only where the cursor starts, with
  /// the synchronized-output question) and sends joined emoji whole.
  @Test func fullSendsSequencesWholeWithoutAskingWidths() throws {
    let (app, home) = try Self.start(["--glyphs", "full"])
    defer { withExtendedLifetime(home) {} }
    app.send("\t")
    #expect(waitUntil(timeout: 30) { app.written.contains(Self.joiner) }, "a joined sequence is sent whole")
    let (probe, _) = Self.split(app.written)
    let requests = String(decoding: probe, as: UTF8.self).components(separatedBy: "\u{1B}[6n").count - 1
    #expect(requests == 1, "one position asked, no samples")
    #expect(!probe.contains(Self.joiner))
    app.send("q")
    #expect(app.waitForExit(timeout: 30) == 0)
  }

  /// Typed while the probe waits for answers: right twice, then a vote.
  /// The vote lands on the third emoji, so the keys came, in order.
  @Test func keysTypedDuringTheProbeArriveInOrder() throws {
    let (app, home) = try Self.start([])
    try #require(waitUntil(timeout: 30) { app.written.contains(Self.request) }, "\(app.diagnosis)")
    app.send("ll+")
    try #require(waitUntil(timeout: 30) { home.contents().contains("1f604") }, "\(home.contents())")
    app.send("q")
    #expect(app.waitForExit(timeout: 30) == 0)
    #expect(!home.contents().contains("1f600") && !home.contents().contains("1f603"), "\(home.contents())")
  }

  /// Every answer arrives after the app has started, Shift-F3's spelling
  /// (`ESC [ 1 ; 2 R`) among them, while the search line is open: none
  /// becomes a key (an Esc would close the search, `R` would be typed).
  @Test func lateAnswersNeverBecomeKeys() throws {
    let (app, home) = try Self.start([])
    try #require(waitUntil(timeout: 30) { app.screenText.contains("grinning face") }, "\(app.diagnosis)")
    app.send("/")
    try #require(waitUntil(timeout: 30) { app.screenText.contains("▏") }, "\(app.diagnosis)")
    let late = ["1;1", "1;3", "1;2", "1;5", "1;3", "1;3", "1;2", "1;3", "1;3", "1;2", "1;2", "1;2"]
    app.send(late.map { "\u{1B}[\($0)R" }.joined())
    app.send("grinning cat\r+")
    try #require(waitUntil(timeout: 30) { home.contents().contains("\"vote\"") }, "\(app.diagnosis)")
    app.send("q")
    #expect(app.waitForExit(timeout: 30) == 0)
    let saved = home.contents()
    #expect(saved.contains("\"emoji\": \"1f63a\""), "the vote went to grinning cat: \(saved)")
    #expect(saved.components(separatedBy: "\"vote\"").count == 2, "one vote: \(saved)")
  }
}

extension Array where Element == UInt8 {
  /// Whether `bytes` occur in a row somewhere in this array.
  fileprivate func contains(_ bytes: [UInt8]) -> Bool {
    guard !bytes.isEmpty, count >= bytes.count else { return false }
    return (0...(count - bytes.count)).contains { start in
      self[start..<start + bytes.count].elementsEqual(bytes)
    }
  }
}
