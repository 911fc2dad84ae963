import CollectionKit
import EmojiModel
import Support
import Terminal

/// Everything the screen shows, and how commands change it. A value with no
/// terminal and no clock inside, so every behaviour is a plain unit test.
public struct AppState: Sendable {
  /// Every emoji: what votes and loads are keyed to (by flat position).
  public let fullCatalog: EmojiCatalog
  /// Which of `fullCatalog`'s items the grid shows, in what order: every
  /// emoji, those the filter keeps, or a search's matches among them.
  public private(set) var shown = ShownItems.all
  /// The grid's sections: the headers and how many cells each has.
  public private(set) var sections: [GridSection]
  /// The emoji used most, by frecency (catalog positions, first first):
  /// the "Frequently used" section, first in the grid when it shows the
  /// whole catalog in its own order. Fixed for the run (a grid that
  /// reordered itself under each vote would move the cell being voted on);
  /// the next run shows this one's uses.
  public private(set) var frequentItems: [Int] = []
  public static let frequentlyUsedTitle = "Frequently used"
  /// `X` was pressed once: the next `X` forgets the frequently used.
  private var isForgetAsked = false
  public private(set) var filter = VoteFilter.all
  /// Counts the lists the grid has shown (a filter, a query's matches): the
  /// screen draws whole when it changes, as another list can have the same shape.
  public private(set) var gridGeneration = 0
  /// What the filter keeps (ascending; nil for everything) and its
  /// sections: the grid when no search narrows it, and what a search ranks.
  private var filterItems: [Int]?
  private var filterSections: [GridSection]
  /// The order the grid is in, and the community's ranking for it once the
  /// server has answered (nil for the catalog's order, and until then).
  public private(set) var order = CommunityOrder.catalog
  private var ranking: CommunityRanking?
  /// The emoji selected when the grid left the catalog's order: selected
  /// again when it comes back, should none be selected then.
  private var catalogAnchor: Int?
  /// Whether a ratings server is there to ask for the community's order.
  public var hasCommunity = false
  /// Counts the lists the filter has made: a search's results say which
  /// one they were ranked within.
  public private(set) var filterGeneration = 0
  /// The catalog ready for search, when it ranks inside a frame (up to
  /// `inlineSearchLimit` items: 0.2 to 0.4 ms for the 3,944 with skin
  /// tones) and once built (25 ms, off the main thread as the app starts).
  /// Until then, or for a longer catalog, queries are ranked off the main
  /// thread (`SearchRunner`, asked by `Effect.rankSearch`) and arrive by `show(_:)`.
  public var searchIndex: SearchIndex?
  public static let inlineSearchLimit = 20_000
  public private(set) var screen: ScreenLayout
  public private(set) var layout: GridLayout
  /// Where the grid is scrolled to. The screen shows `presentedViewport`.
  public private(set) var viewport: Viewport {
    didSet { presentedViewport = viewport }
  }
  /// What the grid shows now: `viewport`, except while a page scroll plays.
  /// Then it trails `viewport` and catches up in `pageScrollFrames` frames
  /// (`advancePageScroll`), so a page slides rather than jumps, as a scroll
  /// view's animated scroll does, and no single frame pays for a whole new
  /// screen of cells. Any other change of `viewport` shows at once.
  public private(set) var presentedViewport: Viewport
  /// The frames a page scroll takes: six (100 ms), or on a big screen as
  /// many as bring in about `slideCellsPerFrame` cells a frame, up to twelve
  /// (200 ms, shorter than a scroll view's animated scroll). A slide frame
  /// costs with the cells it brings in (each is displayed, drawn and
  /// written): at 200×60 (39 columns) six frames of ten rows cost 1.1 ms at
  /// p95, twelve of five 0.9 ms (`emoji-rater bench --traces pages`). At
  /// 80×24 more frames would only keep more frames busy.
  public var pageScrollFrames: Int {
    let cells = max(1, viewport.height - 1) * layout.columns
    return min(12, max(6, (cells + Self.slideCellsPerFrame - 1) / Self.slideCellsPerFrame))
  }
  static let slideCellsPerFrame = 200
  /// Rows a frame of the current page scroll moves.
  private var pageScrollStep = 1
  /// The selected cell: always one the layout has, and nil exactly when the
  /// grid shows nothing (a filter that keeps no emoji). Being optional is
  /// what keeps every use of it honest: no code can take the row or the
  /// flat position of a selection that names nothing.
  public private(set) var selection: IndexPath?
  public private(set) var isHelpShown = false
  /// Picking (`emoji-rater pick`), and what is marked; nil when browsing.
  public var picker: Picker?
  /// The one skin tone every emoji that has them is shown, copied and
  /// picked in (`t`, `--skin-tone`); nil for the yellow of their own.
  public private(set) var skinTone: SkinTone?
  /// The frame-timing HUD on the bottom line (`f` hides it for the key hints).
  public private(set) var isHUDShown = true
  /// A standing notice for the bottom line (e.g. the ASCII fallback).
  public var notice: String?
  /// A passing message for the bottom line, gone with the next command.
  public var message: String?
  /// The search by name and keyword, while one is on.
  public private(set) var search: Search?
  /// Another copy of the app holds the ratings file: votes cannot be kept,
  /// so none are taken (rather than shown and lost).
  public var votesAreReadOnly = false
  static let readOnlyMessage = "votes are read-only here: another emoji-rater has the ratings file"

