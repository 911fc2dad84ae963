import Terminal
import Testing

@testable import EmojiRater

/// The table of keys (`KeyMap`) is what the app does and what its help
/// says: every binding means its command where it is bound, and every
/// line of the table is in the help overlay and on the hint line as the
/// table says.
@Suite struct KeyMapTests: ScreenTest {
  static func event(_ trigger: KeyMap.Trigger) -> InputEvent {
    switch trigger {
    case .key(let key): .key(key)
    case .mouse(let kind): .mouse(MouseEvent(kind, row: 5, column: 9))
    }
  }

  static func command(for trigger: KeyMap.Trigger, in mode: KeyMap.Mode) -> Command? {
    KeyBindings.command(
      for: event(trigger), helpShown: mode == .help, votingShown: mode == .voting, searching: mode == .search)
  }

  @Test func everyBindingMeansItsCommandInEveryModeItIsBoundIn() {
    for group in KeyMap.groups {
      for binding in group.bindings {
        for trigger in binding.triggers {
          for mode in binding.modes {
            // A click selects what is under it, wherever that is.
            let expected: Command =
              if case .select = binding.command { .select(row: 5, column: 9) } else { binding.command }
            #expect(
              Self.command(for: trigger, in: mode) == expected,
              "\(trigger) in \(mode): another binding comes first, or the dispatch skips the table")
          }
        }
      }
    }
  }

  @Test func noTriggerIsBoundTwiceInOneMode() {
    for mode in KeyMap.Mode.allCases {
      var seen = Set<KeyMap.Trigger>()
      for binding in KeyMap.bindings(in: mode) {
        for trigger in binding.triggers {
          #expect(
            seen.insert(trigger).inserted, "\(trigger) is bound twice in \(mode): only the first counts")
        }
      }
    }
  }

  @Test func eachLineNamesTheKeysThatWorkOnTheGrid() throws {
    let move = try #require(KeyMap.groups.first)
    #expect(move.keys == "arrows h j k l")
    let vote = try #require(KeyMap.groups.first { $0.action.hasPrefix("vote:") })
    // The vote box's arrows are the action's to tell; its Enter and space are the grid's too.
    #expect(vote.keys == "Enter space")
    #expect(KeyMap.groups.contains { $0.keys == "q ^C ^L ^Z" })
    #expect(KeyMap.groups.contains { $0.keys == "X" && $0.action.contains("twice") })
  }

  @Test @MainActor func theHelpOverlayShowsEveryLineOfTheTable() {
    let screen = render(state([.toggleHelp]))
    for group in KeyMap.groups {
      #expect(screen.text.contains(group.keys + " "), "\(group.keys) is not on the help overlay")
      #expect(screen.text.contains(group.action), "\(group.action) is not on the help overlay")
    }
  }

  @Test func theHintLineGivesTheTablesHintsMostNeededFirst() {
    #expect(
      KeyMap.hints() == ["Enter vote", "/ search", "f HUD", "m mode", "? help", "q quit", "arrows/hjkl move"])
    // Each hint's key is one of its line's.
    for group in KeyMap.groups {
      guard let hint = group.hint else { continue }
      // The first word, or its first part: "arrows/hjkl move" names the arrows.
      let word = String(hint.text.prefix { $0 != " " })
      let key = word.count > 1 ? String(word.prefix { $0 != "/" }) : word
      #expect(
        group.keys.split(separator: " ").map(String.init).contains(key),
        "\(hint.text) names no key of \(group.keys)")
    }
  }

  /// Picking, the pick's keys win over the table's, and mean their
  /// commands wherever they are bound; the rest of the table still works
  /// (the mouse, the vote box's keys).
  @Test func pickingsKeysWinWhereTheyAreBound() {
    for group in KeyMap.pickGroups {
      for binding in group.bindings {
        for trigger in binding.triggers {
          for mode in binding.modes {
            let expected: Command =
              if case .select = binding.command { .select(row: 5, column: 9) } else { binding.command }
            let command = KeyBindings.command(
              for: Self.event(trigger), helpShown: mode == .help, votingShown: mode == .voting,
              searching: mode == .search, picking: true)
            #expect(command == expected, "\(trigger) in \(mode) while picking")
          }
        }
      }
    }
    let searching = { (key: Key) in
      KeyBindings.command(for: .key(key), helpShown: false, searching: true, picking: true)
    }
    #expect(searching(.enter) == .choose)
    #expect(searching(.escape) == .abandonPick(interrupted: false))
    #expect(searching(.character("q")) == .searchInput("q"), "q is a letter of the search")
    #expect(searching(.control("c")) == .abandonPick(interrupted: true))
    #expect(
      KeyBindings.command(for: .key(.character("+")), helpShown: false, votingShown: true, picking: true)
        == .vote(.up))
    // Browsing, nothing changed.
    #expect(KeyBindings.command(for: .key(.enter), helpShown: false) == .openVoteOverlay)
  }

  @Test func pickingsHelpNamesAKeyOnEveryLine() {
    for group in KeyMap.pickGroups {
      #expect(!group.keys.isEmpty, "\(group.action) names no key")
    }
    #expect(
      KeyMap.hints(picking: true) == ["Enter pick", "Tab mark", "Esc cancel", "F1 help", "arrows move"])
    #expect(KeyMap.helpText(picking: true).contains("Esc q ^C"))
  }
}
