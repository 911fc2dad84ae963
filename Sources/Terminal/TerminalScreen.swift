import CNcurses

#if canImport(Glibc)
  import Glibc
#endif

/// The ncurses screen: the only code that touches ncurses.
///
/// It sets the terminal up, hands out decoded input and a canvas to draw a
/// frame into, and restores the terminal on every way out: `stop()` on a
/// normal exit, and the crash guard's precomputed reset if the process dies.
/// ncurses is not thread-safe, so all of this lives on the main actor.
@MainActor
public final class TerminalScreen {
  public private(set) var size: Size
  /// False when the locale is not UTF-8: everything is then drawn in ASCII.
  public let isUnicode: Bool
  public let hasColors: Bool
  /// The read end of the pipe that delivers SIGINT, SIGWINCH and friends
  /// (none for a screen on a pseudo-terminal of our own).
  public let signalDescriptor: Int32?
  private let canvas: NcursesCanvas
  private var isActive = true
  /// Whose size the screen follows: standard output, or the pseudo-terminal.
  private let sizeDescriptor: Int32
  /// Where ncurses writes; raw sequences (the clipboard's) go there too.
  private let outputDescriptor: Int32
  /// ncurses' screen, freed when a pseudo-terminal screen stops (a benchmark
  /// opens one after another in the same process).
  private let screen: OpaquePointer
  /// The streams opened for a pseudo-terminal screen, closed when it stops.
  private let ownedStreams: [UnsafeMutablePointer<FILE>]
  /// Whether this is a person's terminal (not the benchmark's
  /// pseudo-terminal): only that one takes signals.
  private var isInteractive: Bool { signalDescriptor != nil }
  /// Turns a bracketed paste into one event.
  private var pasteReader = PasteReader()
  /// Keeps the width probe's late answers out of the input.
  private var lateReports: LateReportFilter
  /// Whether each frame goes out between begin and end synchronized update.
  private let synchronizesFrames: Bool

  /// Checks that a person is at a terminal, then sets the screen up.
  public static func start(options: ScreenOptions) throws(TerminalError) -> TerminalScreen {
    guard Platform.isTerminal(STDIN_FILENO) else { throw .notATerminal(stream: "standard input") }
    guard Platform.isTerminal(STDOUT_FILENO) else { throw .notATerminal(stream: "standard output") }
    let isUnicode = Platform.adoptLocale() && !options.asciiOnly
    guard let term = Platform.environment("TERM"), !term.isEmpty else { throw .terminalTypeUnset }
    var status: Int32 = 0
    guard setupterm(nil, STDOUT_FILENO, &status) == OK, status == 1 else {
      throw .unknownTerminalType(term)
    }
    return try TerminalScreen(
      output: er_stdout(), input: er_stdin(), terminalType: nil, sizeDescriptor: STDOUT_FILENO,
      options: options, isUnicode: isUnicode, interactive: true)
  }

  /// A screen on a pseudo-terminal of our own (the benchmark's): real ncurses
  /// output as xterm-256color, no signals taken, no crash guard needed, and
  /// the user's terminal left alone.
  public static func start(on terminal: PseudoTerminal) throws(TerminalError) -> TerminalScreen {
    // Wide characters need a UTF-8 locale whatever the user's is.
    Platform.adoptUTF8Locale()
    guard let output = fdopen(dup(terminal.slave), "w"), let input = fdopen(dup(terminal.slave), "r") else {
      throw .cannotStart("cannot open the pseudo-terminal (\(String(cString: strerror(errno))))")
    }
    return try TerminalScreen(
      output: output, input: input, terminalType: "xterm-256color", sizeDescriptor: terminal.slave,
      // The mouse on, as the app has it: the benchmark types wheel flicks.
      options: ScreenOptions(mouse: true, colors: true), isUnicode: true, interactive: false)
  }

