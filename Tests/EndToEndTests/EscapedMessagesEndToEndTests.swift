import Foundation
import TestSupport
import Testing

/// Input that carries terminal escapes — a ratings file, an option's value,
/// a data file, a path — quoted in a message: the escape is shown
/// (`\u{1b}`), never sent. Nothing below 0x20 but a line break, and nothing
/// from DEL to U+009F, reaches standard error, standard output or the screen.
@Suite struct EscapedMessagesEndToEndTests {
  /// An OSC 52 clipboard write: what a hostile file would hide in a quote.
  static let clipboardWrite = "\u{1b}]52;c;aGVsbG8=\u{7}"
  static let shown = #"\u{1b}]52;c;aGVsbG8=\u{7}"#

  /// The control characters in `bytes`, as U+ names; none is allowed but the line break.
  static func rawControls(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).unicodeScalars.filter { scalar in
      (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
    }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
  }

  /// A ratings file whose one entry's emoji is a clipboard write.
  static func hostileRatings() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID()).json").path
    let entry = #"{"emoji":"\u001b]52;c;aGVsbG8=\u0007","vote":"up","time":"2026-11-21T01:00:00Z"}"#
    try #"{"version":1,"ratings":[\#(entry)]}"#.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(arguments: ["export", "stats"])
  func aRatingsEntryWithAnEscapeIsQuotedShown(command: String) throws {
    let ratings = try Self.hostileRatings()
    defer { try? FileManager.default.removeItem(atPath: ratings) }
    let result = try Subprocess.run([AppBinary.path, command, "--ratings", ratings])
    #expect(result.status != 0)
    #expect(result.output.contains("ratings entry 1 (\"\(Self.shown)\")"), "\(result.output)")
    #expect(Self.rawControls(result.bytes) == [], "\(result.output)")
  }

  /// Options whose values are quoted in the refusal, and ArgumentParser's
  /// own messages (an unknown option is quoted by it).
  @Test(arguments: [
    ["--source", "http://x\(clipboardWrite)"],
    ["--source", "\(clipboardWrite)://x"],
    ["--lang", clipboardWrite],
    ["--mode", clipboardWrite],
    ["--glyphs", clipboardWrite],
    ["--latency", clipboardWrite],
    ["--\(clipboardWrite)"],
    ["export", "--format", clipboardWrite],
    ["export", "--ratings", "/nonexistent-\(clipboardWrite)/ratings.json"],
    ["bench", "--traces", clipboardWrite],
    ["bench", "--plot", "/nonexistent-\(clipboardWrite)/plot.svg"],
    ["serve", "--host", clipboardWrite, "--port", "0"],
  ])
  func anOptionsValueWithAnEscapeIsQuotedShown(arguments: [String]) throws {
    // serve opens its database before it listens: one of the test's own.
    let home = try DataHome()
    let database = arguments.first == "serve" ? ["--database", home.path + "/server.sqlite"] : []
    let result = try Subprocess.run([AppBinary.path] + arguments + database)
    #expect(result.status != 0, "\(result.output)")
    #expect(!result.output.isEmpty, "it says what went wrong")
    #expect(Self.rawControls(result.bytes) == [], "\(result.output)")
  }

  /// A data file whose bad line holds an escape: the app names the line,
  /// and the quote of it on standard error is shown, not sent.
  @Test func aDataFileLineWithAnEscapeIsQuotedShown() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).txt")
    try "# group: G\n# subgroup: s\n1F6\(Self.clipboardWrite)00 ; fully-qualified # 😀 E1.0 grinning face\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let errors = file.path + ".stderr"
    defer {
      try? FileManager.default.removeItem(at: file)
      try? FileManager.default.removeItem(atPath: errors)
    }
    let command = [AppBinary.path, "--emoji-data", file.path].map(TmuxSession.quote).joined(separator: " ")
    let session = try TmuxSession(
      command: "\(command) 2>\(TmuxSession.quote(errors))",
      environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color"])
    let ended = try session.waitForExit()
    #expect(ended.status == 1)
    let bytes = [UInt8](FileManager.default.contents(atPath: errors) ?? Data())
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains(":3:") && text.contains(#"\u{1b}]52"#), "\(text)")
    #expect(Self.rawControls(bytes) == [], "\(text)")
  }

  /// Browsing with that ratings file: it is kept aside, and the notice on
  /// screen quotes the entry shown, not sent.
  @Test func theNoticeOfAHostileRatingsFileShowsTheEscape() throws {
    let home = try DataHome()
    try FileManager.default.createDirectory(
      atPath: home.path + "/emoji-rater", withIntermediateDirectories: true)
    let hostile = try Self.hostileRatings()
    try FileManager.default.moveItem(atPath: hostile, toPath: home.ratings)
    let session = try TmuxSession.app(
      ["--latency", "0"], columns: 240, environment: ["XDG_DATA_HOME": home.path])
    try session.press("f")  // the hint line, where standing notices show in full
    let told = try session.waitFor { $0.contains("could not be read") }
    #expect(told.held && told.screen.contains(#"\u{1b}]52"#), "\(told.screen)")
    #expect(Self.rawControls(Array(told.screen.utf8)) == [])
    try session.press("q")
    #expect(try session.waitForExit().status == 0)
  }
}
