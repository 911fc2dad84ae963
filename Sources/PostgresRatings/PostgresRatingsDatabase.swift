import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import RatingsDatabase
import Support

/// The ratings in PostgreSQL, through postgres-nio's pooled client: for a
/// deployment of several `serve` processes, on one machine or many, that
/// answer the same tallies. The tables and the rules are SQLite's
/// (`RatingsDatabase`); two servers applying votes by one voter on one
/// emoji at once take turns on a transaction lock for that pair.
public final class PostgresRatingsDatabase: RatingsDatabase {
  private let client: PostgresClient
  private let running: Task<Void, Never>
  private let logger: Logger
  /// Where it is, without a password.
  public let address: String
  /// How long an operation waits for its answer before it fails: a
  /// PostgreSQL that restarts or is away does not hold a request until its
  /// client gives up (the server answers 503, and the client resends).
  public let patience: Duration
  /// Who hears of each change (`watchTallies`).
  private let watchers = Locked([@Sendable (String, Tally) -> Void]())
  /// Listens for every server's tally changes, from when the database is
  /// opened until `close`.
  private let listening = Locked<Task<Void, Never>?>(nil)

  /// Connects to the database `url` names (`postgres://USER[:PASSWORD]@HOST[:PORT]/DB`),
  /// migrates it, and listens for tally changes. Throws a `RatingsDatabaseError` that says what is
  /// wrong: the URL, the server not there, the schema from a later version.
  public init(
    url: String, logger: Logger = Logger(label: "emoji-rater.postgres") { _ in SwiftLogNoOpLogHandler() },
    connectTimeout: Duration = .seconds(10), patience: Duration = .seconds(3)
  ) async throws {
    let location = try PostgresLocation(url)
    address = location.description
    self.patience = patience
    self.logger = logger
    var configuration = PostgresClient.Configuration(
      host: location.host, port: location.port, username: location.user, password: location.password,
      database: location.database, tls: .disable)
    // The pool sets a timer each time a connection goes back to it (a
    // keep-alive ping, and an idle timeout for one past the minimum), and
    // a cancelled timer's task is held until its time would have come: at
    // thousands of queries a second, hundreds of megabytes. So the pool
    // keeps its connections open (no idle timeout), and a connection that
    // died is found by the query that uses it (503, and the client
    // resends) rather than by a ping.
    configuration.options.minimumConnections = Self.connections
    configuration.options.maximumConnections = Self.connections
    configuration.options.keepAliveBehavior = nil
    client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    running = Task { [client] in await client.run() }
    do {
      // The client keeps trying a server that is not there; the start
      // waits so long, then says so.
      try await Self.within(
        connectTimeout,
        orFail: RatingsDatabaseError(
          "no answer from the ratings database at \(location) within \(connectTimeout); "
            + "is PostgreSQL running there, and does the database exist?")
      ) {
        try await self.migrate()
        await self.startListening()
      }
    } catch let error as RatingsDatabaseError {
      close()
      throw error
    } catch {
      close()
      throw RatingsDatabaseError("cannot use the ratings database at \(address): \(Self.describe(error))")
    }
  }

  deinit { close() }

  /// The connections each server keeps to the database.
  static let connections = 20

  /// `operation`'s result, or `failure` when it has none within `limit`
  /// (the operation is then cancelled: waiting for a connection stops).
  /// The limit is a timer on an event loop, which a cancel frees at once
  /// (a sleeping task would be held until its time).
  private static func within<T: Sendable>(
    _ limit: Duration, orFail failure: RatingsDatabaseError,
    _ operation: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    let work = Task { try await operation() }
    let timedOut = Locked(false)
    let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(
      in: .nanoseconds(Int64(limit / .nanoseconds(1)))
    ) {
      timedOut.withLock { $0 = true }
      work.cancel()
    }
    defer { timer.cancel() }
    do {
      return try await withTaskCancellationHandler {
        try await work.value
      } onCancel: {
        work.cancel()
      }
    } catch {
      throw timedOut.withLock { $0 } ? failure : error
    }
  }

