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
  /// Why the cell's last load failed, while it shows its failure.
  func loadFailure(at indexPath: IndexPath) -> LoadFailure?
  var loadingSummary: LoadingSummary? { get }
}

extension GridContent {
  public func loadFailure(at indexPath: IndexPath) -> LoadFailure? { nil }

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

/// Every cell loaded: the catalog itself, as a state's grid shows it. For
/// screens that do not test loading.
public struct FullyLoadedContent: GridContent {
  public let catalog: EmojiCatalog
  public let shown: ShownItems
  public let layout: GridLayout
  public let glyphs: GlyphPolicy

  public init(state: AppState, glyphs: GlyphPolicy = .safe) {
    catalog = state.fullCatalog
    shown = state.shown
    layout = state.layout
    self.glyphs = glyphs
  }

  public func content(at indexPath: IndexPath) -> CellContent {
    .loaded(EmojiPresentation(emoji(at: indexPath), policy: glyphs))
  }

  public func loadedEmoji(at indexPath: IndexPath) -> Emoji? {
    emoji(at: indexPath)
  }

  private func emoji(at indexPath: IndexPath) -> Emoji {
    catalog.emoji(atFlatIndex: shown.catalogItem(layout.flatIndex(of: indexPath)))
  }

  public var loadingSummary: LoadingSummary? { nil }
}
