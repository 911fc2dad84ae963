import EmojiModel
import Terminal
import TestSupport
import Testing

@testable import EmojiRater

/// ncurses counts each glyph's columns as the app does: one sample of every
/// kind, drawn whole into a real ncurses window (on a pseudo-terminal of the
/// test's own) as the app draws a grid row, five columns a cell, and read
/// back cell by cell. Part of the frame loop's serialized suite: ncurses
/// and the column table are the process's.
extension FrameLoopTests {
  @Test func everyKindTakesItsSlotAsNcursesCountsIt() throws {
    let catalog = EmojiCatalog.builtIn(includeSkinTones: true)
    let samples = GlyphKind.samples(in: catalog)
    let everything = Dictionary(uniqueKeysWithValues: samples.map { ($0.kind, 2) })
    let policy = GlyphPolicy(mode: .auto, measured: everything, catalog: catalog)
    ColumnTable.declare(policy.overrides)
    defer { ColumnTable.declare([:]) }
    // The Emoji 15.0 hands with a tone, whose base glibc 2.36 calls
    // unprintable: ncurses asks `iswprint` too.
    let hands = ["leftwards pushing hand: medium skin tone", "rightwards pushing hand"].compactMap { name in
      catalog.sections.lazy.flatMap(\.votableEmoji).first { $0.name == name }
    }
    #expect(hands.count == 2)
    let emoji = samples.map(\.sample) + hands
    let terminal = try PseudoTerminal(size: Size(rows: 4, columns: 5 * emoji.count + 2))
    defer { terminal.close() }
    let screen = try TerminalScreen.start(on: terminal)
    defer { screen.stop() }
    let canvas = screen.frameCanvas
    for (index, item) in emoji.enumerated() {
      let glyph = policy.glyph(for: item)
      var column = 1 + 5 * index
      for part in glyph.parts {
        if part.scalars.count == 1 {
          canvas.glyph(part.scalars[0], row: 1, column: column, width: part.width, style: .plain)
        } else {
          canvas.sequence(part.scalars, row: 1, column: column, width: part.width, style: .plain)
        }
        column += part.width
      }
      canvas.text("|", row: 1, column: 4 + 5 * index)
    }
    screen.endFrame()
    for (index, item) in emoji.enumerated() {
      let glyph = policy.glyph(for: item)
      let start = 1 + 5 * index
      #expect(
        screen.cellCharacters(row: 1, column: start) == glyph.parts[0].scalars,
        "\(item.name) starts its slot")
      // Nothing of it spills past its slot: the column before the
      // cell's border is blank, the border where it was put.
      #expect(screen.cellCharacters(row: 1, column: start + 2) == [" "], "\(item.name) keeps to two columns")
      #expect(screen.cellCharacters(row: 1, column: start + 3) == ["|"], "\(item.name)'s border")
    }
  }
}