  /// Votes that could not be saved (a full disk, a folder turned
  /// read-only): said at once, and until a save succeeds.
  public var saveProblem: String?

  /// Votes waiting for a ratings server that cannot be reached: how many.
  public var outboxNotice: String?

  /// What the bottom line should say first: votes not saved, votes waiting
  /// for the server, then a message, else the standing notice.
  public var shownNotice: String? {
    let problems = [saveProblem, outboxNotice].compactMap { $0 }
    guard !problems.isEmpty else { return message ?? notice }
    return (problems + [message].compactMap { $0 }).joined(separator: "; ")
  }
  /// Votes by flat item position: what the grid shows. The store keeps them
  /// by code points; the launcher maps them onto this catalog at start.
  public private(set) var votes: [Int: Vote] = [:]
  /// The voting overlay, when open.
  public private(set) var voteOverlay: VoteOverlay?
  /// The emoji selected when `v` was first pressed in a row of presses: a
  /// filter that hides it moves the selection on, and a later one that
  /// shows it again brings the selection back to it.
  private var filterAnchor: Int?
  /// Votes cast, newest last, with what each replaced, for `u`.
  private var undoStack: [VoteChange] = []
  /// What the command being applied asks of the world outside, in order
  /// (`apply` returns them): empty between commands.
  private var effects: [Effect] = []
  /// Steps a second the spinners move in (`SpinnerPhase`).
  public static let stepsPerSecond = 60

  public init(catalog: EmojiCatalog, screenSize: Size, notice: String? = nil) {
    fullCatalog = catalog
    sections = catalog.gridSections
    filterSections = sections
    self.notice = notice
    screen = ScreenLayout(size: screenSize)
    layout = GridLayout(sectionItemCounts: sections.map(\.count), width: screenSize.columns)
    viewport = Viewport(height: screen.gridHeight)
    presentedViewport = viewport
    selection = layout.firstIndexPath
  }

  /// Whether a page scroll is still playing.
  public var isPageScrolling: Bool { presentedViewport != viewport }

  /// One frame of a page scroll: the presented view moves towards `viewport`.
  public mutating func advancePageScroll() {
    let remaining = viewport.topRow - presentedViewport.topRow
    guard remaining != 0 else { return }
    presentedViewport.scroll(by: remaining.signum() * min(abs(remaining), pageScrollStep), in: layout)
  }

  /// One vote changing on one item.
  public struct VoteChange: Equatable, Sendable {
    public var item: Int
    public var vote: Vote?
    /// What it replaced.
    public var previous: Vote?
  }

  /// Picks up where the last run left off: its filter, then its selection
  /// (found by code points, so a new catalog version does not matter).
  /// Before the loader starts: it is shown what the grid shows then.
  public mutating func restore(_ memory: SessionMemory) {
    _ = collectingEffects { $0.restoreMemory(memory) }
  }

  private mutating func restoreMemory(_ memory: SessionMemory) {
    skinTone = memory.skinTone
    if let filter = memory.filter, filter != .all { show(filter, keeping: selectedItem) }
    guard let identifier = memory.selection,
      let item = (0..<fullCatalog.count).first(where: {
        fullCatalog.emoji(atFlatIndex: $0).identifier == identifier
      }),
      let shownItem = shown.shownItem(item)
    else { return }
    select(layout.indexPath(flatIndex: shownItem))
  }