  private init(
    output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>, terminalType: String?,
    sizeDescriptor: Int32, options: ScreenOptions, isUnicode: Bool, interactive: Bool
  ) throws(TerminalError) {
    self.sizeDescriptor = sizeDescriptor
    outputDescriptor = fileno(output)
    ownedStreams = interactive ? [] : [output, input]
    var savedModes = termios()
    if interactive {
      tcgetattr(STDIN_FILENO, &savedModes)
      // Our handlers go in before ncurses starts, so it leaves these signals to us.
      guard let signalDescriptor = SignalForwarding.install() else {
        throw .cannotStart("no pipe for signals (\(String(cString: strerror(errno))))")
      }
      self.signalDescriptor = signalDescriptor
    } else {
      signalDescriptor = nil
    }
    // The kernel's size (ioctl), not LINES/COLUMNS from a parent shell, which
    // go stale. (use_env(false) would be wrong: it means terminfo's 80×24.)
    use_tioctl(true)
    // A bare Esc would otherwise freeze input for a whole second.
    set_escdelay(25)
    guard let screen = newterm(terminalType, output, input) else {
      if interactive { SignalForwarding.uninstall() }
      throw .cannotStart("ncurses could not open the terminal")
    }
    self.screen = screen
    // Raw, not cbreak: every key reaches the app. Ctrl-S and Ctrl-Q would
    // otherwise freeze and thaw the output (XON/XOFF), and Ctrl-\ would kill
    // the app with the screen still set up. Ctrl-C and Ctrl-Z arrive as
    // keys and do what they always do (quit, suspend), as in vim or fzf.
    raw()
    noecho()
    nonl()
    intrflush(er_stdscr(), false)
    keypad(er_stdscr(), true)
    nodelay(er_stdscr(), true)
    // ncurses polls for typed keys while it writes a refresh, to cut the
    // refresh short if some wait: a frame loop wants each frame whole (keys
    // are read at the next tick), and the polls are system calls per frame.
    typeahead(-1)
    leaveok(er_stdscr(), true)
    curs_set(0)
    Self.defineKeyVariants()

    hasColors = options.colors && has_colors()
    if hasColors {
      start_color()
      use_default_colors()
    }
    if options.mouse {
      mousemask(er_button1_pressed() | er_button4_pressed() | er_button5_pressed(), nil)
      // Report presses at once instead of waiting to see if they become clicks.
      mouseinterval(0)
    }
    self.isUnicode = isUnicode
    synchronizesFrames = options.synchronizedOutput
    lateReports = LateReportFilter(
      owed: options.lateCursorReports, start: Platform.monotonicNanoseconds(),
      reportKeys: options.lateCursorReports > 0 ? Self.keysSpelledLikeReports() : [])
    Self.pushBack(options.typedAhead)
    size = Self.windowSize()
    canvas = NcursesCanvas(size: size, isUnicode: isUnicode, hasColors: hasColors)
    if interactive {
      CrashGuard.arm(resetSequence: Self.resetSequence(mouse: options.mouse), savedModes: savedModes)
    }
    // A resize between exec and our handler being installed sent a SIGWINCH
    // nobody heard: ask the kernel once now.
    updateSize()
    TerminalScreen.leaveInitialState()
    Self.transmitKeypad()
    setBracketedPaste(true)
  }

  /// Asks the terminal to mark pasted text (xterm's mode 2004), so a paste
  /// arrives as one piece of text rather than as key presses.
  private func setBracketedPaste(_ on: Bool) {
    Platform.write(Array((on ? Self.bracketedPasteOn : Self.bracketedPasteOff).utf8), to: outputDescriptor)
  }

  static let bracketedPasteOn = "\u{1B}[?2004h"
  static let bracketedPasteOff = "\u{1B}[?2004l"

  /// ncurses 6.4 flushes its output after every cursor movement until the
  /// screen has been through `endwin` once (its "initial" state is meant for
  /// low-level terminfo programs), which makes a frame one `write` per
  /// changed cell: hundreds of system calls where one would do. A round trip
  /// through `endwin` before the first frame puts it in its running state.
  private static func leaveInitialState() {
    endwin()
    doupdate()
  }

  /// Puts the terminal in keypad-transmit mode (terminfo's `smkx`) now.
  /// `endwin` takes it out, and ncurses puts it back only at its next read;
  /// the app reads once a key has arrived, so the first arrow key after
  /// start (or after Ctrl-Z) came in the other spelling (`ESC [ B`, not
  /// xterm's `ESC O B`), which terminfo does not know, and did nothing.
  private static func transmitKeypad() {
    keypad(er_stdscr(), false)
    keypad(er_stdscr(), true)
  }

