import CollectionKit
import Foundation
import Loading
import Support
import Terminal
import Testing

@testable import EmojiModel
@testable import EmojiRater

#if canImport(Glibc)
  import Glibc
#endif

/// Random sequences of everything a terminal and a person can send — keys,
/// clicks and wheels at any coordinates, resizes down to 1×1 and back,
/// filters, searches, votes, undos, frames of a page slide — applied to the
/// real catalog. After every event the state's invariant holds, and the
/// screen draws without trapping, incrementally exactly as it would whole.
///
/// `PROPERTY_SEED=N` replays one sequence and prints it event by event;
/// `PROPERTY_RUNS=N` runs another number of sequences than 2,000.
@MainActor
@Suite struct AppStatePropertyTests {
  /// The built-in catalog, every eighth emoji: every section is there, and
  /// a few hundred items put the ends of the grid within a sequence's reach.
  static let catalog: EmojiCatalog = {
    let full = EmojiCatalog.builtIn(includeSkinTones: false)
    return full.subset(Array(stride(from: 0, to: full.count, by: 8)))
  }()
  static let searchIndex = SearchIndex(catalog)
  static let eventsPerRun = 40

  @Test func everyEventKeepsTheInvariant() {
    check(runs: Self.runs, drawing: false)
  }

  /// Drawing costs far more than the state in a debug build: a tenth as
  /// many sequences, each drawn after every event.
  @Test func everyStateDrawsIncrementallyAsItWouldWhole() {
    check(runs: max(1, Self.runs / 10), drawing: true)
  }

  static let runs = ProcessInfo.processInfo.environment["PROPERTY_RUNS"].flatMap(Int.init) ?? 2_000

  func check(runs: Int, drawing: Bool) {
    let seeds: [UInt64] =
      if let seed = ProcessInfo.processInfo.environment["PROPERTY_SEED"].flatMap(UInt64.init) {
        [seed]
      } else {
        (0..<UInt64(runs)).map { $0 &* 7_919 }
      }
    let verbose = seeds.count == 1
    TrapReport.install()
    defer { TrapReport.uninstall() }
    for seed in seeds {
      TrapReport.note("AppStatePropertyTests trapped on seed \(seed): replay it with PROPERTY_SEED=\(seed)\n")
      let steps = Self.steps(seed: seed)
      guard let failure = Self.firstFailure(of: steps, drawing: drawing, verbose: verbose) else { continue }
      let shortest = Self.shrink(steps) { Self.firstFailure(of: $0, drawing: drawing) != nil }
      Issue.record(
        """
        seed \(seed): \(failure)
        shortest sequence that fails (\(shortest.count) of \(steps.count) events):
        \(shortest.map { "  \($0)" }.joined(separator: "\n"))
        """)
      return
    }
  }

  /// The invariant itself catches what the old crash came from: an empty
  /// filter left a selection naming a section the layout did not have.
  @Test func anEmptyFilterLeavesNoSelectionAndAWheelDoesNotTrap() {
    var state = AppState(catalog: Self.catalog, screenSize: Size(rows: 24, columns: 80))
    state.apply(.cycleFilter)  // "voted up", with no votes: nothing shows.
    #expect(state.layout.itemCount == 0)
    #expect(state.selection == nil)
    for command: Command in [
      .scroll(rows: 3), .resize(Size(rows: 30, columns: 100)), .page(down: true), .move(.down),
      .openVoteOverlay, .startSearch, .vote(.up), .select(row: 2, column: 3),
    ] {
      state.apply(command)
      #expect(state.invariantViolations == [], "after \(command)")
    }
    state.apply(.cycleFilter)
    state.apply(.cycleFilter)  // "not voted yet": everything again.
    #expect(state.selection != nil)
    #expect(state.invariantViolations == [])
  }

  // MARK: Running a sequence

  /// One thing that happens to the app between two checks.
  enum Step: CustomStringConvertible {
    case input(InputEvent)
    case resize(Size)
    /// A frame passes: a page slide moves on.
    case frame

    var description: String {
      switch self {
      case .input(let event): "\(event)"
      case .resize(let size): "resize to \(size.columns)×\(size.rows)"
      case .frame: "frame"
      }
    }
  }

