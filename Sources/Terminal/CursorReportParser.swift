/// Picks the terminal's cursor position reports (`ESC [ row ; column R`,
/// the answers to `CSI 6n`) out of what it sends, and hands everything else
/// back untouched and in order: keys typed meanwhile are the person's.
///
/// Pure and incremental: a report split across reads is joined; bytes that
/// start like a report but turn out not to be one (an arrow key, garbage)
/// come back as they were.
public struct CursorReportParser: Sendable {
  public struct Report: Equatable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }
  }

  /// Bytes that may still become a report.
  private var pending: [UInt8] = []

  public init() {}

  /// Whether bytes are held back because they may be the start of a report.
  public var isHoldingBytes: Bool { !pending.isEmpty }

  /// Takes the next bytes; returns the reports they complete and the other
  /// bytes, in the order they came.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> (reports: [Report], other: [UInt8]) {
    var reports: [Report] = []
    var other: [UInt8] = []
    for byte in bytes {
      pending.append(byte)
      switch Self.match(pending) {
      case .report(let report):
        reports.append(report)
        pending.removeAll()
      case .prefix:
        continue
      case .no:
        // Not a report: its first byte is the person's; the rest may start one.
        other.append(pending.removeFirst())
        while !pending.isEmpty, Self.match(pending) == .no { other.append(pending.removeFirst()) }
      }
    }
    return (reports, other)
  }

  /// Gives back bytes held as a possible report (nothing more will come).
  public mutating func flush() -> [UInt8] {
    defer { pending.removeAll() }
    return pending
  }

  private enum Match: Equatable {
    case report(Report)
    case prefix
    case no
  }

  /// ESC [ digits ; digits R, at most five digits each (no screen is wider).
  private static func match(_ bytes: [UInt8]) -> Match {
    guard bytes[0] == 0x1B else { return .no }
    guard bytes.count > 1 else { return .prefix }
    guard bytes[1] == UInt8(ascii: "[") else { return .no }
    var numbers: [Int] = [0]
    var digits = 0
    for byte in bytes.dropFirst(2) {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        digits += 1
        guard digits <= 5 else { return .no }
        numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - UInt8(ascii: "0"))
      case UInt8(ascii: ";") where numbers.count == 1 && digits > 0:
        numbers.append(0)
        digits = 0
      case UInt8(ascii: "R") where numbers.count == 2 && digits > 0:
        return .report(Report(row: numbers[0], column: numbers[1]))
      default:
        return .no
      }
    }
    return .prefix
  }
}