  /// `operation`'s result within `patience`.
  private func withPatience<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws
    -> T
  {
    try await Self.within(
      patience,
      orFail: RatingsDatabaseError("no answer from the ratings database at \(address) within \(patience)"),
      operation)
  }

  /// Whether `text` names a PostgreSQL database (`postgres://…`) rather
  /// than a file.
  public static func isURL(_ text: String) -> Bool { PostgresLocation.isURL(text) }

  /// Stops the client's connections.
  public func close() {
    listening.withLock { $0 }?.cancel()
    running.cancel()
  }

  /// What went wrong, in PostgreSQL's words where it said any (postgres-nio's
  /// own description of an error says nothing, to keep queries out of logs).
  static func describe(_ error: any Error) -> String {
    if let error = error as? PSQLError {
      if let message = error.serverInfo?[.message] { return message }
      return "\(error.code)"
    }
    return "\(error)"
  }

  // MARK: Schema

  /// The migrations, in order, each run once, in a transaction, with a
  /// lock held so two servers starting together do not both run one.
  static let migrations: [(identifier: String, statements: [String])] = [
    (
      "1 voters, votes and tallies",
      [
        """
        CREATE TABLE voter (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          token_hash BYTEA NOT NULL UNIQUE,
          registered_at BIGINT NOT NULL)
        """,
        """
        CREATE TABLE vote (
          voter_id BIGINT NOT NULL REFERENCES voter (id),
          emoji TEXT NOT NULL,
          value SMALLINT NOT NULL CHECK (value IN (-1, 1)),
          cast_at BIGINT NOT NULL,
          PRIMARY KEY (voter_id, emoji))
        """,
        "CREATE INDEX vote_by_emoji ON vote (emoji, value)",
        """
        CREATE TABLE clearing (
          voter_id BIGINT NOT NULL REFERENCES voter (id),
          emoji TEXT NOT NULL,
          cast_at BIGINT NOT NULL,
          PRIMARY KEY (voter_id, emoji))
        """,
        """
        CREATE TABLE request (
          voter_id BIGINT NOT NULL REFERENCES voter (id),
          key TEXT NOT NULL,
          PRIMARY KEY (voter_id, key))
        """,
        """
        CREATE TABLE tally (
          emoji TEXT PRIMARY KEY,
          up INTEGER NOT NULL CHECK (up >= 0),
          down INTEGER NOT NULL CHECK (down >= 0))
        """,
      ]
    ),
    (
      // Every server hears each tally change, whichever server made it,
      // when its transaction commits (PostgreSQL delivers notifications in
      // commit order). A vote inserts a row at 0 and then updates it, so
      // an update is every change.
      "2 tally changes notified",
      [
        """
        CREATE FUNCTION emoji_rater_tally_changed() RETURNS trigger AS $$
        BEGIN
          PERFORM pg_notify('\(tallyChannel)', NEW.emoji || ' ' || NEW.up || ' ' || NEW.down);
          RETURN NEW;
        END $$ LANGUAGE plpgsql
        """,
        """
        CREATE TRIGGER tally_changed AFTER UPDATE ON tally
        FOR EACH ROW EXECUTE FUNCTION emoji_rater_tally_changed()
        """,
      ]
    ),
  ]

  /// Where tally changes are notified: each a payload `EMOJI UP DOWN`.
  static let tallyChannel = "emoji_rater_tally"

  /// The emoji and tally of a notification's payload.
  static func tallyChange(_ payload: String) -> (emoji: String, tally: Tally)? {
    let parts = payload.split(separator: " ")
    guard parts.count == 3, let up = Int(parts[1]), let down = Int(parts[2]) else { return nil }
    return (String(parts[0]), Tally(up: up, down: down))
  }

  /// Any number, the same in every server: the lock migrations take.
  static let migrationLock: Int64 = 0x656d_6f6a_6972_6174

