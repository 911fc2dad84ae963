import CollectionKit
import Terminal

/// Which command each key and mouse action means now, by the table of
/// bindings (`KeyMap`) and what is in front of the person.
public enum KeyBindings {
  /// Rows the mouse wheel scrolls per notch.
  public static var wheelRows: Int { KeyMap.wheelRows }

  public static func command(
    for event: InputEvent, helpShown: Bool, votingShown: Bool = false, searching: Bool = false,
    picking: Bool = false
  ) -> Command? {
    let mode: KeyMap.Mode = searching ? .search : helpShown ? .help : votingShown ? .voting : .grid
    switch event {
    case .resize: return nil  // The controller reads the new size first.
    case .mouse(let mouse):
      if mode == .help { return .closeOverlay }
      let command = KeyMap.command(for: .mouse(mouse.kind), in: mode, picking: picking)
      // A click selects what is under it.
      if case .select = command { return .select(row: mouse.row, column: mouse.column) }
      return command
    case .paste(let paste): return mode == .help ? nil : .paste(paste)
    case .key(let key):
      if let command = KeyMap.command(for: .key(key), in: mode, picking: picking) { return command }
      switch (mode, key) {
      // The search prompt takes every key it can type, q included.
      case (.search, .character(let character)): return .searchInput(character)
      // Any other key just closes the help, so nothing happens behind it unseen.
      case (.help, _): return .closeOverlay
      default: return nil
      }
    }
  }
}
