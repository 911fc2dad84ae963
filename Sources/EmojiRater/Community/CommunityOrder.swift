/// The order the grid shows the emoji in: the catalog's, or the
/// community's as a ratings server counts it (`o`, `--order`).
public enum CommunityOrder: String, CaseIterable, Equatable, Sendable {
  case catalog
  /// Most up votes first.
  case top
  /// Most votes on both sides first.
  case controversial

  /// The next order `o` shows.
  public var next: CommunityOrder {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// The server's name for it (`GET /top?order=…`); nil for the catalog's.
  var serverOrder: String? {
    switch self {
    case .catalog: nil
    case .top: "up"
    case .controversial: "controversial"
    }
  }

  /// The grid's one section title in this order.
  var title: String {
    switch self {
    case .catalog: "Catalog"
    case .top: "Most voted up by the community"
    case .controversial: "Most argued over by the community"
    }
  }
}

/// The community's order as a server answered it: catalog items, first
/// first, for `order`.
public struct CommunityRanking: Equatable, Sendable {
  public var order: CommunityOrder
  public var items: [Int]

  public init(order: CommunityOrder, items: [Int]) {
    self.order = order
    self.items = items
  }
}
