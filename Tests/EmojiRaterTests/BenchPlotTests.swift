import Foundation
import Testing

@testable import EmojiRater

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `emoji-rater bench --plot`: an SVG a browser can show.
@Suite struct BenchPlotTests {
  static let runs =
    ["sync", "async", "prefetch"].flatMap { mode in
      ["steady", "pages"].map { trace in
        var run = BenchTableTests.result(mode: mode, trace: trace, newCells: 5, pool: 515)
        if mode == "sync" { run.workP95 = 693 }
        return run
      }
    } + [BenchTableTests.result(mode: "prefetch", trace: "steady", newCells: 5, pool: 6)]

  /// Counts the elements of each class, and whether the text parsed.
  final class Counter: NSObject, XMLParserDelegate {
    var classes: [String: Int] = [:]
    var texts: [String] = []
    private var inText = false

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      if let kind = attributes["class"] { classes[kind, default: 0] += 1 }
      inText = name == "text"
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if inText { texts.append(string) }
    }
  }

  @Test func itParsesAsXMLWithOneGroupPerRunAndAPanelPerSizeAndTrace() throws {
    let svg = BenchPlot.svg(Self.runs)
    let parser = XMLParser(data: Data(svg.utf8))
    let counter = Counter()
    parser.delegate = counter
    #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
    #expect(counter.classes["run"] == Self.runs.count)
    #expect(counter.classes["panel"] == 2, "200x60 steady and pages")
    #expect(counter.texts.joined().contains("200x60 · pages"))
    #expect(counter.texts.joined().contains("prefetch, pool 6"))
  }

  /// A blocked sync frame and an idle prefetch one both show on the log
  /// scale; the ends are clamped.
  @Test func workIsOnALogScale() {
    #expect(BenchPlot.workPosition(0.01) == 0)
    #expect(BenchPlot.workPosition(1_000) == 1)
    #expect(abs(BenchPlot.workPosition(1) - 0.4) < 1e-9)
    #expect(BenchPlot.workPosition(0) == 0 && BenchPlot.workPosition(5_000) == 1)
  }

  @Test func namesAreEscaped() {
    var run = BenchTableTests.result(mode: "a<b&\"c\"", trace: "t>", newCells: 1, pool: 1)
    run.oracleReadyOnDisplay = nil
    let svg = BenchPlot.svg([run])
    #expect(svg.contains("a&lt;b&amp;&quot;c&quot;"))
    #expect(!svg.contains("a<b"))
    let parser = XMLParser(data: Data(svg.utf8))
    #expect(parser.parse())
  }
}
