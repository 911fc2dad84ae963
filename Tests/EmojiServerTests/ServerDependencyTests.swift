import Foundation
import Testing

/// `emoji-rater serve` is the server alone: its module reaches no terminal
/// code and nothing of the app, so it needs no ncurses. Followed through
/// the `import` lines of the package's own modules, from the server's.
@Suite struct ServerDependencyTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")

  /// The package's modules that the Swift files of `module` import.
  static func imports(of module: String) throws -> Set<String> {
    let folder = sources.appendingPathComponent(module)
    let local = Set(try FileManager.default.contentsOfDirectory(atPath: sources.path))
    var found = Set<String>()
    let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let at = words.firstIndex(of: "import"), at + 1 < words.count else { continue }
        let name = String(words[at + 1])
        if local.contains(name) { found.insert(name) }
      }
    }
    return found
  }

  @Test func theServerReachesNoTerminalAndNothingOfTheApp() throws {
    var reached = Set<String>()
    var next = ["EmojiServer"]
    while let module = next.popLast() {
      for imported in try Self.imports(of: module) where reached.insert(imported).inserted {
        next.append(imported)
      }
    }
    #expect(reached.contains("EmojiModel"), "the server's catalog: \(reached.sorted())")
    for unwanted in ["CNcurses", "Terminal", "EmojiRater"] {
      #expect(!reached.contains(unwanted), "the server reaches \(unwanted): \(reached.sorted())")
    }
  }

  /// The walk itself sees a terminal where there is one.
  @Test func theAppReachesTheTerminal() throws {
    #expect(try Self.imports(of: "EmojiRater").contains("Terminal"))
    #expect(try Self.imports(of: "Terminal").contains("CNcurses"))
  }
}
