import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Asks the terminal how many columns it gives each sample: each is
/// printed alone at the start of a line of the alternate screen and
/// followed by a cursor position request (`CSI 6n`). Terminals disagree on
/// emoji sequences, and only the terminal can say what it does. It also
/// asks (DECRQM) whether the terminal has synchronized output (mode 2026),
/// before the first position request: a terminal answers in order, so one
/// that has said nothing of the mode by then does not know the question.
///
/// One deadline covers every answer, and it stretches while answers are
/// still coming (a slow link); a terminal that answers nothing costs the
/// deadline and no more. Nothing stays on screen; keys typed meanwhile are
/// returned, in order, with the measurement. A request whose answer names
/// another row than the first (the window was resized, the line wrapped)
/// counts as no answer.
public enum WidthProbe {
  public struct Measurement: Equatable, Sendable {
    /// Columns per sample, nil where the terminal did not say.
    public var columns: [Int?]
    /// What the person typed while the probe ran.
    public var typed: [UInt8]
    /// Requests the terminal had not answered when the probe stopped
    /// waiting: their answers may still come, and are not keys.
    public var missingAnswers: Int = 0
    /// Whether the terminal answered at all.
    public var answered = false
    /// Whether it can hold a frame back until it is whole (mode 2026 set,
    /// reset or always set; not unknown, not never to be set); nil when it
    /// did not answer.
    public var synchronizedOutput: Bool?
  }

  /// Synchronized output: a terminal shows nothing of a frame between
  /// `CSI ? 2026 h` and `CSI ? 2026 l` until the second arrives.
  public static let synchronizedOutputMode = 2026

  /// Something to measure: text printed in one write, or in two, the
  /// second only once the terminal has answered for everything before the
  /// first (so the terminal reads them apart). tmux 3.3a, for one, joins
  /// 👩‍💻 sent whole, but when a read ends just after the joiner it forgets
  /// the join, and 💻 starts a cell of its own: a large frame is read in
  /// pieces wherever they fall, so only what survives the cut is safe.
  public struct Sample: Equatable, Sendable {
    public var head: String
    public var tail: String?

    public static func whole(_ text: String) -> Sample { Sample(head: text, tail: nil) }
    public static func inTwoReads(_ head: String, _ tail: String) -> Sample { Sample(head: head, tail: tail) }
  }

  /// Probes the terminal on `input` and `output` (which must be one) with
  /// each of `samples` printed whole; switches it to raw mode for the while and back.
  public static func measure(
    _ samples: [String], input: Int32, output: Int32, deadline: Duration = .milliseconds(150)
  ) -> Measurement {
    measure(samples: samples.map(Sample.whole), input: input, output: output, deadline: deadline)
  }

  /// Probes the terminal with `samples`: those in one write all at once,
  /// then each of the others in turn (a round trip each, once the first
  /// answers have come: a terminal that is silent costs nothing more).
  public static func measure(
    samples: [Sample], input: Int32, output: Int32, deadline: Duration = .milliseconds(150)
  ) -> Measurement {
    begin(samples: samples, input: input, output: output).finish(deadline: deadline)
  }

  /// Sends the requests and returns at once, so the caller can get on with
  /// starting up while the terminal answers: `finish` collects them.
  public static func begin(samples: [Sample], input: Int32, output: Int32) -> Pending {
    Pending(samples: samples, input: input, output: output)
  }

  /// A probe under way: the requests sent, the terminal in raw mode (so
  /// its answers are not echoed) until `finish`.
  public final class Pending {
    private let samples: [Sample]
    private let input: Int32
    private let output: Int32
    private var saved = termios()
    private let isTerminal: Bool
    private let start = ContinuousClock.now
    private let whole: [Int]
    private let split: [Int]
    private var isFinished = false
    private static let leave = "\r\u{1B}[2K\u{1B}[?1049l"

