import CollectionKit

extension AppState {
  /// What must hold after every event — a key, a click or a wheel at any
  /// coordinates, a resize to any size, a filter, a search, a vote, an undo —
  /// written down in one place: every position the state keeps refers to
  /// the layout it has now. Empty when all is well; otherwise one line per
  /// broken rule, for a test to print. The property test calls it after
  /// every event, and debug builds check it after every command.
  public var invariantViolations: [String] {
    var broken: [String] = []
    func require(_ holds: Bool, _ rule: @autoclosure () -> String) {
      if !holds { broken.append(rule()) }
    }
    require(
      layout.sectionItemCounts == sections.map(\.count), "the layout's sections are not the grid's sections")
    require(
      layout.columns
        == GridLayout(sectionItemCounts: [], width: screen.size.columns, metrics: layout.metrics).columns,
      "the layout's columns (\(layout.columns)) do not fit the screen's width (\(screen.size.columns))")
    require((selection == nil) == (layout.itemCount == 0), "a selection must exist exactly when items show")
    if let selection {
      require(layout.contains(selection), "the selection \(selection) is not in the layout")
    }
    for (name, view) in [("viewport", viewport), ("presented viewport", presentedViewport)] {
      require(
        view.height == screen.gridHeight,
        "the \(name)'s height \(view.height) is not the grid's \(screen.gridHeight)")
      require(
        view.topRow <= max(0, layout.rowCount - view.height),
        "the \(name) starts at row \(view.topRow), past the layout's \(layout.rowCount) rows")
    }
    if let selection, layout.contains(selection), !screen.isTooSmall {
      require(
        viewport.rows.contains(layout.row(of: selection)),
        "the selection's row \(layout.row(of: selection)) is off screen \(viewport.rows)")
    }
    require(voteOverlay == nil || selection != nil, "the voting overlay is open on nothing")
    if let search {
      require(
        search.origin.map { $0 < fullCatalog.count } ?? true,
        "the search began at \(search.origin ?? -1), past the catalog's end")
      require(
        search.answered == nil || layout.itemCount == search.matchCount,
        "the grid shows \(layout.itemCount) cells for \(search.matchCount) matches")
    }
    require(votes.keys.allSatisfy { (0..<fullCatalog.count).contains($0) }, "a vote names no emoji")
    if let item = selectedItem, let emoji = selectedEmoji {
      require(
        (0..<fullCatalog.count).contains(item) && fullCatalog.emoji(atFlatIndex: item) == emoji,
        "the selected cell and the selected catalog item differ")
    }
    return broken
  }
}
