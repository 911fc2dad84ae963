import Foundation

/// The terminal's clipboard, reached with the OSC 52 escape sequence.
public enum Clipboard {
  /// `ESC ] 52 ; c ; <base64 of the UTF-8 text> BEL`: set the clipboard
  /// ("c") to the text. BEL ends it, as xterm and tmux both accept.
  public static func osc52(_ text: String) -> [UInt8] {
    Array("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8)
  }
}
