import Testing

@testable import EmojiRater

/// `emoji-rater doctor`'s report, from given probe answers.
@Suite struct TerminalReportTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: false)
  static let samples = EmojiCatalog.builtIn(includeSkinTones: true)

  func report(columns: (String) -> Int?) -> TerminalReport {
    let kinds = TerminalReport.kinds(in: Self.samples)
    return TerminalReport(
      terminal: "TERM=xterm-256color", locale: "C.UTF-8 (UTF-8)", colors: 256, kinds: kinds,
      columns: kinds.map { columns($0.name) }, catalog: Self.catalog,
      drawnAsItself: { SequenceKind($0.scalars) == .single })
  }

  @Test func everyKindHasAnExampleFromTheCatalog() {
    let kinds = TerminalReport.kinds(in: Self.samples)
    #expect(kinds.count == 10)
    #expect(kinds.first { $0.name == "skin tone" }?.sample.name == "waving hand: light skin tone")
    #expect(kinds.first { $0.name == "single code point, Emoji 17.0" }?.sample.name == "distorted face")
  }

  @Test func aTerminalThatJoinsEveryKindCouldShowTheWholeCatalog() {
    let text = report { _ in 2 }.text
    #expect(text.contains("1914 (100%) are of kinds this terminal keeps in two columns"), "\(text)")
  }

  /// tmux 3.3a, as `doctor` read it there: Emoji 15–17 code points 0
  /// columns, skin tones 4, keycaps and VS16 sequences 1.
  @Test func tmux33sWidths() {
    let tmux: [String: Int] = [
      "single code point, Emoji 15.0": 0, "single code point, Emoji 16.0": 0,
      "single code point, Emoji 17.0": 0,
      "skin tone": 4, "keycap": 1, "VS16 (emoji style)": 1,
    ]
    let text = report { tmux[$0] ?? 2 }.text
    #expect(text.contains("  skin tone"))
    #expect(text.contains("are of kinds this terminal keeps in two columns"))
    #expect(!text.contains("(100%) are of kinds"))
  }

  @Test func aSilentTerminalIsSaidSo() {
    let text = report { _ in nil }.text
    #expect(text.contains("the terminal did not answer the cursor position request"))
    #expect(!text.contains("keeps in two columns"))
  }
}
