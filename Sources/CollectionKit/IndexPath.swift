/// The position of an item in a sectioned collection: (section, item), as in
/// UIKit. Index paths name positions in the current layout; the data behind
/// them is looked up by identifier, never cached by position.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var section: Int
  public var item: Int

  public init(item: Int, section: Int) {
    self.section = section
    self.item = item
  }

  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  public var description: String { "[\(section), \(item)]" }
}
