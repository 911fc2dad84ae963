import Terminal
import Testing

@testable import EmojiRater

@Suite struct KeyBindingsTests {
  func command(_ key: Key, help: Bool = false) -> Command? {
    KeyBindings.command(for: .key(key), helpShown: help)
  }

  @Test func arrowsAndVimKeysMove() {
    #expect(command(.up) == .move(.up))
    #expect(command(.character("k")) == .move(.up))
    #expect(command(.down) == .move(.down))
    #expect(command(.character("j")) == .move(.down))
    #expect(command(.left) == .move(.left))
    #expect(command(.character("h")) == .move(.left))
    #expect(command(.right) == .move(.right))
    #expect(command(.character("l")) == .move(.right))
  }

  @Test func pagesEndsAndSections() {
    #expect(command(.pageDown) == .page(down: true))
    #expect(command(.pageUp) == .page(down: false))
    #expect(command(.home) == .move(.first))
    #expect(command(.character("g")) == .move(.first))
    #expect(command(.end) == .move(.last))
    #expect(command(.character("G")) == .move(.last))
    #expect(command(.tab) == .move(.nextSection))
    #expect(command(.backTab) == .move(.previousSection))
  }

  @Test func qQuitsEvenOverTheHelpButEscapeNeverDoes() {
    #expect(command(.character("q")) == .quit)
    #expect(command(.character("q"), help: true) == .quit)
    #expect(command(.escape) == .closeOverlay)
    #expect(command(.escape, help: true) == .closeOverlay)
  }

  @Test func anyOtherKeyClosesTheHelpInsteadOfActingUnseen() {
    #expect(command(.down, help: true) == .closeOverlay)
    #expect(command(.character("?"), help: true) == .closeOverlay)
    #expect(command(.character("?")) == .toggleHelp)
  }

  @Test func mouseWheelScrollsAndAClickSelects() {
    #expect(
      KeyBindings.command(for: .mouse(MouseEvent(.wheelDown, row: 3, column: 4)), helpShown: false)
        == .scroll(rows: KeyBindings.wheelRows))
    #expect(
      KeyBindings.command(for: .mouse(MouseEvent(.wheelUp, row: 3, column: 4)), helpShown: false)
        == .scroll(rows: -KeyBindings.wheelRows))
    #expect(
      KeyBindings.command(for: .mouse(MouseEvent(.press, row: 3, column: 4)), helpShown: false)
        == .select(row: 3, column: 4))
  }

  @Test func mSwitchesTheModeAndRResetsTheCounts() {
    #expect(command(.character("m")) == .cycleMode)
    #expect(command(.character("r")) == .resetStatistics)
  }

  @Test func ctrlLRedrawsAndUnboundKeysDoNothing() {
    #expect(command(.control("l")) == .redraw)
    #expect(command(.character("z")) == nil)
  }
}

@Suite struct RawModeKeyBindingsTests {
  @Test(arguments: [(false, false, false), (true, false, false), (false, true, false), (false, false, true)])
  func ctrlCQuitsAndCtrlZSuspendsWhateverIsOpen(help: Bool, voting: Bool, searching: Bool) {
    #expect(
      KeyBindings.command(
        for: .key(.control("c")), helpShown: help, votingShown: voting, searching: searching) == .quit)
    #expect(
      KeyBindings.command(
        for: .key(.control("z")), helpShown: help, votingShown: voting, searching: searching) == .suspend)
  }

  @Test func ctrlSAndCtrlQAndCtrlBackslashDoNothing() {
    for key: Key in [.control("s"), .control("q")] {
      #expect(KeyBindings.command(for: .key(key), helpShown: false) == nil)
    }
    #expect(InputDecoder.decode(character: 0x1C) == nil)  // Ctrl-\
  }

  @Test func ctrlEAndCtrlYScrollTheViewARowAsInVim() {
    #expect(KeyBindings.command(for: .key(.control("e")), helpShown: false) == .scroll(rows: 1))
    #expect(KeyBindings.command(for: .key(.control("y")), helpShown: false) == .scroll(rows: -1))
  }

  @Test func aPasteIsOneCommandOfText() {
    let paste = Paste(text: "cat q")
    #expect(KeyBindings.command(for: .paste(paste), helpShown: false, searching: true) == .paste(paste))
    #expect(KeyBindings.command(for: .paste(paste), helpShown: false) == .paste(paste))
    #expect(KeyBindings.command(for: .paste(paste), helpShown: true) == nil)
  }
}
