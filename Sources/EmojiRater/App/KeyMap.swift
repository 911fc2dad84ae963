import Terminal

/// Every key and mouse action the app answers, in one table: what each
/// does, where it works, and how help names it. Key dispatch
/// (`KeyBindings`), the help overlay (`HelpOverlay`), the hint line
/// (`HintLineView`) and the command line's `--help` are all made from it,
/// so a new key is one entry here (and its `Command`, and what `AppState`
/// does with it).
public enum KeyMap {
  /// What is in front of the person, which decides what a key means.
  public enum Mode: Hashable, Sendable, CaseIterable {
    /// The grid, nothing over it.
    case grid
    /// The voting overlay over the selected emoji.
    case voting
    /// The search prompt, taking what is typed.
    case search
    /// The help overlay: any key not bound here closes it.
    case help
  }

  /// A key, or something done with the mouse.
  public enum Trigger: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent.Kind)

    /// How help writes it.
    public var label: String {
      switch self {
      case .mouse(.wheelUp), .mouse(.wheelDown): "wheel"
      case .mouse(.press): "click"
      case .key(let key):
        switch key {
        case .character(" "): "space"
        case .character(let character): String(character)
        case .control(let letter): "^" + letter.uppercased()
        case .up, .down, .left, .right: "arrows"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .function(let number): "F\(number)"
        }
      }
    }
  }

  /// Triggers that mean one command in some modes.
  public struct Binding: Sendable {
    public var triggers: [Trigger]
    public var command: Command
    public var modes: Set<Mode>
  }

  /// Bindings that help names on one line: one action, or a few alike
  /// (page up and down).
  public struct Group: Sendable {
    public var bindings: [Binding]
    /// What they do, as the help overlay and `--help` say it.
    public var action: String
    /// What the hint line says of them, if it names them.
    public var hint: Hint?
    /// The triggers that work on the grid, as help writes them: each name
    /// once, in the table's order. Those of the vote box and the search
    /// prompt are for `action` to tell ("arrows choose").
    public var keys: String {
      var names: [String] = []
      // A line of the prompt's alone (picking's Backspace) names the prompt's.
      let mode: Mode = bindings.contains { $0.modes.contains(.grid) } ? .grid : .search
      for binding in bindings where binding.modes.contains(mode) {
        for trigger in binding.triggers where !names.contains(trigger.label) { names.append(trigger.label) }
      }
      return names.joined(separator: " ")
    }
  }

  /// A group's words on the hint line, which shows them by `rank` (the
  /// first is the most needed), each only if it fits.
  public struct Hint: Sendable {
    public var text: String
    public var rank: Int
  }

  /// Rows the mouse wheel scrolls per notch.
  public static let wheelRows = 3

  private static let anywhere = Set(Mode.allCases)
  private static let outsideSearch: Set<Mode> = [.grid, .voting, .help]
  /// The votes, undo and Esc do the same with the voting overlay open or not.
  private static let gridOrVoting: Set<Mode> = [.grid, .voting]
  /// The mouse scrolls and selects behind the vote box and the search prompt.
  private static let mouseModes: Set<Mode> = [.grid, .voting, .search]

  private static func key(_ keys: Key..., to command: Command, in modes: Set<Mode> = [.grid]) -> Binding {
    Binding(triggers: keys.map(Trigger.key), command: command, modes: modes)
  }

  private static func character(_ text: String, to command: Command, in modes: Set<Mode> = [.grid])
    -> Binding
  {
    Binding(triggers: text.map { .key(.character($0)) }, command: command, modes: modes)
  }

  private static func line(_ action: String, hint: Hint? = nil, _ bindings: Binding...) -> Group {
    Group(bindings: bindings, action: action, hint: hint)
  }

  /// The table, in the order help lists it. A trigger bound twice in one
  /// mode means the first binding. A click's command takes the click's
  /// place (`KeyBindings`); the search prompt takes every character no
  /// binding of its mode has, q included.
  public static let groups: [Group] = [
    line(
      "move the selection", hint: Hint(text: "arrows/hjkl move", rank: 7),
      key(.left, .character("h"), to: .move(.left)), key(.down, .character("j"), to: .move(.down)),
      key(.up, .character("k"), to: .move(.up)), key(.right, .character("l"), to: .move(.right))),
    line(
      "page up / down", key(.pageUp, to: .page(down: false)), key(.pageDown, to: .page(down: true)),
      key(.control("b"), to: .page(down: false)), key(.control("f"), to: .page(down: true))),
    line(
      "first / last emoji", key(.home, to: .move(.first)), key(.end, to: .move(.last)),
      character("g", to: .move(.first)), character("G", to: .move(.last))),
    line(
      "next / previous section", key(.tab, to: .move(.nextSection)),
      key(.backTab, to: .move(.previousSection))),
    line(
      "scroll / select",
      Binding(triggers: [.mouse(.wheelDown)], command: .scroll(rows: wheelRows), modes: mouseModes),
      Binding(triggers: [.mouse(.wheelUp)], command: .scroll(rows: -wheelRows), modes: mouseModes),
      // vim's: the view a row down or up, the selection staying if it can.
      key(.control("e"), to: .scroll(rows: 1)), key(.control("y"), to: .scroll(rows: -1)),
      Binding(triggers: [.mouse(.press)], command: .select(row: 0, column: 0), modes: mouseModes)),
    line(
      "vote: arrows choose, Enter", hint: Hint(text: "Enter vote", rank: 1),
      key(.enter, .character(" "), to: .openVoteOverlay),
      // The vote box: the grid does not move behind it.
      key(.left, .up, .character("h"), .character("k"), .backTab, to: .moveInOverlay(-1), in: [.voting]),
      key(.right, .down, .character("l"), .character("j"), .tab, to: .moveInOverlay(1), in: [.voting]),
      key(.enter, .character(" "), to: .confirmOverlay, in: [.voting])),
    line(
      "vote up / down / clear, undo", character("+=", to: .vote(.up), in: gridOrVoting),
      character("-", to: .vote(.down), in: gridOrVoting), character("0", to: .vote(nil), in: gridOrVoting),
      character("u", to: .undoVote, in: gridOrVoting)),
    line(
      "narrow to name/keyword matches, next", hint: Hint(text: "/ search", rank: 2),
      character("/", to: .startSearch),
      character("n", to: .nextMatch(forward: true)), character("N", to: .nextMatch(forward: false)),
      key(.backspace, .delete, to: .searchBackspace, in: [.search]),
      key(.enter, to: .confirmSearch, in: [.search])),
    line(
      "copy, vote filter, community order, skin tone", character("y", to: .copySelection),
      character("v", to: .cycleFilter), character("o", to: .cycleOrder), character("t", to: .cycleSkinTone)),
    line("forget the frequently used (press twice)", character("X", to: .forgetFrequentlyUsed)),
    line("next loading mode", hint: Hint(text: "m mode", rank: 4), character("m", to: .cycleMode)),
    line(
      "reset the counts, hide the HUD", hint: Hint(text: "f HUD", rank: 3),
      character("r", to: .resetStatistics),
      character("f", to: .toggleHUD)),
    line("show / hide this help", hint: Hint(text: "? help", rank: 5), character("?", to: .toggleHelp)),
    line("close help / vote / search", key(.escape, to: .closeOverlay, in: [.grid, .voting, .search])),
    // The terminal is raw: Ctrl-C and Ctrl-Z come as keys, and always work.
    line(
      "quit, redraw, suspend (fg resumes)", hint: Hint(text: "q quit", rank: 6),
      character("q", to: .quit, in: outsideSearch), key(.control("c"), to: .quit, in: anywhere),
      key(.control("l"), to: .redraw, in: outsideSearch), key(.control("z"), to: .suspend, in: anywhere)),
  ]

  /// What picking (`emoji-rater pick`) binds, over the table. The search
  /// prompt is open from the start and stays open, so typing searches at
  /// once, as in fzf: these are the keys that work then, and all that help
  /// and the hint line show while picking.
  public static let pickGroups: [Group] = [
    line(
      "print the marked emoji, else the selected, and leave", hint: Hint(text: "Enter pick", rank: 0),
      key(.enter, to: .choose, in: [.grid, .search])),
    line(
      "mark / unmark, to print several", hint: Hint(text: "Tab mark", rank: 1),
      key(.tab, to: .toggleMark, in: [.grid, .search])),
    line(
      "move the selection", hint: Hint(text: "arrows move", rank: 4),
      key(.left, to: .move(.left), in: [.grid, .search]), key(.down, to: .move(.down), in: [.grid, .search]),
      key(.up, to: .move(.up), in: [.grid, .search]), key(.right, to: .move(.right), in: [.grid, .search])),
    line(
      "page up / down", key(.pageUp, to: .page(down: false), in: [.grid, .search]),
      key(.pageDown, to: .page(down: true), in: [.grid, .search])),
    line(
      "scroll / select",
      Binding(triggers: [.mouse(.wheelDown)], command: .scroll(rows: wheelRows), modes: mouseModes),
      Binding(triggers: [.mouse(.wheelUp)], command: .scroll(rows: -wheelRows), modes: mouseModes),
      Binding(triggers: [.mouse(.press)], command: .select(row: 0, column: 0), modes: mouseModes)),
    line(
      "type to search, Backspace to take back",
      key(.backspace, .delete, to: .searchBackspace, in: [.search])),
    line(
      "show / hide this help", hint: Hint(text: "F1 help", rank: 3),
      key(.function(1), to: .toggleHelp, in: [.grid, .search, .help])),
    line(
      "leave printing nothing (^C: status 130)", hint: Hint(text: "Esc cancel", rank: 2),
      key(.escape, to: .abandonPick(interrupted: false), in: [.grid, .search]),
      character("q", to: .abandonPick(interrupted: false)),
      key(.control("c"), to: .abandonPick(interrupted: true), in: anywhere)),
    line("suspend (fg resumes)", key(.control("z"), to: .suspend, in: anywhere)),
  ]

  /// Help's lines while browsing, or picking.
  public static func groups(picking: Bool) -> [Group] { picking ? pickGroups : groups }

  /// The hint line's words, in rank order, while browsing or picking.
  public static func hints(picking: Bool = false) -> [String] {
    picking ? pickingHints : browsingHints
  }

  private static let browsingHints = rankedHints(groups)
  private static let pickingHints = rankedHints(pickGroups)

  private static func rankedHints(_ groups: [Group]) -> [String] {
    groups.compactMap(\.hint).sorted { $0.rank < $1.rank }.map(\.text)
  }

  /// The bindings of `mode`, in the table's order.
  static func bindings(in mode: Mode, picking: Bool = false) -> [Binding] {
    (picking ? pickGroups + groups : groups).flatMap(\.bindings).filter { $0.modes.contains(mode) }
  }

  /// The command `trigger` means in `mode`, if any.
  static func command(for trigger: Trigger, in mode: Mode, picking: Bool = false) -> Command? {
    (picking ? pickingCommands : commands)[mode]?[trigger]
  }

  /// What each trigger means in each mode, the first binding of it winning:
  /// looked up once per event, not walked.
  private static let commands = meanings(picking: false)
  private static let pickingCommands = meanings(picking: true)

  private static func meanings(picking: Bool) -> [Mode: [Trigger: Command]] {
    Dictionary(
      uniqueKeysWithValues: Mode.allCases.map { mode in
        var meanings: [Trigger: Command] = [:]
        for binding in bindings(in: mode, picking: picking) {
          for trigger in binding.triggers where meanings[trigger] == nil {
            meanings[trigger] = binding.command
          }
        }
        return (mode, meanings)
      })
  }

  /// The table as the command line's `--help` gives it: a line a group.
  public static func helpText(picking: Bool = false) -> String {
    let lines = groups(picking: picking)
    let width = lines.map(\.keys.count).max() ?? 0
    return lines.map { "  " + $0.keys.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.action }
      .joined(separator: "\n")
  }
}