  /// What to remember for the next run.
  public var memory: SessionMemory {
    SessionMemory(
      selection: selectedItem.map { fullCatalog.emoji(atFlatIndex: $0).identifier }, filter: filter,
      skinTone: skinTone)
  }

  /// Starts in this skin tone (`--skin-tone`, over the last run's), saying nothing of it.
  public mutating func start(inSkinTone tone: SkinTone?) {
    skinTone = tone
  }

  /// Starts with these votes (flat positions) without counting them as changes.
  public mutating func restoreVotes(_ votes: [Int: Vote]) {
    self.votes = votes
  }

  /// The selected emoji's position in `fullCatalog`.
  public var selectedItem: Int? {
    selectedFlatIndex.map(shown.catalogItem)
  }

  /// The selection's flat position in the grid (what search and the status line count).
  public var selectedFlatIndex: Int? {
    selection.map(layout.flatIndex(of:))
  }

  /// The selected emoji's vote.
  public var selectedVote: Vote? {
    selectedItem.flatMap { votes[$0] }
  }

  /// Whether the item shown at flat position `shownItem` is marked to be picked.
  public func isMarked(atShown shownItem: Int) -> Bool {
    picker?.isMarked(shown.catalogItem(shownItem)) == true
  }

  /// The vote of the item shown at flat position `shownItem`.
  public func vote(atShown shownItem: Int) -> Vote? {
    // Asked for every cell drawn; most screens have no votes on them at all.
    votes.isEmpty ? nil : votes[shown.catalogItem(shownItem)]
  }

  public var selectedEmoji: Emoji? {
    selectedItem.map(fullCatalog.emoji(atFlatIndex:))
  }

  /// What a command asks of the world outside the state: the state stays a
  /// value, and the frame loop carries these out (`FrameLoop.run`), in order.
  public enum Effect: Equatable, Sendable {
    /// A vote changed: the store keeps it, and its cell draws again.
    case persistVote(VoteChange)
    /// The grid shows another list (a filter, a query's matches), laid
    /// out so: the loader hears of both, as a position means a cell only
    /// in its own list's layout.
    case showItems(ShownItems, in: GridLayout)
    /// A query to rank off the main thread (`SearchRunner`): the catalog is
    /// too long to rank inside a frame, or its index is not built yet. The
    /// matches come back through `show(_:)`.
    case rankSearch(PendingSearch)
    /// Ask the ratings server for the community's order; the answer comes
    /// back through `show(_ ranking:)`.
    case fetchRanking(CommunityOrder)
    /// Copy this cell's emoji to the clipboard once it has loaded (the
    /// glyph is part of what a load brings), unless the selection moves first.
    case copyWhenLoaded(IndexPath)
    case cycleMode
    case resetStatistics
    /// Draw the whole screen afresh (Ctrl-L).
    case redraw
    /// Give the terminal back to the shell until `fg` (Ctrl-Z).
    case suspend
    case quit
    /// A pick ended: the app leaves, printing what was chosen.
    case finishPick(PickOutcome)
    /// The catalog item was marked or unmarked: its cell draws again.
    case markChanged(item: Int)
    /// The person used these catalog items (voted, picked): the usage
    /// history counts them (copies are counted as the copy is made).
    case recordUse(items: [Int])
    /// Forget every use: "Frequently used" starts empty, now and next run.
    case forgetUses
    /// A jump key (Home, End, Tab, Shift-Tab) moved the selection, the
    /// view with it or not: the person is jumping, and the loader hears
    /// of it as it hears of a view that jumped.
    case jumped
  }

  /// Applies `command` and returns what it asks of the world outside.
  @discardableResult
  public mutating func apply(_ command: Command) -> [Effect] {
    collectingEffects { $0.update(command) }
  }

  /// Runs `change`, returning the effects it asked for.
  private mutating func collectingEffects(_ change: (inout AppState) -> Void) -> [Effect] {
    effects = []
    change(&self)
    defer { effects = [] }
    return effects
  }

