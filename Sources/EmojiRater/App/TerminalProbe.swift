import EmojiModel
import Terminal

/// What the terminal answered at start, before the screen is set up (and
/// for `emoji-rater doctor`): how it draws one sample of each kind of emoji
/// (`GlyphKind`, `WidthProbe`; none asked with `--glyphs full` or `ascii`), and
/// whether it has synchronized output.
public struct TerminalProbe: Sendable {
  public struct Sample: Sendable {
    public var kind: GlyphKind
    public var emoji: Emoji

    /// What the terminal is sent: the emoji, whole or cut after its first joiner.
    var probeSample: WidthProbe.Sample {
      let scalars = emoji.scalars
      guard kind == .zwjInTwoReads, let joiner = scalars.firstIndex(of: "\u{200D}") else {
        return .whole(emoji.string)
      }
      func text(_ part: ArraySlice<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: part)
        return text
      }
      return .inTwoReads(text(scalars[...joiner]), text(scalars[(joiner + 1)...]))
    }
  }

  public var samples: [Sample]
  /// Columns per sample, nil where the terminal did not say.
  public var columns: [Int?]
  /// What the person typed while the probe ran, in order.
  public var typed: [UInt8]
  /// Answers the terminal had not given when the probe stopped waiting:
  /// they may still come, and must not be taken for keys.
  public var missingAnswers: Int
  /// Whether the terminal answered at all.
  public var answered: Bool
  /// Whether it holds a frame back until it is whole (mode 2026); nil when
  /// it did not answer.
  public var synchronizedOutput: Bool?

  public init(
    samples: [Sample], columns: [Int?], typed: [UInt8] = [], missingAnswers: Int = 0, answered: Bool? = nil,
    synchronizedOutput: Bool? = nil
  ) {
    self.samples = samples
    self.columns = columns
    self.typed = typed
    self.missingAnswers = missingAnswers
    self.answered = answered ?? columns.contains { $0 != nil }
    self.synchronizedOutput = synchronizedOutput
  }

  /// Columns per kind the terminal answered for.
  public var measured: [GlyphKind: Int] {
    var measured: [GlyphKind: Int] = [:]
    for (sample, columns) in zip(samples, columns) { measured[sample.kind] = columns }
    return measured
  }

  /// One sample of each kind in `catalog` (its skin tones too, shown or not).
  public static func samples(in catalog: EmojiCatalog) -> [Sample] {
    GlyphKind.samples(in: catalog).map { Sample(kind: $0.kind, emoji: $0.sample) }
  }

  /// A probe under way (`begin`), to `finish` once the app has done what it
  /// can meanwhile.
  public struct Pending {
    let samples: [Sample]
    let probe: WidthProbe.Pending

    public func finish(deadline: Duration = .milliseconds(150)) -> TerminalProbe {
      let measurement = probe.finish(deadline: deadline)
      return TerminalProbe(
        samples: samples, columns: measurement.columns, typed: measurement.typed,
        missingAnswers: measurement.missingAnswers, answered: measurement.answered,
        synchronizedOutput: measurement.synchronizedOutput)
    }
  }

  /// Sends the terminal on `input` and `output` the samples and returns at
  /// once; the answers are read by `finish`.
  public static func begin(samples: [Sample], input: Int32, output: Int32) -> Pending {
    Pending(
      samples: samples,
      probe: WidthProbe.begin(samples: samples.map(\.probeSample), input: input, output: output))
  }

  /// Asks the terminal on `input` and `output` about `samples`, and waits.
  public static func run(
    samples: [Sample], input: Int32, output: Int32, deadline: Duration = .milliseconds(150)
  ) -> TerminalProbe {
    begin(samples: samples, input: input, output: output).finish(deadline: deadline)
  }
}
