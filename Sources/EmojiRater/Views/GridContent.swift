import CollectionKit
import EmojiModel
import Loading

/// What the views need to know beyond `AppState`: each cell's content and,
/// when a loader is running, its figures for the bottom line.
@MainActor
public protocol GridContent {
  func content(at indexPath: IndexPath) -> CellContent
  /// The contents of a row's cells, left to right: asked once per row on
  /// every frame, so a source can answer it faster than cell by cell.
  func contents(ofItems items: Range<Int>, inSection section: Int) -> [CellContent]
  /// The selected emoji's details, once loaded (a load hides them too).
  func loadedEmoji(at indexPath: IndexPath) -> Emoji?
  /// The community's votes on the emoji, once loaded, where a ratings
  /// server counts them.
  func community(at indexPath: IndexPath) -> CommunityTally?
  /// Why the cell's last load failed, while it shows its failure.
  func loadFailure(at indexPath: IndexPath) -> LoadFailure?
  var loadingSummary: LoadingSummary? { get }
}

extension GridContent {
  public func loadFailure(at indexPath: IndexPath) -> LoadFailure? { nil }

  public func community(at indexPath: IndexPath) -> CommunityTally? { nil }

  public func contents(ofItems items: Range<Int>, inSection section: Int) -> [CellContent] {
    items.map { content(at: IndexPath(item: $0, section: section)) }
  }
}

/// The loader's state in brief, for the bottom line.
public struct LoadingSummary: Equatable, Sendable {
  public var mode: LoadingMode
  public var loader: LoaderCounters
  public var display: DisplayCounters
  public var source = DataSource.simulated
}

/// Every cell loaded: the catalog itself, as a state's grid shows it, with
/// the community's votes on some emoji (by identifier). For screens that do
/// not test loading.
public struct FullyLoadedContent: GridContent {
  public let catalog: EmojiCatalog
  public let shown: ShownItems
  public let layout: GridLayout
  public let glyphs: GlyphPolicy
  public let tallies: [String: CommunityTally]

  public init(state: AppState, glyphs: GlyphPolicy = .safe, tallies: [String: CommunityTally] = [:]) {
    catalog = state.fullCatalog
    shown = state.shown
    layout = state.layout
    self.glyphs = glyphs
    self.tallies = tallies
  }

  public func content(at indexPath: IndexPath) -> CellContent {
    let emoji = emoji(at: indexPath)
    return .loaded(EmojiPresentation(emoji, policy: glyphs, community: tallies[emoji.identifier]))
  }

  public func loadedEmoji(at indexPath: IndexPath) -> Emoji? {
    emoji(at: indexPath)
  }

  public func community(at indexPath: IndexPath) -> CommunityTally? {
    tallies[emoji(at: indexPath).identifier]
  }

  private func emoji(at indexPath: IndexPath) -> Emoji {
    catalog.emoji(atFlatIndex: shown.catalogItem(layout.flatIndex(of: indexPath)))
  }

  public var loadingSummary: LoadingSummary? { nil }
}