    fileprivate init(samples: [Sample], input: Int32, output: Int32) {
      self.samples = samples
      self.input = input
      self.output = output
      isTerminal = tcgetattr(input, &saved) == 0
      if isTerminal {
        var raw = saved
        cfmakeraw(&raw)
        tcsetattr(input, TCSANOW, &raw)
      }
      whole = samples.indices.filter { samples[$0].tail == nil }
      split = samples.indices.filter { samples[$0].tail != nil }
      // The alternate screen and its top line: nothing is left where the person looks.
      var request = "\u{1B}[?1049h\u{1B}[H\u{1B}[?\(synchronizedOutputMode)$p\r\u{1B}[6n"
      for index in whole { request += "\r\u{1B}[2K\(samples[index].head)\u{1B}[6n" }
      // The first split sample's head ends this write; its tail waits for the answers.
      request += split.first.map { "\r\u{1B}[2K\(samples[$0].head)" } ?? Self.leave
      Platform.write(Array(request.utf8), to: output)
    }

    /// Waits for the answers until `deadline` after the requests went
    /// (longer while they are still coming), sends the split samples, and
    /// gives the terminal its modes back.
    public func finish(deadline: Duration = .milliseconds(150)) -> Measurement {
      precondition(!isFinished, "a probe is finished once")
      isFinished = true
      defer { if isTerminal { tcsetattr(input, TCSANOW, &saved) } }
      var (reports, modes, typed) = collect(
        answers: whole.count + 1, from: input, deadline: deadline, since: start)
      var requests = whole.count + 1
      var columns = [Int?](repeating: nil, count: samples.count)
      var left = split.isEmpty
      let base = reports.first
      if let base {
        for (answer, index) in zip(reports.dropFirst(), whole) where answer.row == base.row {
          columns[index] = answer.column - base.column
        }
        for (order, index) in split.enumerated() {
          guard reports.count == requests else { break }
          let next = order + 1 < split.count ? "\r\u{1B}[2K\(samples[split[order + 1]].head)" : Self.leave
          Platform.write(Array("\(samples[index].tail ?? "")\u{1B}[6n\(next)".utf8), to: output)
          left = order + 1 == split.count
          requests += 1
          let (more, _, keys) = collect(
            answers: 1, from: input, deadline: deadline, since: ContinuousClock.now)
          reports += more
          typed += keys
          if let answer = more.first, answer.row == base.row { columns[index] = answer.column - base.column }
        }
      }
      if !left { Platform.write(Array(Self.leave.utf8), to: output) }
      // Asked before the first position: unanswered by then is unknown to it.
      let setting = modes.first { $0.mode == synchronizedOutputMode }?.setting
      // 1 set, 2 reset, 3 always set; 0 unknown, 4 never to be set.
      let synchronized = base == nil ? nil : setting.map { (1...3).contains($0) } ?? false
      let modeOwed = base == nil ? 1 : 0
      return Measurement(
        columns: columns, typed: typed, missingAnswers: requests - reports.count + modeOwed,
        answered: base != nil, synchronizedOutput: synchronized)
    }
  }

  /// Reads until `count` reports came or the deadline passed; each answer
  /// moves the deadline on by half the first one (up to a second in all,
  /// or the first deadline if longer).
  static func collect(
    answers count: Int, from input: Int32, deadline: Duration, since start: ContinuousClock.Instant
  ) -> (positions: [(row: Int, column: Int)], modes: [(mode: Int, setting: Int)], typed: [UInt8]) {
    var parser = AnswerParser()
    var reports: [(row: Int, column: Int)] = []
    var modes: [(mode: Int, setting: Int)] = []
    var typed: [UInt8] = []
    let clock = ContinuousClock()
    var end = start + deadline
    var buffer = [UInt8](repeating: 0, count: 512)
    while reports.count < count {
      let remaining = end - clock.now
      guard remaining > .zero else { break }
      var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32((remaining / .milliseconds(1)).rounded(.up))
      guard poll(&ready, 1, max(1, milliseconds)) > 0 else { continue }
      let read = Glibc.read(input, &buffer, buffer.count)
      if read < 0, errno == EINTR || errno == EAGAIN { continue }
      guard read > 0 else { break }
      let (found, other) = parser.feed(buffer[..<read])
      for answer in found {
        switch answer {
        case .cursor(let row, let column): reports.append((row, column))
        case .mode(let mode, let setting): modes.append((mode, setting))
        }
      }
      typed += other
      // Up to a second in all, or the deadline if that is longer: a test's
      // 20 s bound for a scripted terminal under Thread Sanitizer was cut to
      // a second by the first answer, and the answers still coming missed.
      if !found.isEmpty {
        end = min(start + max(.seconds(1), deadline), max(end, clock.now + deadline / 2))
      }
    }
    return (reports, modes, typed + parser.flush())
  }
}
