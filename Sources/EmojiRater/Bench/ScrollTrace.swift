import CollectionKit
import Loading
import Support

/// A scripted scroll (or search): what the benchmark "does" to the app,
/// command by command. The first five are fixed and repeat a cycle; the
/// families after them are scrolls as people make them, drawn from a seed
/// (the same seed, the same steps), with stops between their bursts.
public enum ScrollTrace: String, CaseIterable, Sendable {
  /// One row every 200 ms: a steady 5 rows a second.
  case steady
  /// Bursts of 30 rows a second for half a second, then half a second still.
  case burst
  /// 10 rows a second down for 1.5 s, then back up for 1.5 s, and again.
  case reversal
  /// A page down every 600 ms, and every fourth one a page back up.
  case pages
  /// `/`, then `searchQuery` a letter every 150 ms (each ranks the catalog
  /// again and narrows the grid), then Esc: a person looking something up.
  case search

  /// An arrow key held: the terminal's auto-repeat (a first delay of
  /// 250–500 ms, then 20–40 keys a second, each interval ±40 %) for
  /// 1.5–4 s, then 0.8–2 s still; one hold in five goes up.
  case held
  /// Mouse wheel flicks: 5–15 notches 4–16 ms apart, then 200–800 ms
  /// still; one in seven goes up.
  case wheel
  /// A trackpad's swipe, as the terminal types it: wheel notches that come
  /// fast and slow down as the swipe's momentum dies (the first 6–12 ms
  /// apart, each gap 10–20 % longer than the last, the last 200–300 ms),
  /// then 0.3–1.5 s still; one swipe in seven goes up.
  case trackpad
  /// Page keys in bursts: 2–5 presses at 3–6 a second (±20 %), then
  /// 0.6–2 s still; one burst in six pages up.
  case pageBursts = "page-bursts"
  /// Jumps: End, Home, Tab or Shift-Tab, one every 300–900 ms.
  case jumps
  /// Reading: one to three wheel flicks or one or two pages down, then
  /// 2.5–5 s still.
  case reading
  /// Search-result jumps: `/`, an everyday word typed a letter every
  /// 120–250 ms, a look at its matches, Enter, `n` none to three times,
  /// then Esc, which takes the view to the chosen match among its
  /// neighbours in the whole grid; then 1–3 s still.
  case searchJumps = "search-jumps"

  /// The traces that scroll: what `bench` runs unless asked otherwise.
  public static let scrolls: [ScrollTrace] = [.steady, .burst, .reversal, .pages]
  /// The scrolls people make, drawn from a seed.
  public static let families: [ScrollTrace] = [
    .held, .wheel, .trackpad, .pageBursts, .jumps, .reading, .searchJumps,
  ]

  /// Whether the trace types searches (and runs on the catalog itself).
  public var searches: Bool { self == .search || self == .searchJumps }

  /// Whether the trace is drawn from a seed, with stops between bursts.
  public var isFamily: Bool { Self.families.contains(self) }

  /// What the search trace types: its first letters match most of the
  /// catalog, its last a handful.
  public static let searchQuery = "smiling cat"
  /// Words the search-jumps family looks up: everyday ones, each with
  /// matches all over the catalog.
  static let searchWords = [
    "heart", "cat", "smile", "hand", "flag", "star", "fire", "food", "moon", "tree", "car", "ball",
    "music", "sun", "dog", "laugh", "party", "water", "book", "clock",
  ]
  /// A letter every 150 ms: a quick typist.
  static let searchKeyInterval = 150.0

  /// How long the trace takes to repeat itself, in milliseconds.
  public var cycle: Double {
    switch self {
    case .steady: 200
    case .burst: 1_000
    case .reversal: 3_000
    case .pages: 2_400
    case .search: Double(Self.searchQuery.count + 2) * Self.searchKeyInterval
    // No cycle: its steps never repeat. The value is what a run is measured
    // in: six times what is asked (`measuredSeconds`).
    case .held, .wheel, .trackpad, .pageBursts, .jumps, .reading, .searchJumps: 0
    }
  }

