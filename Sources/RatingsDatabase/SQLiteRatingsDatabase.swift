import Foundation
import GRDB
import Support

/// The ratings in one SQLite file, through GRDB: `emoji-rater serve`'s
/// default store. Write-ahead logging, so reads go on while a vote is
/// written; the schema made and brought up to date by numbered migrations
/// when the file is opened.
///
/// One server serves a file: it locks it, and keeps every tally in memory
/// (`knownTally`), so a read never waits on the disk. Several servers
/// share a PostgreSQL database instead.
public final class SQLiteRatingsDatabase: RatingsDatabase {
  private let pool: DatabasePool
  public let path: String
  /// Votes that arrive while one transaction is written share the next.
  private let batcher: VoteBatcher
  /// Every tally, and who hears of each change; reads are answered from
  /// it only while this process serves the file (alongside, another
  /// process may write).
  private let board: TallyBoard
  private let access: Access
  /// Held while this process serves the file (`Access.serving`).
  private let lock: FileLock?

  /// How a process opens the file.
  public enum Access: Sendable {
    /// As its server: the only process that writes to it, which locks it
    /// and so may keep the tallies in memory.
    case serving
    /// Beside its server (a check, a tool, a test): every read asks the file.
    case alongside
  }

  /// The lock file that says a server holds the database at `path`.
  public static func lockPath(for path: String) -> String { path + ".lock" }

  /// Opens (or creates) the database at `path`, and migrates it.
  /// Throws a `RatingsDatabaseError` that says what is wrong with the file,
  /// or, when serving, that another server holds it.
  public init(path: String, access: Access = .serving) throws {
    self.path = path
    let lock = access == .serving ? try Self.lock(path) : nil
    self.lock = lock
    self.access = access
    var configuration = Configuration()
    // A tool beside the server (or a backup) and the server wait for each
    // other's writes rather than failing at once.
    configuration.busyMode = .timeout(10)
    do {
      pool = try DatabasePool(path: path, configuration: configuration)
      // A vote acknowledged is on the disk: with the NORMAL that GRDB sets
      // for the write-ahead log, a power cut (not a crash) may lose the
      // last commits. The writer is one connection, kept.
      try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
      try Self.checkNotNewer(pool, path: path)
      try Schema.migrator.migrate(pool)
      board = try Self.allTallies(pool)
    } catch {
      lock?.release()
      switch error {
      case let error as RatingsDatabaseError:
        throw error
      case let error as DatabaseError where error.resultCode == .SQLITE_NOTADB:
        throw RatingsDatabaseError(
          "\(path) is not a SQLite database; move it aside, or name another file with --database")
      default:
        throw RatingsDatabaseError("cannot open the ratings database \(path): \(error)")
      }
    }
    // A write blocks its thread on the disk's sync: it runs on a queue of
    // its own, not on the concurrency pool's few threads.
    let writing = DispatchQueue(label: "emoji-rater.ratings.writer")
    batcher = VoteBatcher { [pool, board] votes in
      let results = try await withCheckedThrowingContinuation { continuation in
        writing.async {
          continuation.resume(
            with: Result {
              try pool.write { db in
                try votes.map { request, voter in
                  let outcome = try Self.apply(request, from: voter, db)
                  return (outcome, try Self.tally(of: request.emoji, db))
                }
              }
            })
        }
      }
      // Committed: the board (and its watchers) follow, batch after batch in
      // the order written (one writer at a time), so the last they hear is
      // the tally now.
      for ((request, _), (_, tally)) in zip(votes, results) { board.set(tally, of: request.emoji) }
      return results
    }
  }

  deinit {
    lock?.release()
  }

  /// Locks the file for this process, or says which server holds it.
  private static func lock(_ path: String) throws -> FileLock {
    let lockPath = lockPath(for: path)
    let lock: FileLock?
    do {
      lock = try FileLock.acquire(lockPath)
    } catch {
      throw RatingsDatabaseError("cannot lock \(lockPath) for the ratings database: \(error.reason)")
    }
    guard let lock else {
      throw RatingsDatabaseError(
        "another server is serving \(path) (it holds \(lockPath)); stop it first, give this one "
          + "another file with --database, or share a PostgreSQL database between servers")
    }
    return lock
  }

  private static func allTallies(_ pool: DatabasePool) throws -> TallyBoard {
    let board = TallyBoard()
    for row in try pool.read({ db in try Row.fetchAll(db, sql: "SELECT emoji, up, down FROM tally") }) {
      board.set(Tally(up: row["up"], down: row["down"]), of: row["emoji"])
    }
    return board
  }

  /// A file whose schema a later version made is left as it is: migrating
  /// it down would lose what that version keeps.
  private static func checkNotNewer(_ pool: DatabasePool, path: String) throws {
    let unknown = try pool.read { db in
      try Schema.migrator.appliedIdentifiers(db).subtracting(Schema.migrator.migrations)
    }
    guard unknown.isEmpty else {
      throw RatingsDatabaseError(
        "\(path) was made by a later emoji-rater (its schema has \(unknown.sorted().joined(separator: ", "))); "
          + "serve it with that version, or name another file with --database")
    }
  }

  public func registerVoter(tokenHash: Data, at time: Date) async throws -> VoterID {
    try await pool.write { db in
      try db.execute(
        sql: "INSERT INTO voter (token_hash, registered_at) VALUES (?, ?)",
        arguments: [tokenHash, VoteRequest.storedTime(time)])
      return VoterID(db.lastInsertedRowID)
    }
  }

