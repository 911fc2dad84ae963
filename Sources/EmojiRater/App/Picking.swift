import EmojiModel
import Foundation

/// `emoji-rater pick`: the grid drawn on the terminal while standard
/// output is a pipe, to print the emoji a person chooses, as fzf does.
public struct PickOptions: Equatable, Sendable {
  /// A search to start with (`--query`).
  public var query: String?
  /// What is printed of each emoji (`--format`).
  public var format: PickFormat

  public init(query: String? = nil, format: PickFormat = .emoji) {
    self.query = query
    self.format = format
  }
}

/// What `pick` prints of each emoji chosen, a line each.
public enum PickFormat: String, CaseIterable, Sendable {
  /// 🎉
  case emoji
  /// party popper (in English, whatever the language shown)
  case name
  /// U+1F389, or U+2764 U+FE0F for a sequence
  case codepoints
  /// :tada:, as chat apps write it: the first short name they know it by,
  /// else its name in their style (:red_heart:)
  case shortcode

  public func line(for emoji: Emoji) -> String {
    switch self {
    case .emoji: emoji.string
    case .name: emoji.name
    case .codepoints: emoji.codePoints
    case .shortcode: ":" + (emoji.aliases.first ?? Self.snakeCase(emoji.name)) + ":"
    }
  }

  /// "flag: Côte d’Ivoire" as `flag_cote_d_ivoire`: folded to lower-case
  /// letters and digits, every other run of characters one underscore.
  static func snakeCase(_ name: String) -> String {
    let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    return folded.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.joined(separator: "_")
  }
}

/// How a pick ended.
public enum PickOutcome: Equatable, Sendable {
  /// Enter: these emoji, in the order marked (or the selection alone).
  case chosen([Emoji])
  /// Esc or q: nothing printed, exit status 1.
  case abandoned
  /// Ctrl-C: nothing printed, exit status 130, as a shell's interrupt.
  case interrupted

  /// The exit status a script reads.
  public var status: Int32 {
    switch self {
    case .chosen: 0
    case .abandoned: 1
    case .interrupted: 130
    }
  }
}

/// The marks of a pick in progress: the catalog items Tab marked, in the
/// order marked.
public struct Picker: Equatable, Sendable {
  public private(set) var marked: [Int] = []

  public init() {}

  /// Marks `item`, or unmarks it if it was; returns whether it is marked now.
  mutating func toggle(_ item: Int) -> Bool {
    if let index = marked.firstIndex(of: item) {
      marked.remove(at: index)
      return false
    }
    marked.append(item)
    return true
  }

  public func isMarked(_ item: Int) -> Bool {
    !marked.isEmpty && marked.contains(item)
  }
}
