import Foundation
import Testing

/// The README and the pages under `docs/` link only to files that are in
/// the repository (the screenshots, the benchmark's picture, each other).
@Suite struct DocumentationLinkTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static var pages: [URL] {
    let docs = root.appendingPathComponent("docs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    return [root.appendingPathComponent("README.md")]
      + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
  }

  @Test func everyLocalLinkResolvesToAFile() throws {
    #expect(Self.pages.count > 3, "README.md and the pages under docs/")
    for page in Self.pages {
      let text = try String(contentsOf: page, encoding: .utf8)
      for match in text.matches(of: /\]\(([^)\s]+)\)/) {
        let target = String(match.1)
        guard !target.hasPrefix("http"), !target.hasPrefix("#") else { continue }
        let path = String(target.split(separator: "#").first ?? "")
        let file = page.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
        #expect(
          FileManager.default.fileExists(atPath: file.path), "\(page.lastPathComponent) links to \(target)")
      }
    }
  }

  @Test func theFrontPageShowsTheAppFirst() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    let picture = lines.firstIndex { $0.hasPrefix("![") }
    #expect(picture.map { $0 < 20 } == true, "a screenshot within the first screen")
    #expect(readme.utf8.count < 16_000, "a page a newcomer reads in a minute")
  }
}
