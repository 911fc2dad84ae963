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
    for trace in ScrollTrace.allCases {
      let steps = trace.steps(duration: 3 * trace.cycle)
      let firstCycle = steps.filter { $0.time < trace.cycle }
      let secondCycle = steps.filter { $0.time >= trace.cycle && $0.time < 2 * trace.cycle }
      #expect(firstCycle.map(\.command) == secondCycle.map(\.command), "\(trace)")
      #expect(!firstCycle.isEmpty)
    }
  }

  /// The benchmark types each step as a person would: the keys decode to
  /// the step's own command.
  @Test func eachStepIsTypedAsTheKeysThatMeanIt() {
    for trace in ScrollTrace.allCases {
      var searching = false
      for step in trace.steps(duration: 3_000) {
        var reader = PasteReader()
        let events = step.keys.flatMap { reader.take(.character(UInt32($0)), at: 0) }
        let commands = events.compactMap {
          KeyBindings.command(for: $0, helpShown: false, searching: searching)
        }
        searching = step.command == .startSearch || (searching && step.command != .closeOverlay)
        if step.keys == [0x1B] {
          // Esc alone: ncurses gives it as the Escape key once no more follows.
          #expect(KeyBindings.command(for: .key(.escape), helpShown: false) == step.command)
        } else if step.keys.first == 0x1B {
          // PgDn / PgUp: ncurses turns the escape sequence into one key.
          #expect(step.keys == Array((step.command == .page(down: true) ? "\u{1B}[6~" : "\u{1B}[5~").utf8))
        } else {
          #expect(commands == [step.command], "\(trace) \(step)")
        }
      }
    }
  }
}