  private mutating func update(_ command: Command) {
    message = nil
    if command != .cycleFilter { filterAnchor = nil }
    let forgetAsked = isForgetAsked
    isForgetAsked = false
    switch command {
    case .move, .page, .scroll, .resize, .startSearch, .cycleFilter, .cycleOrder, .order:
      // The overlay belongs to a cell: what moves the view or the selection closes it.
      voteOverlay = nil
    default: break
    }
    switch command {
    case .move(let move):
      guard let selection else { return }
      let landing = layout.indexPath(after: move, from: selection)
      select(landing)
      if Self.jumpMoves.contains(move), landing != selection { effects.append(.jumped) }
    case .page(let down):
      // A screenful less one row, so the person keeps a row of context.
      let rows = max(1, viewport.height - 1)
      // The screen stays where it is, and slides there frame by frame.
      let presented = presentedViewport
      viewport.scroll(by: down ? rows : -rows, in: layout)
      if let selection {
        select(layout.indexPath(after: down ? .pageDown(rows: rows) : .pageUp(rows: rows), from: selection))
      }
      presentedViewport = presented
      // However many pages are pressed, the scroll ends in the same few frames.
      let distance = abs(viewport.topRow - presentedViewport.topRow)
      pageScrollStep = max(1, (distance + pageScrollFrames - 1) / pageScrollFrames)
    case .scroll(let rows):
      viewport.scroll(by: rows, in: layout)
      keepSelectionOnScreen()
    case .select(let row, let column) where voteOverlay != nil:
      // A click on a choice takes it; anywhere else closes the overlay.
      if let choice = voteOverlayFrame?.choice(atRow: row, column: column) {
        update(.vote(choice.vote))
      } else if voteOverlayFrame?.contains(row: row, column: column) != true {
        voteOverlay = nil  // Outside the box; a click on its border changes nothing.
      }
    case .select(let row, let column):
      // A terminal can report any coordinates, even outside the screen.
      guard (0..<screen.gridHeight).contains(row), let cell = layout.cellColumn(atX: column),
        let indexPath = layout.indexPath(row: presentedViewport.topRow + row, column: cell)
      else { return }
      viewport = presentedViewport  // A click mid-slide stops it where the cell was clicked.
      select(indexPath)
    case .toggleHelp:
      isHelpShown.toggle()
      voteOverlay = nil
    case .vote(let vote):
      // The overlay belongs to the selected cell: whatever moves the selection closes it.
      voteOverlay = nil
      guard !votesAreReadOnly else {
        message = Self.readOnlyMessage
        return
      }
      guard let item = selectedItem else { return }
      // A vote cast is a use (for "Frequently used"); clearing one is not.
      if cast(vote, on: item), vote != nil { effects.append(.recordUse(items: [item])) }
    case .cycleFilter:
      let anchor = filterAnchor ?? selectedItem
      show(filter.next, keeping: anchor)
      filterAnchor = anchor
    case .cycleOrder, .order:
      guard hasCommunity else {
        message = "the community's order needs a ratings server: start with --source URL"
        return
      }
      if case .order(let asked) = command { show(asked) } else { show(order.next) }
    case .undoVote:
      voteOverlay = nil
      guard let last = undoStack.popLast() else { return }
      setVote(last.previous, on: last.item)
    case .openVoteOverlay:
      guard selection != nil else { return }
      guard !votesAreReadOnly else {
        message = Self.readOnlyMessage
        return
      }
      presentedViewport = viewport  // The overlay sits by its cell: the slide ends first.
      voteOverlay = VoteOverlay(current: selectedVote)
    case .moveInOverlay(let steps):
      guard let overlay = voteOverlay else { return }
      let count = VoteOverlay.Choice.allCases.count
      let index = ((overlay.highlighted.rawValue + steps) % count + count) % count
      voteOverlay?.highlighted = VoteOverlay.Choice(rawValue: index)!
    case .confirmOverlay:
      guard let overlay = voteOverlay else { return }
      update(.vote(overlay.highlighted.vote))
    case .toggleHUD:
      isHUDShown.toggle()
    case .closeOverlay:
      // Esc peels one layer: the help or the vote, else the search.
      if isHelpShown || voteOverlay != nil {
        isHelpShown = false
        voteOverlay = nil
      } else if let search {
        endSearch(search)
      }
    case .startSearch:
      // From an empty result, a new search still goes back where the first began.
      search = Search(origin: selectedItem ?? search?.origin)
    case .searchInput(let character):
      appendToQuery(String(character))
    case .paste(let paste):
      guard search?.isEditing == true else {
        message = "a paste goes into the search: press / first"
        return
      }
      appendToQuery(paste.text)
    case .searchBackspace:
      guard let query = search?.query, !query.isEmpty else { return }
      search?.setQuery(String(query.dropLast()))
      searchAgain()
    case .confirmSearch:
      search?.isEditing = false
      if search?.isBlank == true { search = nil }
    case .nextMatch(let forward):
      // The grid is the matches, best first: n steps to the next, round the end.
      guard search?.answered != nil, let here = selectedFlatIndex else { return }
      let count = layout.itemCount
      select(layout.indexPath(flatIndex: (here + (forward ? 1 : count - 1)) % count))
    case .cycleSkinTone:
      update(.skinTone(SkinTone.next(after: skinTone)))
    case .skinTone(let tone):
      // Every cell with tones draws again, in the new one: the screen's
      // memory of the last frame is for another tone (`RenderMemo.Frame`).
      skinTone = tone
      message =
        tone.map { "every emoji with skin tones in \($0.name) (t for the next)" }
        ?? "emoji in their own colours"
    case .copySelection:
      // The frame loop writes to the terminal, then says so (`message`).
      if let selection { effects.append(.copyWhenLoaded(selection)) }
    case .forgetFrequentlyUsed:
      guard !frequentItems.isEmpty else {
        message = "no frequently used emoji to forget"
        return
      }
      guard forgetAsked else {
        isForgetAsked = true
        message = "X again forgets the \(frequentItems.count) frequently used emoji; any other key keeps them"
        return
      }
      frequentItems = []
      effects.append(.forgetUses)
      if order == .catalog, search == nil { showFiltered(selecting: selectedItem) }
      message = "forgot the frequently used emoji"
    case .resize(let size):
      resize(to: size)
    case .redraw: effects.append(.redraw)
    case .cycleMode: effects.append(.cycleMode)
    case .resetStatistics: effects.append(.resetStatistics)
    case .suspend: effects.append(.suspend)
    // Whatever leaves a pick (q behind the vote box, a signal) leaves it printing nothing.
    case .quit: effects.append(picker == nil ? .quit : .finishPick(.abandoned))
    case .choose:
      guard let picker else { return }
      let items = picker.marked.isEmpty ? selectedItem.map { [$0] } ?? [] : picker.marked
      guard !items.isEmpty else {
        message = "nothing here to pick: type another search, or Esc to leave"
        return
      }
      effects.append(.recordUse(items: items))
      effects.append(.finishPick(.chosen(items.map { fullCatalog.emoji(atFlatIndex: $0).inTone(skinTone) })))
    case .toggleMark:
      guard var picker, let item = selectedItem else { return }
      let marked = picker.toggle(item)
      self.picker = picker
      effects.append(.markChanged(item: item))
      let count = picker.marked.count
      let name = fullCatalog.emoji(atFlatIndex: item).shownName
      message =
        (marked ? "marked \(name)" : "unmarked \(name)")
        + (count == 0 ? "" : ": Enter prints the \(count) marked")
    case .abandonPick(let interrupted):
      guard picker != nil else { return }
      effects.append(.finishPick(interrupted ? .interrupted : .abandoned))
    }
  }

