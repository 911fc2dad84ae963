import CollectionKit

/// `AppState.searchExitScreens`, worked out again only when what it reads
/// changed. Each screen named is the state left for it, laid out anew: at a
/// million items, milliseconds in every frame a search is open (`emoji-rater
/// bench --traces search --items 1000000`), for an answer that changes only
/// with a letter, a step through the matches or a resize.
struct SearchExitMemo {
  private struct Key: Equatable {
    var search: Search?
    var selection: IndexPath?
    var viewport: Viewport
    var screen: ScreenLayout
    var layout: GridLayout
    /// Equal at once while the list is the same one (arrays compare their
    /// storage first).
    var shown: ShownItems

    init(_ state: AppState) {
      search = state.search
      selection = state.selection
      viewport = state.viewport
      screen = state.screen
      layout = state.layout
      shown = state.shown
    }
  }

  private var key: Key?
  private var items: [Int] = []

  /// The catalog items on the screens `state`'s search is left for.
  mutating func items(for state: AppState) -> [Int] {
    let key = Key(state)
    if key != self.key {
      self.key = key
      items = state.searchExitScreens
    }
    return items
  }
}
