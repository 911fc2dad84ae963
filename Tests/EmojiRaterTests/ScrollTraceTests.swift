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
}
