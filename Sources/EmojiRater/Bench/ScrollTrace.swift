/// A scripted scroll (or search), the same every run: what the benchmark
/// "does" to the app, command by command, at fixed times.
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

  /// The traces that scroll: what `bench` runs unless asked otherwise.
  public static let scrolls: [ScrollTrace] = [.steady, .burst, .reversal, .pages]

  /// What the search trace types: its first letters match most of the
  /// catalog, its last a handful.
  public static let searchQuery = "smiling cat"
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
    }
  }

  /// Each trace's `value` in seconds, for help texts: "steady 0.2 s, burst 1 s, …".
  public static func listing(_ value: (ScrollTrace) -> Double) -> String {
    allCases.map { trace in
      let seconds = value(trace)
      return "\(trace.rawValue) \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s"
    }.joined(separator: ", ")
  }

  /// How long to measure a run asked to last `seconds`: the nearest whole
  /// number of cycles, as a part of a cycle gives figures that depend on
  /// which part; as asked if that is under half a cycle (a quick check).
  public func measuredSeconds(asked seconds: Double) -> Double {
    let cycles = (seconds * 1000 / cycle).rounded()
    return cycles < 1 ? seconds : cycles * cycle / 1000
  }

  public struct Step: Equatable, Sendable {
    /// Milliseconds from the start of the run.
    public var time: Double
    public var command: Command

    /// The keys a person would type for the step, as the terminal sends
    /// them (xterm): Ctrl-E / Ctrl-Y scroll a row, PgDn / PgUp a page.
    public var keys: [UInt8] {
      switch command {
      case .scroll(let rows): Array(repeating: rows > 0 ? 0x05 : 0x19, count: abs(rows))
      case .page(let down): Array((down ? "\u{1B}[6~" : "\u{1B}[5~").utf8)
      case .startSearch: Array("/".utf8)
      case .searchInput(let character): Array(String(character).utf8)
      case .closeOverlay: [0x1B]
      default: []
      }
    }
  }

  /// The steps that fall within `duration` milliseconds.
  public func steps(duration: Double) -> [Step] {
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
        if time.truncatingRemainder(dividingBy: cycle) < cycle / 2 {
          steps.append(Step(time: time, command: .scroll(rows: 1)))
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
    }
    return steps
  }
}