  /// Shows what `filter` keeps (votes as they are now: voting afterwards
  /// does not make a cell vanish under the cursor), selecting the catalog
  /// item `selected` if it shows, else the next one that does.
  /// A search in progress ranks again among what the filter now keeps.
  private mutating func show(_ filter: VoteFilter, keeping selected: Int?) {
    self.filter = filter
    filterGeneration += 1
    if filter == .all {
      filterItems = nil
      filterSections = fullCatalog.gridSections
    } else {
      let items = (0..<fullCatalog.count).filter { filter.keeps(votes[$0]) }
      filterItems = items
      filterSections = fullCatalog.gridSections(of: items)
    }
    showFiltered(selecting: selected)
    if search != nil {
      search?.answered = nil
      searchAgain()
    }
  }

  /// The grid as the filter has it, with the catalog item `selected` if
  /// it shows, else the next one that does. In the community's order, the
  /// ranking's items the filter keeps, first first, from the top.
  private mutating func showFiltered(selecting selected: Int?) {
    if order != .catalog {
      let items = (ranking?.items ?? []).filter { filter.keeps(votes[$0]) }
      let sections = items.isEmpty ? [] : [GridSection(name: order.title, count: items.count)]
      let target = selected.flatMap { items.contains($0) ? $0 : nil } ?? items.first
      display(ShownItems(items), sections: sections, selecting: target)
      return
    }
    let shown = filterItems.map(ShownItems.init) ?? .all
    let target = selected.flatMap { item in
      (item..<fullCatalog.count).lazy.first { shown.shownItem($0) != nil }
    }
    guard filterItems == nil, !frequentItems.isEmpty else {
      display(shown, sections: filterSections, selecting: target)
      return
    }
    // The whole catalog: what is used most first, and again in its place.
    display(
      shown.after(frequentItems),
      sections: [GridSection(name: Self.frequentlyUsedTitle, count: frequentItems.count)] + filterSections,
      selecting: target)
  }