  /// Where a sequence first breaks the invariant or draws differently
  /// incrementally than whole, or nil if it never does.
  static func firstFailure(of steps: [Step], drawing: Bool, verbose: Bool = false) -> String? {
    var state = AppState(catalog: catalog, screenSize: Size(rows: 24, columns: 80))
    state.searchIndex = searchIndex
    // "Frequently used" first: these emoji show twice, until X X forgets them.
    state.showFrequentlyUsed([30, 0, 1_500, 7])
    let memo = RenderMemo()
    var canvas = TextCanvas(size: state.screen.size)
    for (index, step) in steps.enumerated() {
      if verbose { print("event \(index): \(step)") }
      let before = state
      var effects: [AppState.Effect] = []
      switch step {
      case .input(let event):
        if let command = KeyBindings.command(
          for: event, helpShown: state.isHelpShown, votingShown: state.voteOverlay != nil,
          searching: state.search?.isEditing == true)
        {
          effects = state.apply(command)
          if command == .cycleFilter { memo.invalidate() }  // As the frame loop does.
          if let wrong = Self.effectsProblem(effects, of: command, from: before, to: state) {
            return "after event \(index) (\(step)): \(wrong)"
          }
          // Esc from a search lands where the prefetcher was told it would
          // (the first of the screens it was told of).
          if before.search?.answered != nil, state.search == nil, !before.searchExitScreens.isEmpty {
            let rows = state.viewport.rows.clamped(to: 0..<state.layout.rowCount)
            let onScreen = state.layout.flatRange(ofRows: rows).map(state.shown.catalogItem)
            if !before.searchExitScreens.starts(with: onScreen) {
              return
                "after event \(index) (\(step)): leaving the search showed other items than searchExitScreens"
            }
          }
        }
      case .resize(let size):
        effects = state.apply(.resize(size))
        if let wrong = Self.effectsProblem(effects, of: .resize(size), from: before, to: state) {
          return "after event \(index) (\(step)): \(wrong)"
        }
      case .frame:
        state.advancePageScroll()
      }
      // A vote redraws its cell, as the frame loop has it.
      memo.forget(items: effects.voteChanges.flatMap { state.shown.positions(of: $0.item) })
      let violations = state.invariantViolations
      if !violations.isEmpty {
        return "after event \(index) (\(step)): \(violations.joined(separator: "; "))"
      }
      guard drawing else { continue }
      if canvas.size != state.screen.size { canvas = TextCanvas(size: state.screen.size) }
      let content = FullyLoadedContent(state: state)
      RootView.draw(state, content: content, memo: memo, on: canvas)
      // Drawing whole as well costs as much again: every few events is enough
      // to catch a screen that drifts from its state.
      guard index % 8 == 7 || index == steps.count - 1 else { continue }
      let whole = TextCanvas(size: state.screen.size)
      RootView.draw(state, content: content, on: whole)
      if canvas.lines != whole.lines {
        return
          "after event \(index) (\(step)): the screen drawn over the last one differs from one drawn whole"
      }
    }
    return nil
  }

  /// What is wrong with the effects `command` returned, taking the state
  /// from `before` to `after`, if anything: the world outside must hear of
  /// every change it keeps (each vote, each new list in the grid), and of
  /// nothing that did not happen.
  static func effectsProblem(
    _ effects: [AppState.Effect], of command: Command, from before: AppState, to after: AppState
  ) -> String? {
    // Every vote that changed is handed to the store, ending as it is now; none that did not.
    var handed: [Int: Vote?] = [:]
    for change in effects.voteChanges { handed[change.item] = change.vote }
    let changed = Set(before.votes.keys).union(after.votes.keys).filter {
      before.votes[$0] != after.votes[$0]
    }
    for item in changed where handed[item] == nil {
      return "the vote on item \(item) changed, and the store was not told"
    }
    for (item, vote) in handed where after.votes[item] != vote {
      return
        "the store was told item \(item) is \(String(describing: vote)), the state has \(String(describing: after.votes[item]))"
    }
    // A new list in the grid goes to the loader, the last one being what the grid shows.
    let shownItems = effects.compactMap { effect in
      if case .showItems(let items, _) = effect { items } else { nil }
    }
    if after.gridGeneration != before.gridGeneration, shownItems.last != after.shown {
      return "the grid shows another list, and the loader was not told it"
    }
    if after.gridGeneration == before.gridGeneration, !shownItems.isEmpty {
      return "the loader was told of a list the grid does not show"
    }
    // Only a quit quits, and a copy is of the selection.
    if effects.contains(.quit), command != .quit { return "\(command) quit" }
    for case .copyWhenLoaded(let cell) in effects where cell != after.selection {
      return "a copy of \(cell), not the selection"
    }
    return nil
  }

