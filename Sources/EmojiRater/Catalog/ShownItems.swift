import CollectionKit

/// Which of the catalog's items the grid shows, in what order: all of them;
/// under a filter, some in catalog order; under a search, the matches best
/// first. Maps a shown position (the grid's flat index) to the catalog
/// position — the loader's identifier and the votes' key, which must not
/// change when the filter or the search does — and back.
///
/// A few items may show twice: a `leading` list before the rest (the
/// "Frequently used" section) holds items the rest has too. An item then
/// has two positions, and whatever follows a cell on screen (a load that
/// lands, a vote) asks for `positions(of:)`, not the one `shownItem` gives.
public struct ShownItems: Equatable, Sendable {
  /// Shown first, before `items`: catalog positions, each once.
  public private(set) var leading: [Int] = []
  /// Catalog positions, each once; nil when every item shows.
  private let items: [Int]?
  /// Where each catalog position shows (-1 where it does not), for an order
  /// that is not the catalog's; ascending items are found by binary search.
  private let positions: [Int32]?

  public static let all = ShownItems(items: nil, positions: nil)

  private init(items: [Int]?, positions: [Int32]?) {
    self.items = items
    self.positions = positions
  }

  /// These catalog positions, in this order, each once.
  public init(_ items: [Int]) {
    self.items = items
    guard !zip(items, items.dropFirst()).allSatisfy({ $0 < $1 }) else {
      positions = nil
      return
    }
    var positions = [Int32](repeating: -1, count: (items.max() ?? -1) + 1)
    for (shown, item) in items.enumerated() {
      precondition(positions[item] == -1, "catalog item \(item) is shown twice")
      positions[item] = Int32(shown)
    }
    self.positions = positions
  }

  /// The same items, after `leading` (catalog positions, each once).
  public func after(_ leading: [Int]) -> ShownItems {
    var shown = self
    shown.leading = leading
    return shown
  }

  /// The catalog position of the item shown at `shown`.
  public func catalogItem(_ shown: Int) -> Int {
    guard shown >= leading.count else { return leading[shown] }
    let shown = shown - leading.count
    return items?[shown] ?? shown
  }

  /// Where a catalog item shows among the rest, past `leading`; else its
  /// place in `leading`, if it shows at all.
  public func shownItem(_ catalogItem: Int) -> Int? {
    if let shown = placeInRest(catalogItem) { return shown + leading.count }
    return leading.firstIndex(of: catalogItem)
  }

  /// Every place a catalog item shows: in `leading`, and among the rest.
  public func positions(of catalogItem: Int) -> ShownPositions {
    ShownPositions(
      leading: leading.isEmpty ? nil : leading.firstIndex(of: catalogItem),
      rest: placeInRest(catalogItem).map { $0 + leading.count })
  }

  private func placeInRest(_ catalogItem: Int) -> Int? {
    guard let items else { return catalogItem }
    if let positions {
      let shown = catalogItem < positions.count ? Int(positions[catalogItem]) : -1
      return shown >= 0 ? shown : nil
    }
    let index = items.partitioningIndex { $0 >= catalogItem }
    return index < items.count && items[index] == catalogItem ? index : nil
  }

  public static func == (lhs: ShownItems, rhs: ShownItems) -> Bool {
    lhs.leading == rhs.leading && lhs.items == rhs.items  // `positions` follows from `items`.
  }
}

/// The places one catalog item shows, at most two (in `leading`, and among
/// the rest), first first: a sequence that allocates nothing, as it is
/// asked for each load the loader ranks and each cell that leaves.
public struct ShownPositions: Sequence, Equatable, Sendable {
  var leading: Int?
  var rest: Int?

  public struct Iterator: IteratorProtocol {
    var leading: Int?
    var rest: Int?

    public mutating func next() -> Int? {
      if let position = leading {
        leading = nil
        return position
      }
      defer { rest = nil }
      return rest
    }
  }

  public func makeIterator() -> Iterator {
    Iterator(leading: leading, rest: rest)
  }
}
