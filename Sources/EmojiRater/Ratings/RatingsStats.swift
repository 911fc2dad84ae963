import EmojiModel

/// Votes per Unicode group (`emoji-rater stats`): how many emoji each group
/// has, how many are voted up and down, and how many are not voted yet.
///
/// Skin-tone variants count as emoji of their base's group, whether or not
/// the catalog shows them, since each can be voted on. Votes for emoji the
/// catalog does not have (cast with a newer one) get a line of their own, so
/// that the total still accounts for every vote in the file.
public struct RatingsStats: Equatable, Sendable {
  /// The counts of one line of the table.
  public struct Line: Equatable, Sendable {
    /// The Unicode group, or `RatingsStats.notInCatalogName` / `totalName`.
    public let name: String
    public fileprivate(set) var emoji = 0
    public fileprivate(set) var up = 0
    public fileprivate(set) var down = 0
    public var notVoted: Int { emoji - up - down }

    public init(name: String, emoji: Int = 0, up: Int = 0, down: Int = 0) {
      self.name = name
      self.emoji = emoji
      self.up = up
      self.down = down
    }

    fileprivate mutating func count(_ rating: Rating?) {
      emoji += 1
      switch rating?.vote {
      case .up: up += 1
      case .down: down += 1
      case nil: break
      }
    }
  }

  public static let notInCatalogName = "Not in this catalog"
  public static let totalName = "Total"

  /// One line per group, in catalog order.
  public let groups: [Line]
  /// Voted emoji the catalog does not have; `emoji` is 0 when there are none.
  public let notInCatalog: Line
  /// The sum of `groups` and `notInCatalog`: its `up` and `down` are every vote.
  public let total: Line

  public init(ratings: Ratings, catalog: EmojiCatalog) {
    var counted = Set<String>()
    var groups: [Line] = []
    for section in catalog.sections {
      var line = Line(name: section.name)
      for emoji in section.votableEmoji {
        counted.insert(emoji.identifier)
        line.count(ratings[emoji.identifier])
      }
      groups.append(line)
    }
    var notInCatalog = Line(name: Self.notInCatalogName)
    for entry in ratings where !counted.contains(entry.identifier) {
      notInCatalog.count(entry.rating)
    }
    var total = Line(name: Self.totalName)
    for line in groups + [notInCatalog] {
      total.emoji += line.emoji
      total.up += line.up
      total.down += line.down
    }
    self.groups = groups
    self.notInCatalog = notInCatalog
    self.total = total
  }

  /// A plain-text table: names left-aligned, numbers right-aligned, a line
  /// per group, the not-in-catalog line only when there are such votes, then
  /// the total. Ends in a line break.
  public var table: String {
    let lines = groups + (notInCatalog.emoji > 0 ? [notInCatalog] : []) + [total]
    let header = ["Group", "Emoji", "Up", "Down", "Not voted"]
    let rows =
      [header]
      + lines.map { [$0.name, String($0.emoji), String($0.up), String($0.down), String($0.notVoted)] }
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 ? cell + padding : padding + cell
      }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }
}
