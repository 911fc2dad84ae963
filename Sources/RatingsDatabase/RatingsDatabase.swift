import Foundation

/// Where the community's ratings live: the voters and their votes. The
/// server's store, whichever database is behind it (SQLite in one file,
/// or PostgreSQL for several servers).
///
/// The rules, the same for every database:
/// - one vote per voter and emoji: a new one replaces the old, and
///   `Ballot.none` removes it;
/// - of two votes by one voter on one emoji, the one cast later counts,
///   in whatever order they arrive (a clearing is remembered with its time
///   for that);
/// - a request's key counts once per voter: sent again, it changes nothing;
/// - a tally is the count of the votes stored, up and down.
public protocol RatingsDatabase: Sendable {
  /// Adds a voter known by the SHA-256 of its token (the token itself is
  /// never stored).
  func registerVoter(tokenHash: Data, at time: Date) async throws -> VoterID
  /// The voter with this token's hash, if one registered.
  func voter(tokenHash: Data) async throws -> VoterID?
  /// Records `request` as `voter`'s, by the rules above, and answers what
  /// became of it with the emoji's tally after.
  func apply(_ request: VoteRequest, from voter: VoterID) async throws -> (VoteOutcome, Tally)
  /// The emoji's tally (zero for one nobody voted on).
  func tally(of emoji: String) async throws -> Tally
  /// `voter`'s vote on `emoji`, if it has one.
  func vote(of voter: VoterID, on emoji: String) async throws -> Ballot?
  /// The first `limit` emoji in the community's `order`; emoji with no vote
  /// the order counts are left out. Ties go by code points.
  func top(_ order: TopOrder, limit: Int) async throws -> [RankedEmoji]
  /// The emoji's tally without waiting, as this process holds it in
  /// memory: exact where it alone writes to the database (SQLite); where
  /// several servers write (PostgreSQL), the latest it has heard of, a few
  /// milliseconds behind a vote on another server. Nil when the database
  /// must be asked (`tally(of:)`, which is always exact).
  func knownTally(of emoji: String) -> Tally?
  /// Tells `changed` of each tally that changes from now on, in the order
  /// the changes were committed: by this process, or, where several servers
  /// share the database, by any of them.
  func watchTallies(_ changed: @escaping @Sendable (_ emoji: String, _ tally: Tally) -> Void)
}

/// A database that cannot be opened or used: says which, and what to do.
public struct RatingsDatabaseError: Error, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