  /// Shows the emoji used most first, in a section of their own, while
  /// the grid shows the whole catalog in its order (`frequentItems`).
  /// Picking starts on the first of them; browsing keeps its selection.
  public mutating func showFrequentlyUsed(_ items: [Int]) {
    _ = collectingEffects { state in
      var seen = Set<Int>()
      state.frequentItems = items.filter {
        (0..<state.fullCatalog.count).contains($0) && seen.insert($0).inserted
      }
      guard state.order == .catalog, state.search == nil else { return }
      state.showFiltered(selecting: state.selectedItem)
      if state.picker != nil, state.filterItems == nil, !state.frequentItems.isEmpty {
        state.select(state.layout.indexPath(flatIndex: 0))
      }
    }
  }

  /// Shows the grid in `order`: the catalog's at once; the community's
  /// once the server has answered (until then the grid is empty, and the
  /// status line says it is asked for).
  private mutating func show(_ order: CommunityOrder) {
    if self.order == .catalog { catalogAnchor = selectedItem }
    self.order = order
    ranking = nil
    search = nil
    if order != .catalog {
      effects.append(.fetchRanking(order))
      message = "asking the server for the community's order"
    }
    showFiltered(selecting: selectedItem ?? catalogAnchor)
  }

  /// The community's order as the server answered it: the grid shows it,
  /// unless another order was asked for since.
  @discardableResult
  public mutating func show(_ ranking: CommunityRanking) -> [Effect] {
    collectingEffects { state in
      guard ranking.order == state.order else { return }
      state.ranking = ranking
      // A search begun while the server was asked ranked among the
      // catalog: the ranking takes its place.
      state.search = nil
      state.showFiltered(selecting: nil)
    }
  }

  /// The server could not say the community's order: the catalog's again.
  @discardableResult
  public mutating func rankingFailed(_ order: CommunityOrder, reason: String) -> [Effect] {
    collectingEffects { state in
      guard order == state.order else { return }
      state.order = .catalog
      state.message = "cannot get the community's order: " + reason
      state.showFiltered(selecting: state.catalogAnchor)
    }
  }

  /// Puts `shown` in the grid, in `sections`, with `item` selected (else
  /// the last cell), scrolled to show it.
  private mutating func display(_ shown: ShownItems, sections: [GridSection], selecting item: Int?) {
    self.shown = shown
    self.sections = sections
    gridGeneration += 1
    layout = GridLayout(sectionItemCounts: sections.map(\.count), width: screen.size.columns)
    effects.append(.showItems(shown, in: layout))
    voteOverlay = nil
    selection = item.flatMap(shown.shownItem).map(layout.indexPath(flatIndex:)) ?? layout.lastIndexPath
    viewport = Viewport(height: screen.gridHeight)
    if let selection { viewport.reveal(selection, in: layout) }
  }

  /// A query's matches, ranked here or on the search's queue: the grid
  /// shows them, best first and selected. Results for a query or a filter
  /// that has changed since are dropped (newer ones are on their way).
  @discardableResult
  public mutating func show(_ results: SearchResults) -> [Effect] {
    collectingEffects { $0.showMatches(results) }
  }

  private mutating func showMatches(_ results: SearchResults) {
    guard var search, search.query == results.query, results.filterGeneration == filterGeneration else {
      return
    }
    search.answered = results.query
    search.matchCount = results.count
    self.search = search
    let title = "Best matches for “\(results.query)”"
    display(
      results.shown, sections: results.count == 0 ? [] : [GridSection(name: title, count: results.count)],
      selecting: results.count == 0 ? nil : results.shown.catalogItem(0))
  }

