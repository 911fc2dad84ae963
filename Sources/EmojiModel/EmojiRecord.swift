/// One emoji's details as they travel over HTTP (`emoji-rater serve`'s
/// `GET /emoji/{code points}`): what a cell's load brings.
public struct EmojiRecord: Codable, Equatable, Sendable {
  /// The code points in hex, joined by `-` (`Emoji.identifier`).
  public var codePoints: String
  /// The emoji itself.
  public var emoji: String
  public var name: String
  public var group: String
  public var subgroup: String
  /// The Emoji version that introduced it, e.g. "1.0".
  public var version: String
  /// CLDR's English keywords, where it has some.
  public var keywords: [String]
  /// The community's votes, from a ratings server with a database (none
  /// from one without, nor from an older server).
  public var up: Int?
  public var down: Int?
  /// The caller's own vote, `up` or `down`, when it sent a voter's token
  /// and has voted.
  public var mine: String?

  public init(_ emoji: Emoji) {
    codePoints = emoji.identifier
    self.emoji = emoji.string
    name = emoji.name
    group = emoji.group
    subgroup = emoji.subgroup
    version = emoji.version
    keywords = emoji.keywords
  }
}
