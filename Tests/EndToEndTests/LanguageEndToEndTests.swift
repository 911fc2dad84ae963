import Foundation
import TestSupport
import Testing

/// The user's language with the real binary in tmux: `LANG=de_DE.UTF-8`
/// (not installed as a locale here: the grid still gets UTF-8) names the
/// emoji in German, and `/lachen` finds 😂. Needs the system's German
/// annotations (`make test` installs unicode-cldr-core).
@Suite(
  .serialized,
  .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/unicode/cldr/common/annotations/de.xml")))
struct LanguageEndToEndTests {
  @Test func germanNamesAndSearchByAGermanKeywordThenVote() throws {
    let home = try DataHome()
    defer { withExtendedLifetime(home) {} }  // the app uses the folder to the end
    let session = try TmuxSession.app(
      ["--latency", "0"], environment: ["XDG_DATA_HOME": home.path, "LANG": "de_DE.UTF-8"])
    let started = try session.waitFor { $0.contains("grinsendes Gesicht · Smileys & Emotion") }
    #expect(started.held, "German names on the status line, the grid in Unicode: \(started.screen)")
    try session.type("/lachen")
    let narrowed = try session.waitFor { $0.contains("Best matches for “lachen”") && $0.contains("😂") }
    #expect(narrowed.held, "\(narrowed.screen)")
    try session.press("Enter")
    // 😂 among the first matches: step to it, vote, and the vote is its.
    var found = false
    for _ in 0..<12 {
      if try session.waitFor(timeout: 1, { $0.contains("Gesicht mit Freudentränen ·") }).held {
        found = true
        break
      }
      try session.press("n")
    }
    #expect(found, "😂 is among the first twelve matches for lachen")
    try session.press("+")
    #expect(try session.waitFor { $0.contains("▲ voted up") }.held)
    try session.press("Escape")
    #expect(try session.waitFor { $0.contains("Smileys & Emotion (") && !$0.contains("/lachen") }.held)
    try session.press("q")
    #expect(try session.waitForExit().status == 0)
    #expect(home.contents().contains("\"emoji\": \"1f602\""), "\(home.contents())")
  }

  /// An unknown `--lang` stops before the screen is touched, saying what
  /// the system has.
  @Test func anUnknownLangIsRefusedWithStatus2() throws {
    let result = try Subprocess.run([AppBinary.path, "search", "--lang", "xx", "laugh"])
    #expect(result.status == 2)
    #expect(result.output.contains("no emoji names for 'xx' on this system (it has "), "\(result.output)")
  }
}