  /// How long the trace runs before measuring starts, in seconds: until the
  /// prefetcher's pipeline has filled, so the figures are of the scroll
  /// going on, not of its start. Paging's runs three screens deep, and at
  /// two pages net per cycle it takes two cycles to fill (80×24, ready on
  /// display after 3.6 s of paging: 33%, 4.8 s: 58%, 7.2 s: 69%; the
  /// oracle's 60% to 64%). A reversal's window is a few rows deep: half a
  /// cycle, so the measured cycle starts at a turn, gives the figures 2.4 s
  /// does. The others fill theirs in 2.4 s.
  public var warmUp: Double {
    switch self {
    case .steady, .burst: 2.4
    case .reversal: cycle / 2 / 1000
    case .pages: 2 * cycle / 1000
    // Once through: a long catalog's index is built by then, as it is a
    // moment after the app starts.
    case .search: cycle / 1000
    // Each burst starts from a stop, the first as good as any: measured from the start.
    case .held, .wheel, .trackpad, .pageBursts, .jumps, .reading, .searchJumps: 0
    }
  }

  /// Each trace's `value` in seconds, for help texts: "steady 0.2 s, burst 1 s, …".
  public static func listing(_ value: (ScrollTrace) -> Double) -> String {
    allCases.filter { !$0.isFamily }.map { trace in
      let seconds = value(trace)
      return "\(trace.rawValue) \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s"
    }.joined(separator: ", ")
  }

  /// How long to measure a run asked to last `seconds`: the nearest whole
  /// number of cycles, as a part of a cycle gives figures that depend on
  /// which part; as asked if that is under half a cycle (a quick check).
  /// A family has no cycle: it is measured six times as long as asked, as
  /// its stops come seconds apart and the figures at a stop are its point.
  /// Not three: in 6 s a held key makes one to three bursts, and the
  /// run's ends weigh as much as its middle (loads aimed past the end
  /// count as lost, and only an oracle knows where the end is: held at
  /// 80×24, prefetch ÷ blind oracle 0.68 over 6 s, 0.90 over 12 s).
  public func measuredSeconds(asked seconds: Double) -> Double {
    if isFamily { return 6 * seconds }
    let cycles = (seconds * 1000 / cycle).rounded()
    return cycles < 1 ? seconds : cycles * cycle / 1000
  }

  public struct Step: Equatable, Sendable {
    /// Milliseconds from the start of the run.
    public var time: Double
    public var command: Command
    /// Typed as the mouse wheel (`command` is then its scroll).
    public var isWheel = false
    /// The last step before the scroll stops: where a person looks at what
    /// the screen shows (`SettleMetrics`).
    public var endsBurst = false

    public init(time: Double, command: Command, isWheel: Bool = false, endsBurst: Bool = false) {
      self.time = time
      self.command = command
      self.isWheel = isWheel
      self.endsBurst = endsBurst
    }

    /// The keys a person would type for the step, as the terminal sends
    /// them (xterm, its keypad in application mode as ncurses asks):
    /// Ctrl-E / Ctrl-Y scroll a row, PgDn / PgUp a page, the wheel in SGR.
    public var keys: [UInt8] {
      if isWheel, case .scroll(let rows) = command {
        return Array("\u{1B}[<\(rows > 0 ? 65 : 64);40;10M".utf8)
      }
      return switch command {
      case .scroll(let rows): Array(repeating: rows > 0 ? 0x05 : 0x19, count: abs(rows))
      case .page(let down): Array((down ? "\u{1B}[6~" : "\u{1B}[5~").utf8)
      case .move(.down): Array("\u{1B}OB".utf8)
      case .move(.up): Array("\u{1B}OA".utf8)
      case .move(.first): Array("\u{1B}OH".utf8)
      case .move(.last): Array("\u{1B}OF".utf8)
      case .move(.nextSection): [0x09]
      case .move(.previousSection): Array("\u{1B}[Z".utf8)
      case .startSearch: Array("/".utf8)
      case .searchInput(let character): Array(String(character).utf8)
      case .closeOverlay: [0x1B]
      case .confirmSearch: [0x0D]
      case .nextMatch(let forward): Array((forward ? "n" : "N").utf8)
      default: []
      }
    }
  }

  /// A family's steps within `duration` milliseconds, drawn from `seed`:
  /// bursts, each ending in a stop.
  private func familySteps(duration: Double, seed: UInt64) -> [Step] {
    var family = FamilyDrawer(seed: seed)
    var drawn: [Step] = []
    while (drawn.last?.time ?? 0) < duration {
      let start = drawn.last.map { $0.time + family.pause(for: self) } ?? 0
      var burst = family.burst(of: self, from: start)
      burst[burst.count - 1].endsBurst = true
      drawn += burst
    }
    return drawn.filter { $0.time < duration }
  }

