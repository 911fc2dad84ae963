import CollectionKit
import Terminal
import Testing

@testable import EmojiRater

/// A benchmark run measures whole cycles of its trace, so that which part
/// of a cycle it caught does not decide its figures.
@Suite struct ScrollTraceTests {
  @Test func aRunIsMeasuredForTheNearestWholeNumberOfCycles() {
    #expect(ScrollTrace.steady.measuredSeconds(asked: 2.4) == 2.4)
    #expect(ScrollTrace.burst.measuredSeconds(asked: 2.4) == 2)
    #expect(ScrollTrace.reversal.measuredSeconds(asked: 2.4) == 3)
    #expect(ScrollTrace.pages.measuredSeconds(asked: 2.4) == 2.4)
    #expect(ScrollTrace.pages.measuredSeconds(asked: 6) == 7.2)
  }

  @Test func aQuickCheckShorterThanHalfACycleIsMeasuredAsAsked() {
    #expect(ScrollTrace.reversal.measuredSeconds(asked: 0.6) == 0.6)
    #expect(ScrollTrace.burst.measuredSeconds(asked: 0.6) == 1)
  }

  /// The cycle is what the steps say it is: the same commands, a cycle later.
  @Test func eachTraceRepeatsAfterItsCycle() {
    for trace in ScrollTrace.allCases where !trace.isFamily {
      let steps = trace.steps(duration: 3 * trace.cycle)
      let firstCycle = steps.filter { $0.time < trace.cycle }
      let secondCycle = steps.filter { $0.time >= trace.cycle && $0.time < 2 * trace.cycle }
      #expect(firstCycle.map(\.command) == secondCycle.map(\.command), "\(trace)")
      #expect(!firstCycle.isEmpty)
    }
  }

  /// The benchmark types each step as a person would: the keys decode to
  /// the step's own command.
  /// The escape sequences the traces type (xterm-256color's terminfo, its
  /// keypad in application mode), and what ncurses makes of each.
  static let escapes: [(String, InputEvent)] = [
    ("\u{1B}[6~", .key(.pageDown)), ("\u{1B}[5~", .key(.pageUp)), ("\u{1B}OB", .key(.down)),
    ("\u{1B}OA", .key(.up)), ("\u{1B}OH", .key(.home)), ("\u{1B}OF", .key(.end)),
    ("\u{1B}[Z", .key(.backTab)),
    ("\u{1B}[<65;40;10M", .mouse(MouseEvent(.wheelDown, row: 9, column: 39))),
    ("\u{1B}[<64;40;10M", .mouse(MouseEvent(.wheelUp, row: 9, column: 39))),
  ]

  @Test func eachStepIsTypedAsTheKeysThatMeanIt() throws {
    for trace in ScrollTrace.allCases {
      var searching = false
      for step in trace.steps(duration: 3_000) {
        var reader = PasteReader()
        let events = step.keys.flatMap { reader.take(.character(UInt32($0)), at: 0) }
        let commands = events.compactMap {
          KeyBindings.command(for: $0, helpShown: false, searching: searching)
        }
        // Enter and Esc end the typing (n then steps through the matches).
        searching =
          step.command == .startSearch
          || (searching && step.command != .closeOverlay && step.command != .confirmSearch)
        if step.keys == [0x1B] {
          // Esc alone: ncurses gives it as the Escape key once no more follows.
          #expect(KeyBindings.command(for: .key(.escape), helpShown: false) == step.command)
        } else if step.keys.first == 0x1B {
          // ncurses turns the escape sequence into one key, or a mouse event, as terminfo spells it.
          let (sequence, event) = try #require(
            Self.escapes.first { $0.0 == String(decoding: step.keys, as: UTF8.self) })
          #expect(KeyBindings.command(for: event, helpShown: false) == step.command, "\(trace) \(sequence)")
        } else {
          #expect(commands == [step.command], "\(trace) \(step)")
        }
      }
    }
  }
}

/// The scrolls people make, drawn from a seed: the same seed gives the
/// same steps, each family keeps to its shape, and its bursts end in stops.
@Suite struct TraceFamilyTests {
  static func gaps(_ steps: [ScrollTrace.Step]) -> [Double] {
    zip(steps.dropFirst(), steps).map { $0.time - $1.time }
  }

  @Test func aSeedDrawsTheSameStepsEveryTime() {
    for trace in ScrollTrace.families {
      #expect(trace.steps(duration: 10_000, seed: 3) == trace.steps(duration: 10_000, seed: 3), "\(trace)")
      #expect(trace.steps(duration: 10_000, seed: 3) != trace.steps(duration: 10_000, seed: 4), "\(trace)")
    }
  }