  /// Removes events, in ever smaller runs, as long as the sequence still
  /// fails: what is left is short enough to read.
  static func shrink(_ steps: [Step], failing: ([Step]) -> Bool) -> [Step] {
    var steps = steps
    var chunk = max(1, steps.count / 2)
    while chunk >= 1 {
      var start = 0
      while start < steps.count {
        var candidate = steps
        candidate.removeSubrange(start..<min(start + chunk, steps.count))
        if failing(candidate) {
          steps = candidate
        } else {
          start += chunk
        }
      }
      chunk /= 2
    }
    return steps
  }

  // MARK: Generating a sequence

  static func steps(seed: UInt64) -> [Step] {
    var random = SeededGenerator(seed: seed)
    return (0..<eventsPerRun).map { _ in step(using: &random) }
  }

  /// The keys that do something, weighted so that filters, votes and undos
  /// come often enough to meet each other.
  static let keys: [Key] =
    [
      "/", "+", "-", "=", "0", "u", "v", "v", "m", "?", "n", "N", "y", "f", "r", "g", "G", "h", "j", "k", "l",
      " ", "q", "X", "X",
    ]
    .map { .character($0) }
    + [
      .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .tab, .backTab, .enter, .escape,
      .backspace, .delete, .function(5), .control("s"), .control("q"), .control("l"), .control("f"),
      .control("b"), .control("c"), .control("z"),
    ]
  /// Text a search line may meet: letters, a space, an emoji, a combining mark, a wide letter.
  static let typed: [Character] = ["a", "c", "e", "t", " ", "😀", "é", "猫", "\u{301}", "\u{200F}"]

  static func step(using random: inout SeededGenerator) -> Step {
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<55: return .input(.key(keys.randomElement(using: &random)!))
    case 55..<65: return .input(.key(.character(typed.randomElement(using: &random)!)))
    case 65..<82:
      let kind = [MouseEvent.Kind.press, .wheelUp, .wheelDown].randomElement(using: &random)!
      return .input(
        .mouse(MouseEvent(kind, row: coordinate(using: &random), column: coordinate(using: &random))))
    case 82..<87: return .resize(size(using: &random))
    case 87..<90:
      let length = [1, 5, 80, 3_000].randomElement(using: &random)!
      let text = String(
        (0..<length).map { _ in (typed + ["\n", "\u{1B}", "q"]).randomElement(using: &random)! })
      return .input(.paste(Paste(text: text)))
    default: return .frame
    }
  }

  /// Mostly on screen, sometimes far outside it either way.
  static func coordinate(using random: inout SeededGenerator) -> Int {
    switch Int.random(in: 0..<10, using: &random) {
    case 0: [-1, -99_999_999, Int(Int32.min), Int(Int32.max), 99_999_999].randomElement(using: &random)!
    default: Int.random(in: 0..<120, using: &random)
    }
  }

  static func size(using random: inout SeededGenerator) -> Size {
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      [
        Size(rows: 1, columns: 1), Size(rows: 0, columns: 0), Size(rows: 6, columns: 20),
        Size(rows: 5, columns: 19),
      ]
      .randomElement(using: &random)!
    default:
      Size(rows: Int.random(in: 2...40, using: &random), columns: Int.random(in: 2...120, using: &random))
    }
  }
}

/// Names the sequence that was running if the process traps (a Swift
/// runtime check fails): the signal handler writes the note, puts back the
/// handler it replaced, and returns, so the trap happens again and the
/// Swift runtime prints its backtrace as usual.
enum TrapReport {
  nonisolated(unsafe) private static var previous = sigaction()
  nonisolated(unsafe) static let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: 256)
  nonisolated(unsafe) static var length = 0

  static func install() {
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = { _, _, _ in
      _ = write(STDERR_FILENO, TrapReport.buffer, TrapReport.length)
      sigaction(SIGILL, &TrapReport.previous, nil)
    }
    action.sa_flags = SA_SIGINFO
    sigaction(SIGILL, &action, &previous)
  }

  static func uninstall() {
    sigaction(SIGILL, &previous, nil)
  }

  static func note(_ text: String) {
    let bytes = Array(text.utf8.prefix(255))
    for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
    length = bytes.count
  }
}
