import Foundation
import GRDB

/// The ratings database's tables in SQLite. PostgreSQL has the same
/// tables in its own dialect (`PostgresRatingsDatabase.migrations`, with
/// other types and its own identity column): a change to one is a new
/// migration in both.
///
/// - `voter`: who may vote, by the SHA-256 of their token;
/// - `vote`: one row per voter and emoji, up (1) or down (-1), with the
///   time it was cast;
/// - `clearing`: when a voter took back a vote, so that an older vote
///   arriving late does not bring it back;
/// - `request`: the keys of the votes each voter has sent, so a resend
///   counts once;
/// - `tally`: up and down per emoji, kept in step with `vote` in the same
///   transaction, for reads and `GET /top` without counting every vote.
///
/// Times are microseconds since 1970, UTC (`VoteRequest.storedTime`).
enum Schema {
  static let migrator: DatabaseMigrator = {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("1 voters, votes and tallies") { db in
      for statement in version1 { try db.execute(sql: statement) }
    }
    return migrator
  }()

  static let version1 = [
    """
    CREATE TABLE voter (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      token_hash BLOB NOT NULL UNIQUE,
      registered_at INTEGER NOT NULL)
    """,
    """
    CREATE TABLE vote (
      voter_id INTEGER NOT NULL REFERENCES voter (id),
      emoji TEXT NOT NULL,
      value INTEGER NOT NULL CHECK (value IN (-1, 1)),
      cast_at INTEGER NOT NULL,
      PRIMARY KEY (voter_id, emoji)) WITHOUT ROWID
    """,
    "CREATE INDEX vote_by_emoji ON vote (emoji, value)",
    """
    CREATE TABLE clearing (
      voter_id INTEGER NOT NULL REFERENCES voter (id),
      emoji TEXT NOT NULL,
      cast_at INTEGER NOT NULL,
      PRIMARY KEY (voter_id, emoji)) WITHOUT ROWID
    """,
    """
    CREATE TABLE request (
      voter_id INTEGER NOT NULL REFERENCES voter (id),
      key TEXT NOT NULL,
      PRIMARY KEY (voter_id, key)) WITHOUT ROWID
    """,
    """
    CREATE TABLE tally (
      emoji TEXT PRIMARY KEY,
      up INTEGER NOT NULL CHECK (up >= 0),
      down INTEGER NOT NULL CHECK (down >= 0)) WITHOUT ROWID
    """,
  ]
}