  @Test func everyFamilyStopsBetweenBursts() {
    for trace in ScrollTrace.families {
      let steps = trace.steps(duration: 20_000, seed: 1)
      #expect(steps.allSatisfy { $0.time < 20_000 })
      let ends = steps.indices.filter { steps[$0].endsBurst && $0 + 1 < steps.count }
      #expect(ends.count >= 2, "\(trace): \(ends.count) stops in 20 s")
      for end in ends { #expect(steps[end + 1].time - steps[end].time >= 200, "\(trace): a stop is a pause") }
    }
  }

  @Test func aHeldKeyRepeatsAt20To40KeysASecondWithJitter() {
    let steps = ScrollTrace.held.steps(duration: 30_000, seed: 5)
    #expect(steps.allSatisfy { $0.command == .move(.down) || $0.command == .move(.up) })
    #expect(steps.contains { $0.command == .move(.up) }, "one hold in five goes up")
    // Within a hold, after the auto-repeat's first delay.
    let repeats = Self.gaps(steps).filter { $0 < 200 }
    #expect(repeats.min()! >= 1000 / 40 * 0.6 - 0.001 && repeats.max()! <= 1000 / 20 * 1.4 + 0.001)
    #expect(Set(repeats.map { Int($0) }).count > 10, "jittered, not a metronome")
  }

  @Test func aWheelFlickIsFiveToFifteenNotchesMillisecondsApart() {
    let steps = ScrollTrace.wheel.steps(duration: 20_000, seed: 2)
    #expect(steps.allSatisfy { $0.isWheel })
    var burst = 0
    for (index, step) in steps.enumerated() {
      burst += 1
      if step.endsBurst || index == steps.count - 1 {
        if step.endsBurst { #expect((5...15).contains(burst), "\(burst) notches") }
        burst = 0
      } else {
        #expect(steps[index + 1].time - step.time <= 16.001)
      }
    }
  }

  @Test func aTrackpadSwipeSlowsAsItsMomentumDies() {
    let steps = ScrollTrace.trackpad.steps(duration: 30_000, seed: 4)
    #expect(steps.allSatisfy { $0.isWheel })
    let up = Command.scroll(rows: -KeyBindings.wheelRows)
    #expect(steps.contains { $0.command == up }, "one swipe in seven goes up")
    var swipe: [ScrollTrace.Step] = []
    for (index, step) in steps.enumerated() {
      swipe.append(step)
      guard step.endsBurst else { continue }
      let gaps = Self.gaps(swipe)
      #expect(gaps.first! >= 5.999 && gaps.first! <= 12.001, "fast at first")
      #expect(gaps.last! <= 300.001, "at last, a notch every quarter second or so")
      let slowing = zip(gaps, gaps.dropFirst()).map { $1 / $0 }
      #expect(slowing.allSatisfy { (1.099...1.201).contains($0) }, "each gap a tenth to a fifth longer")
      #expect((17...43).contains(swipe.count), "\(swipe.count) notches")
      if index + 1 < steps.count { #expect(steps[index + 1].time - step.time >= 299.999, "then still") }
      swipe = []
    }
  }

  @Test func pageBurstsAndJumpsTypeTheirKeys() {
    let pages = ScrollTrace.pageBursts.steps(duration: 20_000, seed: 9)
    #expect(pages.allSatisfy { $0.command == .page(down: true) || $0.command == .page(down: false) })
    #expect(pages.contains { $0.command == .page(down: false) }, "one burst in six pages up")
    let jumps = ScrollTrace.jumps.steps(duration: 20_000, seed: 9)
    #expect(jumps.allSatisfy { $0.endsBurst }, "each jump is a burst of its own")
    for move in [SelectionMove.first, .last, .nextSection, .previousSection] {
      #expect(jumps.contains { $0.command == .move(move) }, "\(move)")
    }
  }

  /// Each jump moves the selection: a key that changes nothing leaves the
  /// screen as it was, which the outside observer counts as late frames
  /// (seed 605 once typed a second Shift-Tab in the first section).
  @Test func everyJumpGoesSomewhere() {
    let layout = GridLayout(sectionItemCounts: Array(repeating: 40, count: 9), width: 80)
    for seed in [UInt64(605)] + (1...60) {
      var selection = IndexPath(item: 0, section: 0)
      for step in ScrollTrace.jumps.steps(duration: 30_000, seed: seed) {
        guard case .move(let move) = step.command else { continue }
        let next = layout.indexPath(after: move, from: selection)
        #expect(next != selection, "seed \(seed): \(move) at \(step.time) ms from \(selection)")
        selection = next
      }
    }
  }

  /// A search the person leaves for the catalog: the word typed, a look at
  /// its matches (a stop), Enter, `n` a few times, then Esc (the jump, and
  /// the burst's stop).
  @Test func aSearchJumpTypesAWordThenLeavesForTheMatch() throws {
    let steps = ScrollTrace.searchJumps.steps(duration: 30_000, seed: 4)
    let starts = steps.indices.filter { steps[$0].command == .startSearch }
    #expect(starts.count >= 3)
    for (start, next) in zip(starts, starts.dropFirst() + [steps.count]) {
      let burst = Array(steps[start..<next])
      guard burst.last?.command == .closeOverlay else { continue }  // Cut by the run's end.
      let typed = String(burst.compactMap { if case .searchInput(let c) = $0.command { c } else { nil } })
      #expect(ScrollTrace.searchWords.contains(typed), "\(typed)")
      let lastLetter = try #require(
        burst.lastIndex { if case .searchInput = $0.command { true } else { false } })
      #expect(burst[lastLetter].endsBurst, "the matches are a stop")
      #expect(burst[lastLetter + 1].command == .confirmSearch)
      #expect(
        burst.dropFirst(lastLetter + 2).dropLast().allSatisfy { $0.command == .nextMatch(forward: true) })
      #expect(burst.last!.endsBurst)
    }
  }

  @Test func aFamilyIsMeasuredSixTimesAsLongAsAsked() {
    #expect(ScrollTrace.wheel.measuredSeconds(asked: 2) == 12)
  }

  /// Page bursts go up to six screens a second: in 12 s they ran past the
  /// 20 screens the fixed traces need (at 200×60) and stopped at the end.
  @Test func aFamilysContentLastsItsWholeRun() {
    #expect(BenchRunner.contentScreens(traces: [.steady, .pages], seconds: 2) == 20)
    #expect(BenchRunner.contentScreens(traces: [.steady, .pageBursts], seconds: 2) == 72)
    #expect(BenchRunner.contentScreens(traces: [.wheel], seconds: 4) == 144)
  }
}

/// What a person sees at a stop, worked out from the displays and arrivals.
@Suite struct SettleMetricsTests {
  typealias Display = OraclePrefetcher.Display

