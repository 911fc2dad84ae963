import EmojiModel

/// A section as the grid shows it: its header's name and how many cells
/// follow. A Unicode group, what a filter keeps of one, or a search's matches.
public struct GridSection: Equatable, Sendable {
  public let name: String
  public let count: Int

  public init(name: String, count: Int) {
    self.name = name
    self.count = count
  }
}

extension EmojiCatalog {
  /// Each emoji's flat position by its code points (`Emoji.identifier`),
  /// the first where a repeated catalog has it more than once: for what
  /// names emoji by identifier (a tally from the server, the community's
  /// order, the usage history).
  public var itemsByIdentifier: [String: Int] {
    var items: [String: Int] = [:]
    for item in 0..<count where items[emoji(atFlatIndex: item).identifier] == nil {
      items[emoji(atFlatIndex: item).identifier] = item
    }
    return items
  }

  /// Every section, whole.
  public var gridSections: [GridSection] {
    sections.map { GridSection(name: $0.name, count: $0.emoji.count) }
  }

  /// The sections of these flat positions (ascending), each with the
  /// positions it holds; sections left empty are dropped.
  public func gridSections(of items: [Int]) -> [GridSection] {
    var counts = [Int](repeating: 0, count: sections.count)
    for item in items { counts[part(containing: item)] += 1 }
    return zip(sections, counts).filter { $0.1 > 0 }.map { GridSection(name: $0.0.name, count: $0.1) }
  }
}
