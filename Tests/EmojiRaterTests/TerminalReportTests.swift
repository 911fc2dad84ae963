import EmojiModel
import Testing

@testable import EmojiRater

/// `emoji-rater doctor`'s report, from given probe answers.
@Suite struct TerminalReportTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: false)

  func report(columns: (GlyphKind) -> Int?) -> TerminalReport {
    let samples = TerminalProbe.samples(in: Self.catalog)
    return TerminalReport(
      terminal: "TERM=xterm-256color", locale: "C.UTF-8 (UTF-8)", colors: 256,
      probe: TerminalProbe(samples: samples, columns: samples.map { columns($0.kind) }),
      catalog: Self.catalog,
      libraryColumns: glibc236)
  }

  /// A terminal that answered only some samples: an unanswered version it
  /// does not narrow is drawn as itself, and the report says so; one newer
  /// than a narrow version is letters, a stand-in.
  @Test func anUnansweredVersionIsReportedAsTheGridDrawsIt() {
    let text = report { kind in
      guard case .single(let version) = kind, let number = Double(version) else { return 2 }
      return number == 3 ? nil : number >= 13 ? (number == 13 ? 1 : nil) : 2
    }.text
    #expect(text.contains(lineWith: "single code point, Emoji 3.0", "?", "whole"), "\(text)")
    #expect(text.contains(lineWith: "single code point, Emoji 14.0", "?", "stand-in"), "\(text)")
  }

  @Test func everyKindIsAskedAbout() {
    #expect(
      TerminalProbe.samples(in: Self.catalog).count == 21,
      "12 Emoji versions of single code points, 9 kinds of sequence")
    let text = report { _ in 2 }.text
    #expect(text.contains("  skin tone"))
    #expect(text.contains("  single code point, Emoji 17.0"))
  }

  @Test func tmux33sWidthsSayWhatIsWholeAndWhy() {
    let text = report { tmux33[$0] }.text
    #expect(text.contains(lineWith: "ZWJ sequence ", "2", "stand-in", "read in two pieces"), "\(text)")
    #expect(text.contains(lineWith: "VS16 (emoji style)", "1", "stand-in"), "\(text)")
    #expect(text.contains(lineWith: "skin tone", "4", "stand-in"), "\(text)")
    #expect(text.contains(lineWith: "subdivision flag", "2", "stand-in", "7 code points, and a cell holds 5"))
    #expect(text.contains(lineWith: "flag ", "2", "whole"))
    #expect(text.contains("with --glyphs safe"))
  }

  /// The language names and search are in, and why not the locale's.
  @Test func theLanguageLineSaysWhyEnglish() {
    var report = report { _ in 2 }
    #expect(report.text.contains("\nnames     English (built in)\n"))
    report.language = "English (LANG asks for xx_YY, but no emoji names for 'xx_YY' on this system)"
    #expect(report.text.contains(lineWith: "names", "LANG asks for xx_YY"))
  }

  @Test func aSilentTerminalIsSaidSo() {
    let text = report { _ in nil }.text
    #expect(text.contains("the terminal did not answer the cursor position request"))
    #expect(text.contains(lineWith: "catalog", "1914 emoji", "drawn as themselves here"))
  }
}

extension String {
  /// Whether one line holds every one of `pieces`, in order.
  fileprivate func contains(lineWith pieces: String...) -> Bool {
    split(separator: "\n").contains { line in
      var rest = line[...]
      for piece in pieces {
        guard let range = rest.range(of: piece) else { return false }
        rest = rest[range.upperBound...]
      }
      return true
    }
  }
}
