import CollectionKit

/// An answer worked out from the state (`AppState.jumpScreens`,
/// `searchExitScreens`), worked out again only when what it reads changed.
/// The frame loop asks for both every frame in prefetch mode, and each
/// screen they name is the state moved there and laid out anew: a search's
/// exits at a million items took milliseconds in every frame a search was
/// open (`emoji-rater bench --traces search --items 1000000`), and the jump
/// keys' screens, one and two keys away, are twenty landings, for answers
/// that change only with a key, a step of the view or a resize.
struct AppStateMemo<Value> {
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

  private var last: (key: Key, value: Value)?

  /// `answer` for `state`: the one worked out before, if the state it read
  /// is the same.
  mutating func value(for state: AppState, _ answer: (AppState) -> Value) -> Value {
    let key = Key(state)
    if let last, last.key == key { return last.value }
    let value = answer(state)
    last = (key, value)
    return value
  }
}