  /// After the query changed: its matches (ranked now, when the catalog is
  /// short enough), or the whole grid back for a query of no words.
  private mutating func searchAgain() {
    guard let search else { return }
    if search.isBlank {
      guard search.answered != nil else { return }
      self.search?.answered = nil
      showFiltered(selecting: search.origin)
    } else if let searchIndex {
      if let results = SearchResults.rank(
        search.query, in: searchIndex, among: filterItems, filterGeneration: filterGeneration)
      {
        showMatches(results)
      }
    } else {
      effects.append(
        .rankSearch(
          PendingSearch(query: search.query, candidates: filterItems, filterGeneration: filterGeneration)))
    }
  }

  /// Whether the search was confirmed (Enter) before its matches came:
  /// what is pressed next is for them, and waits for them.
  public var isAwaitingSearchResults: Bool {
    search.map { !$0.isEditing && $0.isRanking } ?? false
  }

  /// A query for a `SearchRunner` to rank, and what to rank it among.
  public struct PendingSearch: Equatable, Sendable {
    public var query: String
    /// What the filter keeps: ascending catalog positions, nil for all.
    public var candidates: [Int]?
    public var filterGeneration: Int
  }

  /// Esc: the grid whole again (as the filter has it). Typing, the
  /// selection goes back where the search began; browsing the matches, it
  /// stays on the one chosen, now among its neighbours.
  private mutating func endSearch(_ search: Search) {
    self.search = nil
    guard search.answered != nil else { return }
    showFiltered(selecting: search.isEditing ? search.origin : selectedItem ?? search.origin)
  }

  /// Adds typed or pasted text to the search query: controls and
  /// direction overrides dropped, line breaks as spaces, and no more than
  /// `Search.maximumQueryLength` characters, so no keystroke or paste makes
  /// the search (run again over the catalog on each change) unbounded.
  private mutating func appendToQuery(_ text: String) {
    guard let query = search?.query else { return }
    let room = Search.maximumQueryLength - query.count
    let addition = SafeText.printable(text)
    guard !addition.isEmpty else { return }
    if addition.count > room {
      message = "the search keeps its first \(Search.maximumQueryLength) characters"
    }
    guard room > 0 else { return }
    search?.setQuery(query + addition.prefix(room))
    searchAgain()
  }

  /// Where the voting overlay is on screen, when open.
  public var voteOverlayFrame: VoteOverlay.Frame? {
    guard let overlay = voteOverlay, let selection else { return nil }
    return overlay.frame(
      cellRow: layout.row(of: selection) - presentedViewport.topRow,
      cellX: layout.originX(ofColumn: layout.column(of: selection)), gridHeight: screen.gridHeight,
      columns: screen.size.columns)
  }

  /// A vote cast now: it can be taken back with `u`. Returns whether it
  /// changed the vote.
  @discardableResult
  private mutating func cast(_ vote: Vote?, on item: Int) -> Bool {
    let previous = votes[item]
    guard previous != vote else { return false }
    undoStack.append(VoteChange(item: item, vote: vote, previous: previous))
    if undoStack.count > Self.undoDepth { undoStack.removeFirst() }
    setVote(vote, on: item)
    return true
  }

  /// How many votes `u` can take back.
  static let undoDepth = 100

  private mutating func setVote(_ vote: Vote?, on item: Int) {
    let previous = votes[item]
    votes[item] = vote
    effects.append(.persistVote(VoteChange(item: item, vote: vote, previous: previous)))
  }

  private mutating func select(_ indexPath: IndexPath) {
    selection = indexPath
    viewport.reveal(indexPath, in: layout)
  }

  /// The rows the screen would show after each jump a key makes at once
  /// (Home, End, Tab, Shift-Tab), then after two such keys, those a key
  /// away first; none that is the screen now. They are known before the
  /// keys, so a prefetcher can load them. Two keys, as a person jumping
  /// presses them a few tenths of a second apart, less than a load takes:
  /// named a key away only, the screen Shift-Tab shows after End was
  /// asked for once End was pressed, and the one a second Tab shows (the
  /// first went to a section on screen, moving only the selection) once
  /// the first was.
  public var jumpScreens: [Range<Int>] {
    guard let selection, !screen.isTooSmall else { return [] }
    var screens: [Range<Int>] = []
    let landings = Self.jumpMoves.map { jump($0, from: selection, viewport) }
    let twoKeys = landings.flatMap { first in
      Self.jumpMoves.map { jump($0, from: first.selection, first.viewport) }
    }
    for landing in landings + twoKeys where screens.count < Self.jumpScreenLimit {
      let rows = landing.viewport.rows.clamped(to: 0..<layout.rowCount)
      if landing.viewport.rows != viewport.rows, !rows.isEmpty, !screens.contains(rows) {
        screens.append(rows)
      }
    }
    return screens
  }