  /// The steps that fall within `duration` milliseconds; `seed` draws a
  /// family's (the fixed traces take no notice of it).
  public func steps(duration: Double, seed: UInt64 = 0) -> [Step] {
    var steps: [Step] = []
    var time = 0.0
    switch self {
    case .steady:
      while time < duration {
        steps.append(Step(time: time, command: .scroll(rows: 1)))
        time += cycle
      }
    case .burst:
      while time < duration {
        // Bursting the first half of each cycle.
        let phase = time.truncatingRemainder(dividingBy: cycle)
        if phase < cycle / 2 {
          let isLast = phase + 1000.0 / 30 >= cycle / 2
          steps.append(Step(time: time, command: .scroll(rows: 1), endsBurst: isLast))
        }
        time += 1000.0 / 30
      }
    case .reversal:
      while time < duration {
        let down = time.truncatingRemainder(dividingBy: cycle) < cycle / 2
        steps.append(Step(time: time, command: .scroll(rows: down ? 1 : -1)))
        time += 100
      }
    case .pages:
      var count = 0
      while time < duration {
        count += 1
        steps.append(Step(time: time, command: .page(down: count % 4 != 0)))
        time += cycle / 4  // Three pages down and one up: four a cycle.
      }
    case .search:
      let typed = [Command.startSearch] + Self.searchQuery.map(Command.searchInput) + [.closeOverlay]
      while time < duration {
        for command in typed where time < duration {
          steps.append(Step(time: time, command: command))
          time += Self.searchKeyInterval
        }
      }
    case .held, .wheel, .trackpad, .pageBursts, .jumps, .reading, .searchJumps:
      return familySteps(duration: duration, seed: seed)
    }
    return steps
  }
}

/// Draws the bursts and stops of the trace families from a seed.
private struct FamilyDrawer {
  private var random: SeededGenerator
  /// Bursts down since the last one up: a burst goes up only after two
  /// down (at the top of the grid, up would move nothing).
  private var downsSinceUp = 0
  /// Sections the selection is below the first one, and above the last
  /// one, as far as the jumps so far tell (nil: not known). The run starts
  /// at the top; End says nothing of how many sections lie above.
  private var sectionsFromTop: Int? = 0
  private var sectionsFromEnd: Int?

  init(seed: UInt64) { random = SeededGenerator(seed: seed &+ 0x5EED) }

