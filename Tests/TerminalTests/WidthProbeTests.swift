import Terminal
import TestSupport
import Testing

@Suite struct AnswerParserTests {
  @Test func reportsComeOutAndEverythingElseStaysInOrder() {
    var parser = AnswerParser()
    let (answers, other) = parser.feed(Array("j\u{1B}[12;40Rk\u{1B}[A\u{1B}[3;1R".utf8))
    #expect(answers == [.cursor(row: 12, column: 40), .cursor(row: 3, column: 1)])
    #expect(other == Array("jk\u{1B}[A".utf8))
  }

  @Test func aReportSplitAcrossReadsIsJoined() {
    var parser = AnswerParser()
    var answers: [AnswerParser.Answer] = []
    var other: [UInt8] = []
    for byte in Array("\u{1B}[7;19R\u{1B}[?2026;2$y".utf8) {
      let (found, rest) = parser.feed([byte])
      answers += found
      other += rest
    }
    #expect(answers == [.cursor(row: 7, column: 19), .mode(2026, setting: 2)])
    #expect(other.isEmpty)
  }

  /// DECRPM, the answer to DECRQM: which modes the terminal has.
  @Test func modeReportsAreAnswersToo() {
    var parser = AnswerParser()
    let (answers, other) = parser.feed(Array("\u{1B}[?2026;1$yx\u{1B}[?2026;0$y\u{1B}[?1;2$p".utf8))
    #expect(answers == [.mode(2026, setting: 1), .mode(2026, setting: 0)])
    #expect(other == Array("x\u{1B}[?1;2$p".utf8), "a request, not an answer, is passed on")
  }

  @Test func garbageAndPartialAnswersAreNotReports() {
    var parser = AnswerParser()
    let (answers, other) = parser.feed(Array("\u{1B}[;5R\u{1B}[1;R\u{1B}[999999;1R\u{1B}x\u{1B}[?5;1R".utf8))
    #expect(answers.isEmpty)
    #expect(other == Array("\u{1B}[;5R\u{1B}[1;R\u{1B}[999999;1R\u{1B}x\u{1B}[?5;1R".utf8))
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
    #expect(result.missingAnswers == 4, "the first position, the two whole samples and the mode")
    #expect(result.typed == Array("k".utf8))
  }
}

/// Whether the terminal has synchronized output (DECRQM for mode 2026),
/// asked with the widths.
@Suite struct SynchronizedOutputProbeTests {
  func probe(_ terminal: ScriptedTerminal) -> WidthProbe.Measurement {
    WidthProbe.measure(["😀"], input: terminal.slave, output: terminal.slave)
  }

  @Test(arguments: [(1, true), (2, true), (3, true), (4, false), (0, false)] as [(Int, Bool)])
  func aTerminalThatAnswersSaysSo(setting: Int, supported: Bool) throws {
    let terminal = try ScriptedTerminal(
      behaviour: .answers(split: true, garbage: true), modes: [2026: setting]
    ) { $0.isEmpty ? 0 : 2 }
    let result = probe(terminal)
    #expect(result.synchronizedOutput == supported)
    #expect(result.columns == [2])
    #expect(result.missingAnswers == 0)
  }

  /// One that answers the position but not the mode does not know the mode.
  @Test func aTerminalThatIgnoresTheQuestionHasNone() throws {
    let terminal = try ScriptedTerminal(behaviour: .answers(split: false, garbage: false)) { _ in 2 }
    #expect(probe(terminal).synchronizedOutput == false)
  }

  /// A silent one: unknown, and the mode's answer is owed with the rest.
  @Test func aSilentTerminalIsUnknown() throws {
    let terminal = try ScriptedTerminal(behaviour: .silent, modes: [2026: 2]) { _ in 2 }
    let result = probe(terminal)
    #expect(result.synchronizedOutput == nil)
    #expect(!result.answered)
    #expect(result.missingAnswers == 3, "two positions and the mode")
  }

  /// Probing nothing still asks about the mode (`--glyphs safe`).
  @Test func noSamplesStillAskTheMode() throws {
    let terminal = try ScriptedTerminal(
      behaviour: .answers(split: false, garbage: false), modes: [2026: 2]
    ) { _ in 2 }
    let result = WidthProbe.measure([], input: terminal.slave, output: terminal.slave)
    #expect(result.synchronizedOutput == true)
    #expect(result.answered)
  }
}
