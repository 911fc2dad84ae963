import Terminal
import TestSupport
import Testing

@Suite struct CursorReportParserTests {
  @Test func reportsComeOutAndEverythingElseStaysInOrder() {
    var parser = CursorReportParser()
    let (reports, other) = parser.feed(Array("j\u{1B}[12;40Rk\u{1B}[A\u{1B}[3;1R".utf8))
    #expect(reports == [.init(row: 12, column: 40), .init(row: 3, column: 1)])
    #expect(other == Array("jk\u{1B}[A".utf8))
  }

  @Test func aReportSplitAcrossReadsIsJoined() {
    var parser = CursorReportParser()
    var reports: [CursorReportParser.Report] = []
    var other: [UInt8] = []
    for byte in Array("\u{1B}[7;19R".utf8) {
      let (found, rest) = parser.feed([byte])
      reports += found
      other += rest
    }
    #expect(reports == [.init(row: 7, column: 19)])
    #expect(other.isEmpty)
  }

  @Test func garbageAndPartialAnswersAreNotReports() {
    var parser = CursorReportParser()
    let (reports, other) = parser.feed(Array("\u{1B}[;5R\u{1B}[1;R\u{1B}[999999;1R\u{1B}x".utf8))
    #expect(reports.isEmpty)
    #expect(other == Array("\u{1B}[;5R\u{1B}[1;R\u{1B}[999999;1R\u{1B}x".utf8))
    let (_, tail) = parser.feed(Array("\u{1B}[4;".utf8))
    #expect(tail.isEmpty && parser.isHoldingBytes)
    #expect(parser.flush() == Array("\u{1B}[4;".utf8))
  }
}

/// The probe against scripted terminals: one that gives every sample two
/// columns, tmux 3.3a's table, a silent one, a noisy one.
@Suite struct WidthProbeTests {
  static let samples = ["😀", "👩‍💻", "👍🏽", "🇺🇸", "1️⃣", "❤️"]
  static let tmux33 = ["😀": 2, "👩‍💻": 2, "👍🏽": 4, "🇺🇸": 2, "1️⃣": 1, "❤️": 1]

  func measure(_ terminal: ScriptedTerminal) -> WidthProbe.Measurement {
    WidthProbe.measure(Self.samples, input: terminal.slave, output: terminal.slave)
  }

  @Test func aTerminalThatJoinsEverything() throws {
    let terminal = try ScriptedTerminal(behaviour: .answers(split: false, garbage: false)) {
      $0.isEmpty ? 0 : 2
    }
    let result = measure(terminal)
    #expect(result.columns == Self.samples.map { _ in 2 })
    #expect(result.typed.isEmpty)
  }

  @Test func tmux33sTableAnsweredOneByteAtATimeAmidGarbage() throws {
    let terminal = try ScriptedTerminal(behaviour: .answers(split: true, garbage: true)) {
      Self.tmux33[$0] ?? 0
    }
    let result = measure(terminal)
    #expect(result.columns == Self.samples.map { Self.tmux33[$0] })
    // The garbage is no answer: it is handed back as input, not swallowed.
    #expect(result.typed == Array(String(repeating: "\u{1B}[1;2q", count: Self.samples.count + 1).utf8))
  }

  @Test func aSilentTerminalGivesNoWidthsAndKeepsTheKeysTyped() throws {
    let terminal = try ScriptedTerminal(behaviour: .silent, typed: Array("jjq".utf8)) { _ in 2 }
    let result = measure(terminal)
    #expect(result.columns == Self.samples.map { _ in nil })
    #expect(!result.answered)
    #expect(result.typed == Array("jjq".utf8))
  }

  @Test func keysTypedDuringTheProbeArriveInOrder() throws {
    let terminal = try ScriptedTerminal(
      behaviour: .answers(split: false, garbage: false), typed: Array("/cat\u{1B}[A".utf8)
    ) { _ in 2 }
    let result = measure(terminal)
    #expect(result.typed == Array("/cat\u{1B}[A".utf8))
    #expect(result.answered)
  }

  /// A window resized (or a line wrapped) during the probe: an answer for
  /// another row than the first is no width.
  @Test func anAnswerForAnotherRowIsNoWidth() throws {
    let terminal = try ScriptedTerminal(
      behaviour: .answers(split: false, garbage: false), row: { $0 == 3 ? 9 : 5 },
      columns: { $0.isEmpty ? 0 : 2 })
    let result = measure(terminal)
    #expect(result.columns == [2, 2, nil, 2, 2, 2])
  }
}

/// A sample sent in two writes, the second once the terminal has answered
/// for the first: what a terminal does with a sequence cut in two, as a
/// large frame is wherever its reads fall.
@Suite struct SplitSampleProbeTests {
  static let samples: [WidthProbe.Sample] = [.whole("👩‍💻"), .inTwoReads("👩‍", "💻"), .whole("😀")]
  /// tmux 3.3a's widths: 👩‍💻 2, and 👩💻 (the join forgotten) 4.
  static func tmux(_ text: String) -> Int { text.isEmpty ? 0 : text == "👩💻" ? 4 : 2 }

  @Test func aTerminalThatForgetsAJoinAcrossReadsIsCaught() throws {
    let terminal = try ScriptedTerminal(
      behaviour: .answers(split: false, garbage: false), joinsAcrossReads: false, columns: Self.tmux)
    let result = WidthProbe.measure(samples: Self.samples, input: terminal.slave, output: terminal.slave)
    #expect(result.columns == [2, 4, 2])
    #expect(result.missingAnswers == 0)
  }

  @Test func aTerminalThatJoinsAcrossReadsKeepsTwoColumns() throws {
    let terminal = try ScriptedTerminal(behaviour: .answers(split: true, garbage: false), columns: Self.tmux)
    let result = WidthProbe.measure(samples: Self.samples, input: terminal.slave, output: terminal.slave)
    #expect(result.columns == [2, 2, 2])
  }

  /// Silent: the second write never goes, and only the first write's
  /// requests are owed.
  @Test func aSilentTerminalIsNotAskedTwice() throws {
    let terminal = try ScriptedTerminal(behaviour: .silent, typed: Array("k".utf8), columns: Self.tmux)
    let result = WidthProbe.measure(samples: Self.samples, input: terminal.slave, output: terminal.slave)
    #expect(result.columns == [nil, nil, nil])
    #expect(result.missingAnswers == 3, "the first position and the two whole samples")
    #expect(result.typed == Array("k".utf8))
  }
}