  private func migrate() async throws {
    try await client.withTransaction(logger: logger) { connection in
      try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
      try await connection.query(
        "CREATE TABLE IF NOT EXISTS schema_migrations (identifier TEXT PRIMARY KEY)", logger: logger)
      var applied = Set<String>()
      for try await identifier in try await connection.query(
        "SELECT identifier FROM schema_migrations", logger: logger
      ).decode(String.self) {
        applied.insert(identifier)
      }
      let known = Set(Self.migrations.map(\.identifier))
      let unknown = applied.subtracting(known)
      guard unknown.isEmpty else {
        throw RatingsDatabaseError(
          "the ratings database at \(address) was made by a later emoji-rater (its schema has "
            + "\(unknown.sorted().joined(separator: ", "))); serve it with that version")
      }
      for migration in Self.migrations where !applied.contains(migration.identifier) {
        for statement in migration.statements {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.query(
          "INSERT INTO schema_migrations (identifier) VALUES (\(migration.identifier))", logger: logger)
      }
    }
  }

  // MARK: Voters

  public func registerVoter(tokenHash: Data, at time: Date) async throws -> VoterID {
    try await withPatience { [self] in
      let rows = try await client.query(
        "INSERT INTO voter (token_hash, registered_at) VALUES (\(tokenHash), \(VoteRequest.storedTime(time))) RETURNING id",
        logger: logger)
      for try await id in rows.decode(Int64.self) { return VoterID(id) }
      throw RatingsDatabaseError("the ratings database at \(address) gave the new voter no number")
    }
  }

  public func voter(tokenHash: Data) async throws -> VoterID? {
    try await withPatience { [self] in
      let rows = try await client.query(
        "SELECT id FROM voter WHERE token_hash = \(tokenHash)", logger: logger)
      for try await id in rows.decode(Int64.self) { return VoterID(id) }
      return nil
    }
  }

  // MARK: Votes

  public func apply(_ request: VoteRequest, from voter: VoterID) async throws -> (VoteOutcome, Tally) {
    try await withPatience { [client, logger] in
      try await client.withTransaction(logger: logger) { connection in
        let outcome = try await Self.apply(request, from: voter, on: connection, logger: logger)
        return (outcome, try await Self.tally(of: request.emoji, on: connection, logger: logger))
      }
    }
  }

  /// The rules of `RatingsDatabase`, in the transaction on `connection`.
  private static func apply(
    _ request: VoteRequest, from voter: VoterID, on connection: PostgresConnection, logger: Logger
  ) async throws -> VoteOutcome {
    let (id, emoji) = (voter.rawValue, request.emoji)
    // One voter's votes on one emoji take turns, whichever server has them.
    try await connection.query(
      "SELECT pg_advisory_xact_lock(hashtextextended(\(emoji) || ':' || \(id)::text, 0))", logger: logger)
    let inserted = try await connection.query(
      "INSERT INTO request (voter_id, key) VALUES (\(id), \(request.id)) ON CONFLICT DO NOTHING RETURNING 1",
      logger: logger)
    var isNew = false
    for try await _ in inserted.decode(Int32.self) { isNew = true }
    guard isNew else { return .repeated }

    var old: Int?
    var votedAt: Int64?
    for try await (value, castAt) in try await connection.query(
      "SELECT value, cast_at FROM vote WHERE voter_id = \(id) AND emoji = \(emoji)", logger: logger
    ).decode((Int16, Int64).self) {
      (old, votedAt) = (Int(value), castAt)
    }
    var clearedAt: Int64?
    for try await castAt in try await connection.query(
      "SELECT cast_at FROM clearing WHERE voter_id = \(id) AND emoji = \(emoji)", logger: logger
    ).decode(Int64.self) {
      clearedAt = castAt
    }
    guard request.isLatest(votedAt: votedAt, clearedAt: clearedAt) else { return .superseded }
    let time = VoteRequest.storedTime(request.time)

    if let new = request.ballot.stored {
      try await connection.query(
        """
        INSERT INTO vote (voter_id, emoji, value, cast_at) VALUES (\(id), \(emoji), \(Int16(new)), \(time))
        ON CONFLICT (voter_id, emoji) DO UPDATE SET value = excluded.value, cast_at = excluded.cast_at
        """, logger: logger)
      try await connection.query(
        "DELETE FROM clearing WHERE voter_id = \(id) AND emoji = \(emoji)", logger: logger)
    } else {
      try await connection.query(
        "DELETE FROM vote WHERE voter_id = \(id) AND emoji = \(emoji)", logger: logger)
      try await connection.query(
        """
        INSERT INTO clearing (voter_id, emoji, cast_at) VALUES (\(id), \(emoji), \(time))
        ON CONFLICT (voter_id, emoji) DO UPDATE SET cast_at = excluded.cast_at
        """, logger: logger)
    }
    let change = Tally.change(from: old, to: request.ballot.stored)
    if change != Tally() {
      try await connection.query(
        "INSERT INTO tally (emoji, up, down) VALUES (\(emoji), 0, 0) ON CONFLICT (emoji) DO NOTHING",
        logger: logger)
      try await connection.query(
        "UPDATE tally SET up = up + \(Int32(change.up)), down = down + \(Int32(change.down)) WHERE emoji = \(emoji)",
        logger: logger)
    }
    return .applied
  }

  // MARK: Changes

  public func watchTallies(_ changed: @escaping @Sendable (String, Tally) -> Void) {
    watchers.withLock { $0.append(changed) }
  }

  /// Starts listening, on a connection of its own, for the tallies every
  /// server changes, and returns once it listens. After a lost connection
  /// (PostgreSQL restarted) it listens again a second later; changes made
  /// while it did not listen are not heard.
  private func startListening() async {
    let (ready, signal) = AsyncStream<Void>.makeStream()
    let task = Task { [client, logger, address, watchers] in
      while !Task.isCancelled {
        do {
          try await client.withConnection { connection in
            try await connection.listen(on: Self.tallyChannel) { notifications in
              signal.yield()
              for try await notification in notifications {
                guard let change = Self.tallyChange(notification.payload) else { continue }
                for changed in watchers.withLock({ $0 }) { changed(change.emoji, change.tally) }
              }
            }
          }
        } catch {
          if Task.isCancelled { return }
          logger.warning(
            "stopped hearing tally changes from \(address): \(Self.describe(error)); listening again")
        }
        try? await Task.sleep(for: .seconds(1))
      }
    }
    listening.withLock { $0 = task }
    for await _ in ready { break }
  }

  // MARK: Reads

  public func tally(of emoji: String) async throws -> Tally {
    try await withPatience { [client, logger] in
      try await client.withConnection { connection in
        try await Self.tally(of: emoji, on: connection, logger: logger)
      }
    }
  }

  private static func tally(of emoji: String, on connection: PostgresConnection, logger: Logger) async throws
    -> Tally
  {
    var tally = Tally()
    for try await (up, down) in try await connection.query(
      "SELECT up, down FROM tally WHERE emoji = \(emoji)", logger: logger
    ).decode((Int32, Int32).self) {
      tally = Tally(up: Int(up), down: Int(down))
    }
    return tally
  }

  public func vote(of voter: VoterID, on emoji: String) async throws -> Ballot? {
    try await withPatience { [client, logger] in
      for try await value in try await client.query(
        "SELECT value FROM vote WHERE voter_id = \(voter.rawValue) AND emoji = \(emoji)", logger: logger
      ).decode(Int16.self) {
        return Ballot(stored: Int(value))
      }
      return nil
    }
  }

  public func top(_ order: TopOrder, limit: Int) async throws -> [RankedEmoji] {
    // The limit is a number, written in as one.
    let sql = order.query(least: "least") + " LIMIT \(max(0, limit))"
    return try await withPatience { [client, logger] in
      var ranked: [RankedEmoji] = []
      for try await (emoji, up, down) in try await client.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        .decode((String, Int32, Int32).self)
      {
        ranked.append(RankedEmoji(emoji: emoji, tally: Tally(up: Int(up), down: Int(down))))
      }
      return ranked
    }
  }

  /// Counts with a query of one number, for tests and tools that compare
  /// the tallies with the votes themselves.
  public func count(_ query: PostgresQuery) async throws -> Int {
    for try await count in try await client.query(query, logger: logger).decode(Int64.self) {
      return Int(count)
    }
    return 0
  }
}
