import Support

/// Every emoji's tally, in memory: what a server that alone writes to its
/// database answers a read from, without asking the database (a read is
/// the commonest request by far). It holds only what the database
/// committed: a tally is set after its transaction, in the order the
/// transactions were written.
public final class TallyBoard: Sendable {
  private let tallies: Locked<[String: Tally]>

  public init(_ tallies: [String: Tally] = [:]) {
    self.tallies = Locked(tallies)
  }

  /// The emoji's tally (zero for one nobody voted on).
  public func tally(of emoji: String) -> Tally {
    tallies.withLock { $0[emoji] } ?? Tally()
  }

  func set(_ tally: Tally, of emoji: String) {
    tallies.withLock { $0[emoji] = tally }
  }
}