  public func voter(tokenHash: Data) async throws -> VoterID? {
    try await pool.read { db in
      try Int64.fetchOne(db, sql: "SELECT id FROM voter WHERE token_hash = ?", arguments: [tokenHash])
        .map(VoterID.init)
    }
  }

  public func apply(_ request: VoteRequest, from voter: VoterID) async throws -> (VoteOutcome, Tally) {
    try await batcher.apply(request, from: voter)
  }

  /// The rules of `RatingsDatabase`, in the write's transaction. Its
  /// statements are prepared once for the connection (`cachedStatement`):
  /// compiled afresh for each vote, they took most of the quarter of the
  /// server's time that SQLite had under load.
  private static func apply(_ request: VoteRequest, from voter: VoterID, _ db: Database) throws -> VoteOutcome
  {
    try db.cachedStatement(sql: "INSERT OR IGNORE INTO request (voter_id, key) VALUES (?, ?)")
      .execute(arguments: [voter.rawValue, request.id])
    guard db.changesCount > 0 else { return .repeated }
    let key: StatementArguments = [voter.rawValue, request.emoji]
    let stored = try Row.fetchOne(
      db.cachedStatement(sql: "SELECT value, cast_at FROM vote WHERE voter_id = ? AND emoji = ?"),
      arguments: key)
    let cleared = try Int64.fetchOne(
      db.cachedStatement(sql: "SELECT cast_at FROM clearing WHERE voter_id = ? AND emoji = ?"), arguments: key
    )
    guard request.isLatest(votedAt: stored.map { $0["cast_at"] }, clearedAt: cleared) else {
      return .superseded
    }
    let time = VoteRequest.storedTime(request.time)
    let old: Int? = stored.map { $0["value"] }
    let new = request.ballot.stored
    if let new {
      try db.cachedStatement(
        sql: """
          INSERT INTO vote (voter_id, emoji, value, cast_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (voter_id, emoji) DO UPDATE SET value = excluded.value, cast_at = excluded.cast_at
          """
      ).execute(arguments: [voter.rawValue, request.emoji, new, time])
      try db.cachedStatement(sql: "DELETE FROM clearing WHERE voter_id = ? AND emoji = ?").execute(
        arguments: key)
    } else {
      try db.cachedStatement(sql: "DELETE FROM vote WHERE voter_id = ? AND emoji = ?").execute(arguments: key)
      try db.cachedStatement(
        sql: """
          INSERT INTO clearing (voter_id, emoji, cast_at) VALUES (?, ?, ?)
          ON CONFLICT (voter_id, emoji) DO UPDATE SET cast_at = excluded.cast_at
          """
      ).execute(arguments: [voter.rawValue, request.emoji, time])
    }
    let change = Tally.change(from: old, to: new)
    if change != Tally() {
      // A row first, then the change: the row proposed must pass the
      // checks itself, and a change may take one away.
      try db.cachedStatement(
        sql: "INSERT INTO tally (emoji, up, down) VALUES (?, 0, 0) ON CONFLICT (emoji) DO NOTHING"
      ).execute(arguments: [request.emoji])
      try db.cachedStatement(
        sql: "UPDATE tally SET up = up + ?, down = down + ? WHERE emoji = ?"
      ).execute(arguments: [change.up, change.down, request.emoji])
    }
    return .applied
  }

  public func tally(of emoji: String) async throws -> Tally {
    if let known = knownTally(of: emoji) { return known }
    return try await pool.read { db in try Self.tally(of: emoji, db) }
  }

  public func knownTally(of emoji: String) -> Tally? {
    access == .serving ? board.tally(of: emoji) : nil
  }

  public func watchTallies(_ changed: @escaping @Sendable (String, Tally) -> Void) {
    board.watch(changed)
  }

  private static func tally(of emoji: String, _ db: Database) throws -> Tally {
    guard
      let row = try Row.fetchOne(
        db.cachedStatement(sql: "SELECT up, down FROM tally WHERE emoji = ?"), arguments: [emoji])
    else { return Tally() }
    return Tally(up: row["up"], down: row["down"])
  }

  public func vote(of voter: VoterID, on emoji: String) async throws -> Ballot? {
    try await pool.read { db in
      try Int.fetchOne(
        db, sql: "SELECT value FROM vote WHERE voter_id = ? AND emoji = ?",
        arguments: [voter.rawValue, emoji]
      ).map(Ballot.init(stored:))
    }
  }

  public func top(_ order: TopOrder, limit: Int) async throws -> [RankedEmoji] {
    try await pool.read { db in
      try Row.fetchAll(db, sql: order.query(least: "min") + " LIMIT ?", arguments: [limit]).map {
        RankedEmoji(emoji: $0["emoji"], tally: Tally(up: $0["up"], down: $0["down"]))
      }
    }
  }

  /// SQLite's own check of the file (`PRAGMA integrity_check`): "ok" when whole.
  public func integrityCheck() throws -> String {
    try pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
  }

  /// How the writer syncs commits (`PRAGMA synchronous`: 2 is FULL).
  public func writerSynchronousMode() throws -> Int {
    try pool.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
  }

  /// Runs a read-only query, for tests and tools that compare the tallies
  /// with the votes themselves.
  public func count(sql: String, arguments: [String] = []) throws -> Int {
    try pool.read { db in try Int.fetchOne(db, sql: sql, arguments: StatementArguments(arguments)) ?? 0 }
  }
}