  /// Home and End arrive in several spellings (tmux and many terminals send
  /// the VT220 ones whatever terminfo says); teach ncurses all of them.
  private static func defineKeyVariants() {
    let variants: [(String, Int32)] = [
      ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME),
      ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END),
    ]
    for (sequence, key) in variants where key_defined(sequence) <= 0 {
      define_key(sequence, key)
    }
    define_key("\u{1B}[200~", InputDecoder.KeyCode.pasteStart)
    define_key("\u{1B}[201~", InputDecoder.KeyCode.pasteEnd)
  }

  /// Puts what the person typed before the screen started back in front of
  /// ncurses' input, so it is read first and in order. ncurses keeps a
  /// short queue (about 135 bytes): more than that, in the 150 ms before
  /// the first frame, is a paste, whose tail is lost.
  private static func pushBack(_ typed: [UInt8]) {
    for byte in typed.prefix(typeAheadCapacity).reversed() { ungetch(Int32(byte)) }
  }

  static let typeAheadCapacity = 128

  /// Function keys whose terminfo spelling is a cursor position report
  /// (xterm's Shift-F3 is `ESC [ 1 ; 2 R`): a late answer arrives as one.
  private static func keysSpelledLikeReports() -> Set<Int32> {
    var keys: Set<Int32> = []
    for number in 1...63 {
      guard let value = tigetstr("kf\(number)"), Int(bitPattern: value) > 0 else { continue }
      var parser = AnswerParser()
      let (reports, other) = parser.feed(Array(String(cString: value).utf8))
      if reports.count == 1, other.isEmpty { keys.insert(LateReportFilter.functionKeyCode(number)) }
    }
    return keys
  }

  // MARK: Frames

  /// The canvas a frame is drawn into. It keeps what the last frame drew
  /// until it is cleared, so a frame may draw only what changed.
  /// `endFrame()` then sends ncurses' diff against what the terminal shows;
  /// the two are apart so the loop can time drawing and output.
  public var frameCanvas: any Canvas { canvas }

  /// The characters ncurses holds in the cell at `row`, `column` (after
  /// `endFrame`): for tests that check it counts columns as the app does.
  public func cellCharacters(row: Int, column: Int) -> [Unicode.Scalar] {
    var chars = [wchar_t](repeating: 0, count: 8)
    let count = er_cell_chars(er_stdscr(), Int32(row), Int32(column), &chars, Int32(chars.count))
    return chars.prefix(Int(max(0, count))).compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }
  }

  /// Ends a frame: ncurses works out what changed since the last one and
  /// writes just that, in one `doupdate`.
  public func endFrame() {
    guard isActive else { return }
    wnoutrefresh(er_stdscr())
    // ncurses' buffer is empty between frames (doupdate flushes it), so the
    // markers written straight to the terminal bracket exactly this frame.
    if synchronizesFrames { Platform.write(Self.beginSynchronizedUpdate, to: outputDescriptor) }
    doupdate()
    if synchronizesFrames { Platform.write(Self.endSynchronizedUpdate, to: outputDescriptor) }
  }

  static let beginSynchronizedUpdate = Array("\u{1B}[?\(WidthProbe.synchronizedOutputMode)h".utf8)
  static let endSynchronizedUpdate = Array("\u{1B}[?\(WidthProbe.synchronizedOutputMode)l".utf8)

  /// Asks the terminal to put `text` on the system clipboard (OSC 52): it
  /// works over SSH, and in tmux with `set-clipboard on`. Sent between
  /// frames, after ncurses has written everything it had.
  public func copyToClipboard(_ text: String) {
    guard isActive else { return }
    Platform.write(Clipboard.osc52(text), to: outputDescriptor)
  }

  /// Forgets what is on the terminal so the next frame repaints everything
  /// (Ctrl-L, or after something else wrote to the terminal).
  public func invalidate() {
    clearok(er_curscr(), true)
  }

  // MARK: Input

  /// Everything typed, clicked or resized since the last call.
  ///
  /// One ERR from ncurses is not the end of the input. It also answers ERR
  /// when a key cuts a multibyte character short (a stray byte, then an
  /// arrow): it drops the broken character and pushes the key back into its
  /// own queue, which does not make stdin readable. Stopping there would
  /// hold that key until the next one is typed. The read after such an ERR
  /// returns the key, so reading ends at two ERRs in a row.
  public func readEvents() -> [InputEvent] {
    var events: [InputEvent] = []
    var pieces: [PasteReader.Piece] = []
    var lastWasError = false
    while isActive {
      var code: wint_t = 0
      let status = wget_wch(er_stdscr(), &code)
      if status == ERR {
        if lastWasError { break }
        lastWasError = true
        continue
      }
      lastWasError = false
      let piece: PasteReader.Piece
      if status == KEY_CODE_YES {
        switch Int32(code) {
        case InputDecoder.KeyCode.pasteStart: piece = .pasteStart
        case InputDecoder.KeyCode.pasteEnd: piece = .pasteEnd
        case KEY_MOUSE:
          guard let event = readMouse() else { continue }
          piece = .event(event)
        default:
          guard let event = InputDecoder.decode(functionKey: Int32(code)) else { continue }
          piece = .event(event)
        }
      } else {
        piece = .character(UInt32(code))
      }
      pieces.append(piece)
      // A long paste goes through in batches, never all held at once.
      if pieces.count >= Self.batch {
        events += take(pieces)
        pieces.removeAll(keepingCapacity: true)
      }
    }
    return events + take(pieces)
  }

  private static let batch = 4_096

  /// Pieces read in one go, less any late probe answers, as events.
  private func take(_ pieces: [PasteReader.Piece]) -> [InputEvent] {
    let now = Platform.monotonicNanoseconds()
    let kept = lateReports.isExpecting(at: now) ? lateReports.filter(pieces, at: now) : pieces
    return kept.flatMap { pasteReader.take($0, at: now) }
  }

  private func readMouse() -> InputEvent? {
    var event = MEVENT()
    guard getmouse(&event) == OK else { return nil }
    let kind: MouseEvent.Kind
    if event.bstate & er_button4_pressed() != 0 {
      kind = .wheelUp
    } else if event.bstate & er_button5_pressed() != 0 {
      kind = .wheelDown
    } else if event.bstate & er_button1_pressed() != 0 {
      kind = .press
    } else {
      return nil
    }
    return .mouse(MouseEvent(kind, row: Int(event.y), column: Int(event.x)))
  }

  /// Reads the new size from the kernel after SIGWINCH and resizes ncurses'
  /// screens to it. Returns the new size.
  @discardableResult
  public func updateSize() -> Size {
    if let current = Platform.windowSize(of: sizeDescriptor), current != size {
      resizeterm(Int32(current.rows), Int32(current.columns))
    }
    size = Self.windowSize()
    canvas.size = size
    return size
  }

  /// The size ncurses has for the standard screen.
  private static func windowSize() -> Size {
    var rows: Int32 = 0
    var columns: Int32 = 0
    er_getmaxyx(er_stdscr(), &rows, &columns)
    return Size(rows: Int(rows), columns: Int(columns))
  }

  // MARK: Leaving

  /// Ctrl-Z: gives the terminal back to the shell, stops, and on `fg` takes
  /// the screen again and repaints it whole.
  public func suspend() {
    guard isActive, isInteractive else { return }
    setBracketedPaste(false)
    endwin()
    Platform.stopSelf()
    // Running again.
    SignalForwarding.reinstall(SIGTSTP)
    reset_prog_mode()
    Self.transmitKeypad()
    setBracketedPaste(true)
    invalidate()
    updateSize()
  }

  /// Restores the terminal: the shell's screen, modes and cursor come back.
  /// Safe to call more than once.
  public func stop() {
    guard isActive else { return }
    isActive = false
    setBracketedPaste(false)
    endwin()
    if isInteractive {
      CrashGuard.disarm()
      SignalForwarding.uninstall()
    } else {
      delscreen(screen)
      for stream in ownedStreams { fclose(stream) }
    }
  }

  /// What a crash must write to undo the setup: leave keypad mode and the
  /// alternate screen, show the cursor, reset colours, stop mouse reports.
  private static func resetSequence(mouse: Bool) -> [UInt8] {
    var bytes: [UInt8] = []
    for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] {
      if let value = tigetstr(capability), Int(bitPattern: value) > 0 {
        bytes += Array(String(cString: value).utf8)
      }
    }
    if mouse {
      // xterm's mouse reporting modes, as ncurses turns them on for xterm-likes.
      bytes += Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l".utf8)
    }
    bytes += Array(bracketedPasteOff.utf8)
    return bytes
  }
}
