/// Keeps answers to the width probe's cursor position requests (`CSI 6n`)
/// that arrive after it stopped waiting (a slow link, a terminal that
/// answers late) from reaching the app as keys: an Esc, then `[12;3R` typed
/// into the search line.
///
/// ncurses hands such an answer over as an Esc and the characters after it,
/// or, where terminfo spells a key the same way (xterm's Shift-F3 is
/// `ESC [ 1 ; 2 R`), as that function key. While answers are still owed and
/// for a few seconds after start, both are taken out of each batch of input;
/// anything else comes through untouched and in order.
///
/// Pure, fed what ncurses read in one go, so it is tested without a terminal.
public struct LateReportFilter: Sendable {
  /// How long after start an answer can still be late rather than never coming.
  public static let window: UInt64 = 3_000_000_000

  private var owed: Int
  private let until: UInt64
  /// ncurses key codes whose terminfo spelling is a cursor position report.
  private let reportKeys: Set<Int32>

  /// `owed` answers may still come until `window` after `start` (nanoseconds).
  public init(owed: Int, start: UInt64, reportKeys: Set<Int32> = []) {
    self.owed = owed
    until = start &+ Self.window
    self.reportKeys = reportKeys
  }

  /// Whether answers are still expected at `now`.
  public func isExpecting(at now: UInt64) -> Bool { owed > 0 && now < until }

  /// The batch read at `now`, without the late answers in it.
  public mutating func filter(_ pieces: [PasteReader.Piece], at now: UInt64) -> [PasteReader.Piece] {
    guard isExpecting(at: now) else { return pieces }
    var parser = AnswerParser()
    var kept: [PasteReader.Piece] = []
    func pass(_ bytes: [UInt8]) { kept += bytes.map { .character(UInt32($0)) } }
    for piece in pieces {
      switch piece {
      case .character(let code) where code < 0x80 && owed > 0:
        let (reports, other) = parser.feed([UInt8(code)])
        owed -= reports.count
        pass(other)
      case .event(.key(.function(let number)))
      where owed > 0 && reportKeys.contains(Self.functionKeyCode(number)):
        pass(parser.flush())
        owed -= 1
      default:
        pass(parser.flush())
        kept.append(piece)
      }
    }
    // A report never spans two batches: ncurses waits for the rest of an
    // escape sequence before it hands any of it over.
    pass(parser.flush())
    return kept
  }

  /// ncurses' code for function key `number` (`KEY_F(n)`).
  public static func functionKeyCode(_ number: Int) -> Int32 {
    InputDecoder.KeyCode.firstFunction + Int32(number)
  }
}