  private mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &random)
  }

  private mutating func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &random) == 0 }

  /// Whether the next burst goes down: all but one in `oneIn`, and always
  /// until two have.
  private mutating func goesDown(upOneIn oneIn: Int) -> Bool {
    let down = downsSinceUp < 2 || !chance(oneIn)
    downsSinceUp = down ? downsSinceUp + 1 : 0
    return down
  }

  /// Home, End, Tab or Shift-Tab, never one that goes nowhere: Home or
  /// Shift-Tab in the first section, End or Tab in the last. A key that
  /// changes nothing leaves the screen as it was, and the outside observer
  /// would count every frame until the next key as late.
  private mutating func jumpThatMoves() -> SelectionMove {
    let inFirstSection = sectionsFromTop == 0
    let inLastSection = sectionsFromEnd == 0
    let moves = [SelectionMove.last, .first, .nextSection, .previousSection].filter {
      switch $0 {
      case .first, .previousSection: !inFirstSection
      default: !inLastSection
      }
    }
    let move = moves.randomElement(using: &random)!
    switch move {
    case .first: (sectionsFromTop, sectionsFromEnd) = (0, nil)
    case .last: (sectionsFromTop, sectionsFromEnd) = (nil, 0)
    case .nextSection:
      sectionsFromTop = sectionsFromTop.map { $0 + 1 }
      sectionsFromEnd = sectionsFromEnd.map { $0 - 1 }
    case .previousSection:
      sectionsFromTop = sectionsFromTop.map { $0 - 1 }
      sectionsFromEnd = sectionsFromEnd.map { $0 + 1 }
    default: break
    }
    return move
  }

  /// How long the scroll stays still after a burst, in milliseconds.
  mutating func pause(for trace: ScrollTrace) -> Double {
    switch trace {
    case .held: uniform(800...2_000)
    case .wheel: uniform(200...800)
    case .trackpad: uniform(300...1_500)
    case .pageBursts: uniform(600...2_000)
    case .jumps: uniform(300...900)
    case .reading: uniform(2_500...5_000)
    case .searchJumps: uniform(1_000...3_000)
    default: 0
    }
  }

  /// One burst of `trace`'s, its first step at `start`.
  mutating func burst(of trace: ScrollTrace, from start: Double) -> [ScrollTrace.Step] {
    switch trace {
    case .held: return hold(from: start, length: uniform(1_500...4_000))
    case .wheel: return flick(from: start)
    case .trackpad: return swipe(from: start)
    case .pageBursts:
      let down = goesDown(upOneIn: 6)
      let perSecond = uniform(3...6)
      var time = start
      return (0..<Int.random(in: 2...5, using: &random)).map { _ in
        defer { time += 1000 / perSecond * uniform(0.8...1.2) }
        return ScrollTrace.Step(time: time, command: .page(down: down))
      }
    case .jumps:
      let move = jumpThatMoves()
      return [ScrollTrace.Step(time: start, command: .move(move))]
    case .reading:
      if chance(2) {
        return (0..<Int.random(in: 1...2, using: &random)).map {
          ScrollTrace.Step(time: start + Double($0) * uniform(250...400), command: .page(down: true))
        }
      }
      var steps: [ScrollTrace.Step] = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        steps += flick(from: steps.last.map { $0.time + uniform(200...400) } ?? start)
      }
      return steps
    case .searchJumps: return search(from: start)
    default: return []
    }
  }

  /// A search that ends in the catalog: `/`, a word typed, a look at its
  /// matches (a stop), Enter, `n` a few times, and Esc, which jumps to the
  /// chosen match among its neighbours (the burst's own stop).
  private mutating func search(from start: Double) -> [ScrollTrace.Step] {
    let word = ScrollTrace.searchWords.randomElement(using: &random)!
    var steps = [ScrollTrace.Step(time: start, command: .startSearch)]
    var time = start + uniform(200...400)
    for letter in word {
      steps.append(ScrollTrace.Step(time: time, command: .searchInput(letter)))
      time += uniform(120...250)
    }
    steps[steps.count - 1].endsBurst = true
    time += uniform(400...1_200)
    steps.append(ScrollTrace.Step(time: time, command: .confirmSearch))
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      time += uniform(250...600)
      steps.append(ScrollTrace.Step(time: time, command: .nextMatch(forward: true)))
    }
    time += uniform(300...800)
    steps.append(ScrollTrace.Step(time: time, command: .closeOverlay))
    return steps
  }

  /// An arrow key held for `length` ms: one press, the auto-repeat's delay, then its repeats.
  private mutating func hold(from start: Double, length: Double) -> [ScrollTrace.Step] {
    let move: SelectionMove = goesDown(upOneIn: 5) ? .down : .up
    let interval = 1000 / uniform(20...40)
    var steps = [ScrollTrace.Step(time: start, command: .move(move))]
    var time = start + uniform(250...500)
    while time < start + length {
      steps.append(ScrollTrace.Step(time: time, command: .move(move)))
      time += interval * uniform(0.6...1.4)
    }
    return steps
  }

  /// A trackpad's swipe: notches ever farther apart as its momentum dies,
  /// 17–43 of them (51–129 rows) over 1–3 s.
  private mutating func swipe(from start: Double) -> [ScrollTrace.Step] {
    let rows = notchRows()
    let slowing = uniform(1.1...1.2)
    let lastGap = uniform(200...300)
    var gap = uniform(6...12)
    var times = [start]
    while gap <= lastGap {
      times.append(times[times.count - 1] + gap)
      gap *= slowing
    }
    return times.map { Self.notch(at: $0, rows: rows) }
  }

  /// A flick of the wheel: notches a few milliseconds apart.
  private mutating func flick(from start: Double) -> [ScrollTrace.Step] {
    let rows = notchRows()
    var time = start
    return (0..<Int.random(in: 5...15, using: &random)).map { _ in
      defer { time += uniform(4...16) }
      return Self.notch(at: time, rows: rows)
    }
  }

  /// The rows each notch of a flick or a swipe moves: down, but one in
  /// seven up.
  private mutating func notchRows() -> Int {
    goesDown(upOneIn: 7) ? KeyBindings.wheelRows : -KeyBindings.wheelRows
  }

  /// A notch of the wheel at `time`, typed as the mouse reports it.
  private static func notch(at time: Double, rows: Int) -> ScrollTrace.Step {
    ScrollTrace.Step(time: time, command: .scroll(rows: rows), isWheel: true)
  }
}
