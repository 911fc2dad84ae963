import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Asks the terminal how many columns it gives each sample: each is
/// printed alone at the start of a line of the alternate screen and
/// followed by a cursor position request (`CSI 6n`). Terminals disagree on
/// emoji sequences, and only the terminal can say what it does.
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
    public var answered: Bool { columns.contains { $0 != nil } }
  }

  /// Probes the terminal on `input` and `output` (which must be one);
  /// switches it to raw mode for the while and back.
  public static func measure(
    _ samples: [String], input: Int32, output: Int32, deadline: Duration = .milliseconds(150)
  ) -> Measurement {
    var saved = termios()
    let isTerminal = tcgetattr(input, &saved) == 0
    if isTerminal {
      var raw = saved
      cfmakeraw(&raw)
      tcsetattr(input, TCSANOW, &raw)
    }
    defer { if isTerminal { tcsetattr(input, TCSANOW, &saved) } }
    // The alternate screen and its top line: nothing is left where the person looks.
    var request = "\u{1B}[?1049h\u{1B}[H\r\u{1B}[6n"
    for sample in samples { request += "\r\u{1B}[2K\(sample)\u{1B}[6n" }
    request += "\r\u{1B}[2K\u{1B}[?1049l"
    Platform.write(Array(request.utf8), to: output)
    let (reports, typed) = collect(answers: samples.count + 1, from: input, deadline: deadline)
    let missing = samples.count + 1 - reports.count
    guard let base = reports.first else {
      return Measurement(columns: samples.map { _ in nil }, typed: typed, missingAnswers: missing)
    }
    let columns = samples.indices.map { index -> Int? in
      guard index + 1 < reports.count, reports[index + 1].row == base.row else { return nil }
      return reports[index + 1].column - base.column
    }
    return Measurement(columns: columns, typed: typed, missingAnswers: missing)
  }

  /// Reads until `count` reports came or the deadline passed; each answer
  /// moves the deadline on by half the first one (up to a second in all).
  static func collect(answers count: Int, from input: Int32, deadline: Duration) -> (
    [CursorReportParser.Report], [UInt8]
  ) {
    var parser = CursorReportParser()
    var reports: [CursorReportParser.Report] = []
    var typed: [UInt8] = []
    let clock = ContinuousClock()
    let start = clock.now
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
      reports += found
      typed += other
      if !found.isEmpty { end = min(start + .seconds(1), max(end, clock.now + deadline / 2)) }
    }
    return (reports, typed + parser.flush())
  }
}
