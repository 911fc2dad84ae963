import CollectionKit
import Loading
import Testing

@testable import EmojiRater

/// When the prefetcher works the loads' latency out again: a sort of
/// hundreds of times, so not at every frame.
@Suite struct PrefetchCoordinatorTests {
  /// The latency of `count` loads that all landed after `milliseconds`.
  func curve(landed count: Int, after milliseconds: Double) -> LatencyCurve {
    var observed = ObservedLatency(prior: .uniform(500...2_000))
    for start in 0..<count { observed.record(milliseconds: milliseconds, started: UInt64(start)) }
    return observed.curve()
  }

  @Test func theLatencyIsWorkedOutAgainEvery32LoadsOnceEnoughLanded() {
    var coordinator = PrefetchCoordinator(options: LoadingOptions())
    // Cancelled loads are timed too, but until 32 have landed the guess
    // stands, and no frame need work an estimate out to learn that.
    #expect(!coordinator.isDueToFollow(timedLoads: 200, enoughLanded: false))
    #expect(coordinator.isDueToFollow(timedLoads: 40, enoughLanded: true))
    coordinator.follow(timedLoads: 40, observed: curve(landed: 40, after: 100))
    // The window reaches as far as loads of 0.1 s need.
    #expect(coordinator.planner.depth == .adaptive(leadTime: 100))
    #expect(!coordinator.isDueToFollow(timedLoads: 71, enoughLanded: true))
    #expect(coordinator.isDueToFollow(timedLoads: 72, enoughLanded: true))
  }

  @Test func anEstimateOfTooFewLandedLoadsLeavesTheGuess() {
    var coordinator = PrefetchCoordinator(options: LoadingOptions())
    coordinator.follow(timedLoads: 40, observed: curve(landed: 10, after: 100))
    #expect(coordinator.isDueToFollow(timedLoads: 40, enoughLanded: true), "still due: nothing was learnt")
    guard case .adaptive(let leadTime) = coordinator.planner.depth else {
      Issue.record("the window follows the scroll by default")
      return
    }
    #expect(leadTime == LoadingOptions().latency.quantile(PrefetchPlanner.leadQuantile))
  }
}
