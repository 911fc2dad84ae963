/// Turns what ncurses' `wget_wch` returns into `InputEvent`s.
///
/// Pure, so the key table is tested without a terminal. The numbers are
/// ncurses' own key codes (`KEY_UP` and friends), which are fixed by its ABI.
public enum InputDecoder {
  /// A character read by `wget_wch` (it returned `OK`).
  public static func decode(character code: UInt32) -> InputEvent? {
    switch code {
    case 9: return .key(.tab)
    case 10, 13: return .key(.enter)
    case 27: return .key(.escape)
    case 8, 127: return .key(.backspace)
    case 1...26: return .key(.control(Character(Unicode.Scalar(code + 96)!)))
    case 0..<32: return nil
    default:
      guard let scalar = Unicode.Scalar(code) else { return nil }
      return .key(.character(Character(scalar)))
    }
  }

  /// A function key read by `wget_wch` (it returned `KEY_CODE_YES`). Mouse and
  /// resize codes are handled by the screen, which has to ask ncurses more.
  public static func decode(functionKey code: Int32) -> InputEvent? {
    switch code {
    case KeyCode.down: return .key(.down)
    case KeyCode.up: return .key(.up)
    case KeyCode.left: return .key(.left)
    case KeyCode.right: return .key(.right)
    case KeyCode.home: return .key(.home)
    case KeyCode.backspace: return .key(.backspace)
    case KeyCode.delete: return .key(.delete)
    case KeyCode.nextPage: return .key(.pageDown)
    case KeyCode.previousPage: return .key(.pageUp)
    case KeyCode.enter: return .key(.enter)
    case KeyCode.backTab: return .key(.backTab)
    case KeyCode.end: return .key(.end)
    case KeyCode.resize: return .resize
    case KeyCode.firstFunction + 1...KeyCode.firstFunction + 24:
      return .key(.function(Int(code - KeyCode.firstFunction)))
    default: return nil
    }
  }

  /// ncurses' key codes (curses.h), as plain numbers.
  enum KeyCode {
    static let down: Int32 = 0o402
    static let up: Int32 = 0o403
    static let left: Int32 = 0o404
    static let right: Int32 = 0o405
    static let home: Int32 = 0o406
    static let backspace: Int32 = 0o407
    static let firstFunction: Int32 = 0o410
    static let delete: Int32 = 0o512
    static let nextPage: Int32 = 0o522
    static let previousPage: Int32 = 0o523
    static let enter: Int32 = 0o527
    static let backTab: Int32 = 0o541
    static let end: Int32 = 0o550
    static let mouse: Int32 = 0o631
    static let resize: Int32 = 0o632
    /// Codes of our own for a bracketed paste's two ends (`define_key`),
    /// far above ncurses' own and the extended keys terminfo adds.
    static let pasteStart: Int32 = 0x7F00
    static let pasteEnd: Int32 = 0x7F01
  }
}
