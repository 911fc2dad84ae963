/// Bracketed paste: the terminal wraps pasted text in `ESC [ 200 ~` …
/// `ESC [ 201 ~`, and this turns everything in between into one event, so a
/// paste is text, never hundreds of key presses (a `q` in it does not quit).
///
/// Pure, fed what ncurses reads one piece at a time with the time it was
/// read, so it is tested without a terminal. A paste keeps its first
/// `maximumLength` characters and counts the rest. A start whose end never
/// comes (a stray sequence, a cut connection) would swallow every key after
/// it: a paste that has been silent for `abandonedAfter` is taken as ended.
public struct PasteReader: Sendable {
  /// What ncurses handed over: a character, a function key (mouse and resize
  /// already decoded), or either end of a paste.
  public enum Piece: Equatable, Sendable {
    case character(UInt32)
    case event(InputEvent)
    case pasteStart
    case pasteEnd
  }

  /// The most characters a paste keeps; enough for any search, small
  /// enough that no frame works through a megabyte.
  public static let maximumLength = 1_024
  /// How long a paste may go without a byte before it is taken as ended.
  public static let abandonedAfter: UInt64 = 1_000_000_000

  private var text: String?
  private var kept = 0
  private var dropped = 0
  private var lastInput: UInt64 = 0

  public init() {}

  /// Whether a paste is under way.
  public var isPasting: Bool { text != nil }

  /// Takes the next piece read at `now` (nanoseconds) and returns the
  /// events it completes, oldest first.
  public mutating func take(_ piece: Piece, at now: UInt64) -> [InputEvent] {
    var events: [InputEvent] = []
    if text != nil, now &- lastInput > Self.abandonedAfter { events += finish() }
    switch piece {
    case .pasteStart:
      events += finish()  // A start inside a paste ends the first one.
      text = ""
      lastInput = now
    case .pasteEnd:
      events += finish()
    case .character(let code) where text != nil:
      lastInput = now
      guard let scalar = Unicode.Scalar(code) else { return events }
      if kept < Self.maximumLength {
        text?.unicodeScalars.append(scalar)
        kept += 1
      } else {
        dropped += 1
      }
    case .event(.resize) where text != nil:
      // A resize is no input: it happens, and it does not keep a paste
      // alive (else resizing after a stray start would swallow the next keys).
      events.append(.resize)
    case .event where text != nil:
      lastInput = now  // Keys and clicks inside a paste are no commands.
    case .character(let code):
      events += InputDecoder.decode(character: code).map { [$0] } ?? []
    case .event(let event):
      events.append(event)
    }
    return events
  }

  private mutating func finish() -> [InputEvent] {
    guard let pasted = text else { return [] }
    defer {
      text = nil
      kept = 0
      dropped = 0
    }
    return [.paste(Paste(text: pasted, droppedCharacters: dropped))]
  }
}
