import Foundation
import Support

/// Group commit: the votes that arrive while a transaction is being
/// written go together in the next one, so a thousand voters at once pay
/// for a few syncs to the disk, not a thousand. A vote that arrives with
/// nothing being written goes at once, alone: no vote waits for others.
///
/// Each vote's outcome is its own (the rules apply one by one inside the
/// transaction); if the transaction fails, every vote in it fails, as none
/// of them was stored. One batch is written at a time, so a database's
/// batches commit in the order they were taken. (Two at once, tried on
/// PostgreSQL, took no more votes a second.)
public final class VoteBatcher: Sendable {
  public typealias Write = @Sendable ([(VoteRequest, VoterID)]) async throws -> [(VoteOutcome, Tally)]

  private struct Waiting {
    var request: VoteRequest
    var voter: VoterID
    var continuation: CheckedContinuation<(VoteOutcome, Tally), any Error>
  }

  private struct State {
    var waiting: [Waiting] = []
    var writing = false
  }

  /// The most votes in one transaction: a few milliseconds of writing.
  public static let largestBatch = 512

  private let state = Locked(State())
  private let write: Write

  /// `write` applies a batch in one transaction, and answers each vote's
  /// outcome and tally after, in order.
  public init(write: @escaping Write) {
    self.write = write
  }

  public func apply(_ request: VoteRequest, from voter: VoterID) async throws -> (VoteOutcome, Tally) {
    try await withCheckedThrowingContinuation { continuation in
      let starts = state.withLock { state in
        state.waiting.append(Waiting(request: request, voter: voter, continuation: continuation))
        defer { state.writing = true }
        return !state.writing
      }
      if starts { Task { await self.drain() } }
    }
  }

  /// Writes batches until nothing waits.
  private func drain() async {
    while true {
      let batch = state.withLock { state -> [Waiting] in
        let taken = Array(state.waiting.prefix(Self.largestBatch))
        state.waiting.removeFirst(taken.count)
        if taken.isEmpty { state.writing = false }
        return taken
      }
      guard !batch.isEmpty else { return }
      do {
        let results = try await write(batch.map { ($0.request, $0.voter) })
        guard results.count == batch.count else {
          throw RatingsDatabaseError(
            "the database answered \(results.count) of a batch of \(batch.count) votes")
        }
        for (waiting, result) in zip(batch, results) { waiting.continuation.resume(returning: result) }
      } catch {
        for waiting in batch { waiting.continuation.resume(throwing: error) }
      }
    }
  }
}
