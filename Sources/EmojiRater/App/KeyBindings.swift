import CollectionKit
import Terminal

/// Which command each key and mouse action means. The help overlay lists the
/// same keys (`HelpOverlay`); change both together.
public enum KeyBindings {
  /// Rows the mouse wheel scrolls per notch.
  public static let wheelRows = 3

  public static func command(
    for event: InputEvent, helpShown: Bool, votingShown: Bool = false, searching: Bool = false
  ) -> Command? {
    switch event {
    case .resize: return nil  // The controller reads the new size first.
    case .mouse(let mouse): return helpShown ? .closeOverlay : command(for: mouse)
    case .paste(let paste): return helpShown ? nil : .paste(paste)
    case .key(let key):
      // The terminal is raw: Ctrl-C and Ctrl-Z come as keys, and always work.
      if key == .control("c") { return .quit }
      if key == .control("z") { return .suspend }
      // The search prompt takes every key it can type, q included.
      if searching { return searchCommand(for: key) }
      if key == .character("q") { return .quit }
      if key == .control("l") { return .redraw }
      // Any other key just closes the help, so nothing happens behind it unseen.
      if helpShown { return .closeOverlay }
      if votingShown { return votingCommand(for: key) }
      return command(for: key)
    }
  }

  private static func command(for mouse: MouseEvent) -> Command {
    switch mouse.kind {
    case .wheelUp: .scroll(rows: -wheelRows)
    case .wheelDown: .scroll(rows: wheelRows)
    case .press: .select(row: mouse.row, column: mouse.column)
    }
  }

  private static func command(for key: Key) -> Command? {
    switch key {
    case .left, .character("h"): .move(.left)
    case .right, .character("l"): .move(.right)
    case .up, .character("k"): .move(.up)
    case .down, .character("j"): .move(.down)
    case .pageUp, .control("b"): .page(down: false)
    case .pageDown, .control("f"): .page(down: true)
    // vim's: the view a row down or up, the selection staying if it can.
    case .control("e"): .scroll(rows: 1)
    case .control("y"): .scroll(rows: -1)
    case .home, .character("g"): .move(.first)
    case .end, .character("G"): .move(.last)
    case .tab: .move(.nextSection)
    case .backTab: .move(.previousSection)
    case .character("m"): .cycleMode
    case .character("r"): .resetStatistics
    case .character("?"): .toggleHelp
    case .character("f"): .toggleHUD
    case .enter, .character(" "): .openVoteOverlay
    case .character("y"): .copySelection
    case .character("v"): .cycleFilter
    case .character("/"): .startSearch
    case .character("n"): .nextMatch(forward: true)
    case .character("N"): .nextMatch(forward: false)
    default: votingOrClosing(key)
    }
  }

  /// Keys that do the same with the voting overlay open or not: the direct
  /// votes, undo, and Esc.
  private static func votingOrClosing(_ key: Key) -> Command? {
    switch key {
    case .character("+"), .character("="): .vote(.up)
    case .character("-"): .vote(.down)
    case .character("0"): .vote(nil)
    case .character("u"): .undoVote
    case .escape: .closeOverlay
    default: nil
    }
  }

  /// While the search prompt is open: characters go into the query,
  /// Backspace takes one back, Enter ends typing, Esc clears the search.
  private static func searchCommand(for key: Key) -> Command? {
    switch key {
    case .character(let character): .searchInput(character)
    case .backspace, .delete: .searchBackspace
    case .enter: .confirmSearch
    case .escape: .closeOverlay
    default: nil
    }
  }

  /// While the voting overlay is open: arrows choose, Enter takes the
  /// choice, the direct keys vote at once, Esc closes; other keys do nothing
  /// (the grid is not moved behind the overlay).
  private static func votingCommand(for key: Key) -> Command? {
    switch key {
    case .left, .up, .character("h"), .character("k"), .backTab: .moveInOverlay(-1)
    case .right, .down, .character("l"), .character("j"), .tab: .moveInOverlay(1)
    case .enter, .character(" "): .confirmOverlay
    default: votingOrClosing(key)
    }
  }
}
