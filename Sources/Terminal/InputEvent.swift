/// What the person did, decoded from ncurses into plain values so that
/// everything above the terminal layer can be tested without one.
public enum InputEvent: Equatable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  /// The terminal changed size; read the new size from the screen.
  case resize
  /// Text pasted in one piece (bracketed paste), not typed.
  case paste(Paste)
}

/// Pasted text, as much of it as is kept (`PasteReader.maximumLength`).
public struct Paste: Equatable, Sendable {
  public var text: String
  /// Characters past the limit, left out.
  public var droppedCharacters: Int

  public init(text: String, droppedCharacters: Int = 0) {
    self.text = text
    self.droppedCharacters = droppedCharacters
  }
}

/// A key press, with the keys the app cares about named.
public enum Key: Equatable, Hashable, Sendable {
  case character(Character)
  /// Ctrl plus a letter, given in lower case (`control("l")` is Ctrl-L).
  case control(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case tab, backTab, enter, escape, backspace, delete
  case function(Int)
}

/// A mouse event at a screen cell (row and column from the top left, from 0).
public struct MouseEvent: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    case press, wheelUp, wheelDown
  }

  public var kind: Kind
  public var row: Int
  public var column: Int

  public init(_ kind: Kind, row: Int, column: Int) {
    self.kind = kind
    self.row = row
    self.column = column
  }
}
