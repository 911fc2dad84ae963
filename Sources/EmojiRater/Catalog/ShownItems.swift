import CollectionKit

/// Which of the catalog's items the grid shows: all of them, or, under a
/// filter, some of them in catalog order. Maps a shown position (the grid's
/// flat index) to the catalog position — the loader's identifier and the
/// votes' key, which must not change when the filter does — and back.
public struct ShownItems: Equatable, Sendable {
  /// Ascending catalog positions; nil when every item shows.
  private let items: [Int]?

  public static let all = ShownItems(items: nil)

  private init(items: [Int]?) {
    self.items = items
  }

  /// These catalog positions, which must be ascending.
  public init(_ items: [Int]) {
    precondition(zip(items, items.dropFirst()).allSatisfy { $0 < $1 }, "shown items must be in catalog order")
    self.items = items
  }

  /// The catalog position of the item shown at `shown`.
  public func catalogItem(_ shown: Int) -> Int {
    items?[shown] ?? shown
  }

  /// Where a catalog item shows, if it does.
  public func shownItem(_ catalogItem: Int) -> Int? {
    guard let items else { return catalogItem }
    let index = items.partitioningIndex { $0 >= catalogItem }
    return index < items.count && items[index] == catalogItem ? index : nil
  }
}