  /// The most screens `jumpScreens` names: four a key away, and as many
  /// two keys away (from the middle of the catalog, Home then Tab, End
  /// then Shift-Tab, Tab then Tab, Shift-Tab then Shift-Tab; the rest are
  /// screens a key away, or this one), which the loader's cache makes room
  /// for (`LoadingController.cacheFloor`).
  public static let jumpScreenLimit = 8

  /// The keys that jump: Home, End, Tab and Shift-Tab.
  private static let jumpMoves: [SelectionMove] = [.first, .last, .nextSection, .previousSection]

  /// Where `move` from `selection` on `viewport` takes the selection, and
  /// the view.
  private func jump(_ move: SelectionMove, from selection: IndexPath, _ viewport: Viewport) -> (
    selection: IndexPath, viewport: Viewport
  ) {
    let landing = layout.indexPath(after: move, from: selection)
    var moved = viewport
    moved.reveal(landing, in: layout)
    return (landing, moved)
  }

  /// The catalog items on the screens a search with matches is left for,
  /// likeliest first: the one Esc shows now (where the search began, while
  /// typing), the chosen match among its neighbours (what Esc shows once
  /// Enter has ended the typing), and the next match's (a person browsing
  /// the matches steps on with `n`, then leaves). Known before the keys,
  /// so a prefetcher can load them; none without a search.
  public var searchExitScreens: [Int] {
    guard let search, search.answered != nil, !screen.isTooSmall else { return [] }
    var browsing = self
    browsing.search?.isEditing = false
    var leaving = search.isEditing ? [self, browsing] : [self]
    var stepped = browsing
    stepped.apply(.nextMatch(forward: true))
    // One match ahead: three read the same (`docs/benchmark.md`, "What a
    // search's screens are"), the pool reaching the later ones no sooner.
    if stepped.selection != browsing.selection { leaving.append(stepped) }
    var items: [Int] = []
    for var left in leaving {
      guard let exit = left.search else { continue }
      left.endSearch(exit)
      let rows = left.viewport.rows.clamped(to: 0..<left.layout.rowCount)
      items += left.layout.flatRange(ofRows: rows).map(left.shown.catalogItem)
    }
    return items
  }

  /// After the wheel moved the view, pulls the selection onto the nearest
  /// visible row, in the same column, so the status line always names
  /// something on screen.
  private mutating func keepSelectionOnScreen() {
    guard let selection else { return }
    let row = layout.row(of: selection)
    let rows = viewport.rows.clamped(to: 0..<layout.rowCount)
    guard !rows.contains(row), !rows.isEmpty else { return }
    let candidates = row < rows.lowerBound ? Array(rows) : rows.reversed()
    let column = layout.column(of: selection)
    for candidate in candidates {
      if case .items(let section, let items) = layout.row(candidate) {
        self.selection = IndexPath(
          item: min(items.lowerBound + column, items.upperBound - 1), section: section)
        return
      }
    }
  }

  /// Lays the grid out for the new width and keeps the selection in view,
  /// as near its old place on screen as the new size allows.
  private mutating func resize(to size: Size) {
    screen = ScreenLayout(size: size)
    guard let selection else {
      layout = GridLayout(sectionItemCounts: layout.sectionItemCounts, width: size.columns)
      viewport = Viewport(height: screen.gridHeight)
      return
    }
    let offsetOnScreen = layout.row(of: selection) - viewport.topRow
    layout = GridLayout(sectionItemCounts: layout.sectionItemCounts, width: size.columns)
    let offset = min(max(0, offsetOnScreen), max(0, screen.gridHeight - 1))
    viewport = Viewport(topRow: layout.row(of: selection) - offset, height: screen.gridHeight)
    viewport.scroll(by: 0, in: layout)
    viewport.reveal(selection, in: layout)
  }
}