  @Test func spinnersAreTheCellsOnScreenWithoutDataAHundredMillisecondsAfterTheLastKey() throws {
    // Four cells on screen from 1,000 ms; one arrived before, one at 1,050
    // (before the look at 1,100), two after it, the last at 1,400.
    let displays = (0..<4).map { Display(item: $0, time: 1_000) } + [Display(item: 9, time: 0, end: 1_000)]
    let arrivals: [Int: Double] = [0: 500, 1: 1_050, 2: 1_200, 3: 1_400]
    let settle = try #require(
      SettleMetrics.measure(stops: [(lastKey: 1_000, nextKey: 3_000)], displays: displays) { arrivals[$0] })
    #expect(settle.stops == 1)
    #expect(settle.spinners == 0.5)
    #expect(settle.fullScreenMilliseconds == 400)
  }

  @Test func aScreenNotWholeBeforeTheNextKeyHasNoTimeToWhole() throws {
    let displays = [Display(item: 0, time: 0), Display(item: 1, time: 0)]
    let settle = try #require(
      SettleMetrics.measure(stops: [(lastKey: 0, nextKey: 500)], displays: displays) { $0 == 0 ? 10 : nil })
    #expect(settle.spinners == 0.5)
    #expect(settle.fullScreenMilliseconds == nil, "never arrived: longer than the stop")
  }

  @Test func timeSpinningWeighsEachCellByHowLongItWasSeen() throws {
    // Measured from 1,000 to 5,000 ms. A row flown past: on screen 1,000 to
    // 1,100, never loaded (100 ms spinning of 100). A screen read: two
    // cells on from 1,100 to the end, one loaded at 2,100 (1,000 of 3,900
    // spinning), one ready before it came (none). A cell seen before the
    // measure only counts from its start; one gone before it, not at all.
    let displays = [
      Display(item: 0, time: 1_000, end: 1_100),
      Display(item: 1, time: 1_100), Display(item: 2, time: 1_100),
      Display(item: 3, time: 0, end: 1_500), Display(item: 4, time: 0, end: 900),
    ]
    let arrivals: [Int: Double] = [1: 2_100, 2: 500, 3: 1_200]
    let share = try #require(
      SettleMetrics.timeSpinning(displays: displays, from: 1_000, to: 5_000) { arrivals[$0] })
    // Spinning: 100 + 1,000 + 0 + 200; on screen: 100 + 3,900 + 3,900 + 500.
    #expect(abs(share - 1_300 / 8_400) < 1e-9)
    #expect(SettleMetrics.timeSpinning(displays: [], from: 0, to: 10) { _ in nil } == nil)
  }

  @Test func stopsAreTheStepsThatEndABurst() {
    let steps = [
      ScrollTrace.Step(time: 0, command: .scroll(rows: 1)),
      ScrollTrace.Step(time: 10, command: .scroll(rows: 1), endsBurst: true),
      ScrollTrace.Step(time: 500, command: .scroll(rows: 1), endsBurst: true),
    ]
    let stops = SettleMetrics.stops(steps: steps, typedAt: [2, 12, 503], measuredFrom: 5, end: 900)
    #expect(stops.map(\.lastKey) == [12, 503])
    #expect(stops.map(\.nextKey) == [503, 900])
  }
}
