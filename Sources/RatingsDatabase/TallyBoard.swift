import Support

/// Every emoji's tally, in memory: what a server answers a read from,
/// without asking the database (a read is the commonest request by far),
/// and who hears of each change (`GET /events`). It holds only what the
/// database committed.
///
/// A server that alone writes to its database (SQLite) sets each tally
/// after its transaction, in the order written, so the board is exact.
/// Where several servers write (PostgreSQL), each change comes with its
/// version (the row's count of updates, which commit in order), from the
/// server's own votes, from the changes every server notifies, and from
/// reading every tally afresh; the board keeps the newest of each, in
/// whatever order they reach it.
public final class TallyBoard: Sendable {
  private struct Entry {
    var tally: Tally
    var version: Int64?
  }

  private let entries = Locked([String: Entry]())
  private let watchers = Locked([@Sendable (String, Tally) -> Void]())

  public init() {}

  /// The emoji's tally (zero for one nobody voted on).
  public func tally(of emoji: String) -> Tally {
    entries.withLock { $0[emoji]?.tally } ?? Tally()
  }

  /// Tells `changed` of each tally that changes on the board from now on.
  public func watch(_ changed: @escaping @Sendable (String, Tally) -> Void) {
    watchers.withLock { $0.append(changed) }
  }

  /// Sets the emoji's tally: with a `version`, only if it is newer than the
  /// one held; without, at once (a sole writer's changes come in order).
  /// The watchers hear of it if the tally is not what it was, in the order
  /// the board took the changes (they are told under its lock, so two
  /// changes set at once cannot reach them the other way round). True
  /// when they did.
  @discardableResult
  public func set(_ tally: Tally, of emoji: String, version: Int64? = nil) -> Bool {
    entries.withLock { entries in
      let old = entries[emoji]
      if let version, let held = old?.version, held >= version { return false }
      entries[emoji] = Entry(tally: tally, version: version)
      guard (old?.tally ?? Tally()) != tally else { return false }
      for changed in watchers.withLock({ $0 }) { changed(emoji, tally) }
      return true
    }
  }
}
