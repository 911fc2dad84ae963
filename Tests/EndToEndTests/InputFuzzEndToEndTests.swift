import Foundation
import Loading
import Support
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real binary on a pseudo-terminal the test owns, fed for a few
/// seconds per seed with what a terminal, fingers and a paste can send:
/// random bytes, mouse reports at absurd coordinates, escape sequences with
/// huge parameters, long pastes, stray paste markers, resizes down to 1×1,
/// and the keys that change the most state. Then the app must still be
/// running, quit on `q` with status 0, and leave the terminal as it found it.
///
/// The stream leaves out only what ends or stops the app on purpose: `q`,
/// Ctrl-C and Ctrl-Z typed outside a paste.
@Suite struct InputFuzzEndToEndTests {
  static let seconds = 5.0

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func survivesAFuzzedInputStreamAndQuitsCleanly(seed: UInt64) throws {
    let home = try DataHome()
    let app = try PtyProcess.app(
      ["--latency", "0-50ms", "--seed", String(seed)], home: home, columns: 100, rows: 30)
    try #require(
      waitUntil(timeout: 30) { app.written.count > 2_000 },
      """
      the app drew nothing (\(app.isRunning ? "running" : "ended with \(app.waitForExit(timeout: 0) ?? -1)")): \
      \(String(decoding: app.written, as: UTF8.self).debugDescription)
      """)

    var random = SeededGenerator(seed: seed)
    var sent: [String] = []  // The last pieces, to show if the app dies.
    let end = Date().addingTimeInterval(Self.seconds)
    while Date() < end, app.isRunning {
      if Int.random(in: 0..<100, using: &random) < 3 {
        let (columns, rows) = Self.sizes.randomElement(using: &random)!
        app.resize(columns: columns, rows: rows)
        sent.append("resize \(columns)x\(rows)")
      } else {
        let piece = Self.piece(using: &random)
        app.send(piece)
        sent.append(String(decoding: piece.prefix(60), as: UTF8.self).debugDescription)
      }
      if sent.count > 40 { sent.removeFirst() }
      usleep(UInt32.random(in: 500...4_000, using: &random))
    }
    let recent = sent.joined(separator: "\n")
    try #require(
      app.isRunning,
      "seed \(seed): the app died (status \(app.waitForExit(timeout: 1) ?? -1)) after:\n\(recent)\n\(app.diagnosis)"
    )

    // Back to a normal size; a stray paste start is given up after a second
    // of silence; Esc closes the help, an overlay, the search, one by one.
    // The silence is the app's: it counts from when the app has read all
    // it was sent (a busy debug build in sync mode can be seconds behind,
    // and keys read together with a stray paste start are pasted text).
    app.resize(columns: 100, rows: 30)
    _ = waitUntil(timeout: 60) { app.unreadInput == 0 }
    usleep(1_200_000)
    for _ in 0..<4 {
      app.send([0x1B])
      usleep(150_000)
    }
    app.send("q")
    let status = app.waitForExit(timeout: 30)
    // The app as q left it: a crash's backtrace, or what it waits on and its last output.
    #expect(
      status == 0,
      "seed \(seed): q gave \(status.map(String.init) ?? "no exit") after:\n\(recent)\n\(app.diagnosis)")
    #expect(app.isCooked, "seed \(seed): the terminal was left raw")
    // The last things written undo the set-up: off the alternate screen, no bracketed paste.
    let tail = String(decoding: app.finalOutput().suffix(4_096), as: UTF8.self)
    let last = String(tail.suffix(200)).debugDescription
    #expect(tail.contains("\u{1B}[?1049l"), "seed \(seed): the alternate screen was left on: \(last)")
    #expect(tail.contains("\u{1B}[?2004l"), "seed \(seed): bracketed paste was left on: \(last)")
  }

  static let sizes = [(1, 1), (2, 2), (19, 5), (20, 6), (40, 10), (100, 30), (250, 80)]

  /// One piece of input, of the kinds above.
  static func piece(using random: inout SeededGenerator) -> [UInt8] {
    func number() -> String {
      ["0", "1", "5", "99", "99999999", "999999999999", "-1", ""].randomElement(using: &random)!
    }
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<25:
      return [Array("/+-uvm?\t\r\u{1B}jkhlGg n0yf".utf8).randomElement(using: &random)!]
    case 25..<45:
      return randomBytes(Int.random(in: 1...16, using: &random), using: &random)
    case 45..<60:
      // SGR mouse: press, release, wheel, drag, at any coordinates.
      let button = ["0", "64", "65", "32", "3", "2"].randomElement(using: &random)!
      let end = Bool.random(using: &random) ? "M" : "m"
      return Array("\u{1B}[<\(button);\(number());\(number())\(end)".utf8)
    case 60..<70:
      // CSI sequences with huge or missing parameters, and old X10 mouse reports.
      let final = ["A", "B", "C", "D", "H", "~", "M", "R", "t", "c"].randomElement(using: &random)!
      if final == "M" { return [0x1B, 0x5B, 0x4D] + randomBytes(3, using: &random) }
      return Array("\u{1B}[\(number());\(number())\(final)".utf8)
    case 70..<74:
      // A long paste, of text that would do a lot if it were typed.
      let text = (0..<5_000).map { _ in "q/+-vmu\t\r\u{1B}ab😀é ".randomElement(using: &random)! }
      return Array("\u{1B}[200~\(String(text))\u{1B}[201~".utf8)
    case 74..<76:
      return Array(["\u{1B}[200~", "\u{1B}[201~"].randomElement(using: &random)!.utf8)
    case 76..<82:
      // Ctrl-S, Ctrl-Q, Ctrl-\\, Ctrl-L, DEL, NUL.
      return [[0x13], [0x11], [0x1C], [0x0C], [0x7F], [0x00]].randomElement(using: &random)!
    default:
      // Keys by their escape sequences: arrows, PgUp/PgDn, Home/End, Shift-Tab, F5.
      let keys = [
        "\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[H", "\u{1B}[F",
        "\u{1B}[Z", "\u{1B}[15~",
      ]
      return Array(keys.randomElement(using: &random)!.utf8)
    }
  }

  /// Random bytes, but none that quits or suspends on purpose (q, Ctrl-C, Ctrl-Z).
  static func randomBytes(_ count: Int, using random: inout SeededGenerator) -> [UInt8] {
    (0..<count).map { _ in
      var byte: UInt8
      repeat { byte = UInt8.random(in: 0...255, using: &random) } while [0x03, 0x1A, 0x71].contains(byte)
      return byte
    }
  }
}
