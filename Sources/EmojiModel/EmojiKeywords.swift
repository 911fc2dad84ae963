import EmojiData

/// What people call each emoji beside its name: CLDR's keywords (😂:
/// "face", "joy", "laugh", "tear"), English, embedded in the binary
/// (`scripts/embed-cldr-keywords.py`). CLDR 41 predates Emoji 15.1: newer
/// emoji have their name only. The same table holds the short names chat
/// apps know them by (`aliases`).
public struct EmojiKeywords: Sendable {
  /// Keywords, lower case, by code points without VS16 (as CLDR keys them).
  private let table: [String: [String]]

  /// The embedded English keywords, read once.
  public static let builtIn = EmojiKeywords(parsing: embeddedKeywordsText.description)

  /// GitHub's and Slack's short names (😂: "joy"; 👍: "thumbsup", "+1"),
  /// from PyPI's emoji package (`scripts/embed-emoji-aliases.py`).
  public static let aliases = EmojiKeywords(parsing: embeddedAliasesText.description)

  /// GitHub's tags (🤣: "lol"; 😀: "happy"), from gemoji, embedded beside the aliases.
  public static let tags = EmojiKeywords(parsing: embeddedTagsText.description)

  /// No keywords at all.
  public static let none = EmojiKeywords(table: [:])

  private init(table: [String: [String]]) {
    self.table = table
  }

  /// Reads the embedded format: per line, code points in hex joined by
  /// `-`, a tab, keywords joined by `|`. Lines that are not that are skipped.
  init(parsing text: String) {
    var table: [String: [String]] = [:]
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: "\t", maxSplits: 1)
      guard fields.count == 2 else { continue }
      table[String(fields[0])] = fields[1].split(separator: "|").map { $0.lowercased() }
    }
    self.table = table
  }

  /// The keywords of `emoji`, or none.
  public func keywords(for emoji: Emoji) -> [String] {
    table[Self.key(emoji.scalars)] ?? []
  }

  /// How many emoji have keywords.
  public var count: Int { table.count }

  /// How CLDR keys an emoji: its code points in hex, joined by `-`, without VS16.
  static func key(_ scalars: [Unicode.Scalar]) -> String {
    scalars.lazy.filter { $0 != "\u{FE0F}" }.map { String($0.value, radix: 16) }.joined(separator: "-")
  }
}
