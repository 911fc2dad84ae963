import Foundation
import Support
import Testing

@testable import RatingsDatabase

/// Group commit: what arrives during a write goes in the next one, whole.
@Suite struct VoteBatcherTests {
  static func request(_ index: Int) -> VoteRequest {
    VoteRequest(emoji: "1f44d", ballot: .up, time: Date(timeIntervalSince1970: 0), id: "k\(index)")
  }

  @Test func votesArrivingDuringAWriteShareTheNext() async throws {
    let batches = Locked<[[String]]>([])
    let firstWriteMayEnd = DispatchSemaphore(value: 0)
    let batcher = VoteBatcher { votes in
      let isFirst = batches.withLock { batches in
        batches.append(votes.map(\.0.id))
        return batches.count == 1
      }
      if isFirst { firstWriteMayEnd.wait() }
      return votes.map { _ in (.applied, Tally(up: 1, down: 0)) }
    }
    try await withThrowingTaskGroup(of: VoteOutcome.self) { group in
      group.addTask { try await batcher.apply(Self.request(0), from: VoterID(1)).0 }
      // The first is being written; ten more arrive meanwhile.
      while batches.withLock({ $0.count }) == 0 { try await Task.sleep(for: .milliseconds(1)) }
      for index in 1...10 {
        group.addTask { try await batcher.apply(Self.request(index), from: VoterID(1)).0 }
      }
      try await Task.sleep(for: .milliseconds(200))
      firstWriteMayEnd.signal()
      for try await outcome in group { #expect(outcome == .applied) }
    }
    let sizes = batches.withLock { $0.map(\.count) }
    #expect(sizes == [1, 10], "one alone, then the ten together: \(sizes)")
  }

  @Test func aFailedWriteFailsEveryVoteInIt() async {
    struct DiskFull: Error {}
    let batcher = VoteBatcher { _ in throw DiskFull() }
    await #expect(throws: DiskFull.self) { try await batcher.apply(Self.request(0), from: VoterID(1)) }
  }
}
