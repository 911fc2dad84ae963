/// Picks the terminal's answers to the start-up questions out of what it
/// sends: cursor position reports (`ESC [ row ; column R`, for `CSI 6n`)
/// and mode reports (`ESC [ ? mode ; setting $ y`, for DECRQM). Everything
/// else comes back untouched and in order: keys typed meanwhile are the
/// person's.
///
/// Pure and incremental: an answer split across reads is joined; bytes that
/// start like one but turn out not to be (an arrow key, garbage) come back
/// as they were.
public struct AnswerParser: Sendable {
  public enum Answer: Equatable, Sendable {
    /// Where the cursor is, from 1.
    case cursor(row: Int, column: Int)
    /// A mode's setting: 0 unknown to the terminal, 1 set, 2 reset, 3 always
    /// set, 4 always reset.
    case mode(Int, setting: Int)
  }

  /// Bytes that may still become an answer.
  private var pending: [UInt8] = []

  public init() {}

  /// Whether bytes are held back because they may be the start of an answer.
  public var isHoldingBytes: Bool { !pending.isEmpty }

  /// Takes the next bytes; returns the answers they complete and the other
  /// bytes, in the order they came.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> (answers: [Answer], other: [UInt8]) {
    var answers: [Answer] = []
    var other: [UInt8] = []
    for byte in bytes {
      pending.append(byte)
      switch Self.match(pending) {
      case .answer(let answer):
        answers.append(answer)
        pending.removeAll()
      case .prefix:
        continue
      case .no:
        // Not an answer: its first byte is the person's; the rest may start one.
        other.append(pending.removeFirst())
        while !pending.isEmpty, Self.match(pending) == .no { other.append(pending.removeFirst()) }
      }
    }
    return (answers, other)
  }

  /// Gives back bytes held as a possible answer (nothing more will come).
  public mutating func flush() -> [UInt8] {
    defer { pending.removeAll() }
    return pending
  }

  private enum Match: Equatable {
    case answer(Answer)
    case prefix
    case no
  }

  /// ESC [ digits ; digits R, or ESC [ ? digits ; digits $ y; at most five
  /// digits a number (no screen is wider, no mode larger).
  private static func match(_ bytes: [UInt8]) -> Match {
    guard bytes[0] == 0x1B else { return .no }
    guard bytes.count > 1 else { return .prefix }
    guard bytes[1] == UInt8(ascii: "[") else { return .no }
    let isMode = bytes.count > 2 && bytes[2] == UInt8(ascii: "?")
    var numbers: [Int] = [0]
    var digits = 0
    var dollar = false
    for byte in bytes.dropFirst(isMode ? 3 : 2) {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9") where !dollar:
        digits += 1
        guard digits <= 5 else { return .no }
        numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - UInt8(ascii: "0"))
      case UInt8(ascii: ";") where numbers.count == 1 && digits > 0 && !dollar:
        numbers.append(0)
        digits = 0
      case UInt8(ascii: "R") where !isMode && numbers.count == 2 && digits > 0:
        return .answer(.cursor(row: numbers[0], column: numbers[1]))
      case UInt8(ascii: "$") where isMode && numbers.count == 2 && digits > 0 && !dollar:
        dollar = true
      case UInt8(ascii: "y") where dollar:
        return .answer(.mode(numbers[0], setting: numbers[1]))
      default:
        return .no
      }
    }
    return .prefix
  }
}
