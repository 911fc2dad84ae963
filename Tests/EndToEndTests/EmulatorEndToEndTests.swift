import Foundation
import TestSupport
import Testing

/// Straight rows beyond tmux: the app in libvterm (the library inside
/// Neovim's and Vim's `:terminal`, whose width table stops at Emoji 4.0 and
/// which joins no sequence) and in pyte, each on a pseudo-terminal that
/// `scripts/emulator-grid.py` owns, answering the app's width probe as a
/// terminal does. On the first screen, People & Body and Flags, every grid
/// row keeps the five-column grid (the tmux test's rule), read from the
/// emulator's own cells.
@Suite struct EmulatorEndToEndTests {
  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/emulator-grid.py").path

  struct Screen: Decodable {
    var name: String
    var reached: Bool
    var gridRows: Int
    var misaligned: [Problem]
    var text: String

    enum CodingKeys: String, CodingKey {
      case name, reached, misaligned, text
      case gridRows = "grid_rows"
    }

    struct Problem: Decodable {
      var row: String
      var problem: String
    }
  }

  struct Report: Decodable {
    var screens: [Screen]
  }

  /// The screens `emulator` showed the app with `arguments` at `size`.
  static func screens(_ emulator: String, size: String, _ arguments: [String]) throws -> [Screen] {
    let result = try Subprocess.run(
      ["python3", script, "--emulator", emulator, "--size", size, "--binary", AppBinary.path, "--"]
        + ["--latency", "0"] + arguments)
    // The report is the one JSON object; a missing emulator says so on its own.
    let start = try #require(result.output.firstIndex(of: "{"), "\(result.output)")
    let end = try #require(result.output.lastIndex(of: "}"), "\(result.output)")
    return try JSONDecoder().decode(Report.self, from: Data(result.output[start...end].utf8)).screens
  }

  static let cases: [(String, String, [String])] = ["libvterm", "pyte"].flatMap { emulator in
    ["100x32", "200x60"].flatMap { size in
      [
        ["--glyphs", "auto"], ["--glyphs", "safe"], ["--glyphs", "auto", "--skin-tones"],
        ["--glyphs", "safe", "--skin-tones"],
      ].map { (emulator, size, $0) }
    }
  }

  @Test(arguments: cases)
  func everyGridRowIsStraight(emulator: String, size: String, arguments: [String]) throws {
    let screens = try Self.screens(emulator, size: size, arguments)
    #expect(screens.map(\.name) == ["first", "People & Body", "Flags"])
    for screen in screens {
      #expect(screen.reached, "\(emulator) \(size) \(arguments) never showed \(screen.name): \(screen.text)")
      #expect(screen.gridRows >= 20, "\(screen.name): \(screen.text)")
      #expect(
        screen.misaligned.isEmpty,
        "\(emulator) \(size) \(arguments) \(screen.name): \(screen.misaligned.map(\.problem))\n\(screen.text)"
      )
    }
  }

  /// The check can fail: `--glyphs full` trusts libvterm with every kind,
  /// and the emoji it gives one column (Emoji 5.0 on) shift their rows.
  @Test func trustingLibvtermWithEveryKindShiftsRowsAndTheCheckSeesIt() throws {
    let screens = try Self.screens("libvterm", size: "100x32", ["--glyphs", "full"])
    let first = try #require(screens.first)
    #expect(first.misaligned.count >= 10, "\(first.text)")
    #expect(first.misaligned.contains { $0.problem.contains("1 column(s) wide") }, "the culprit is named")
  }
}
