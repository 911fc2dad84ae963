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
  /// The connections operations borrow.
  private let held = HeldConnections()
  private let logger: Logger
  /// Where it is, without a password.
  public let address: String
  /// How long an operation waits for its answer before it fails: a
  /// PostgreSQL that restarts or is away does not hold a request until its
  /// client gives up (the server answers 503, and the client resends).
  public let patience: Duration
  /// Every tally as this server last heard of it (`knownTally`): a read's
  /// answer, a few milliseconds behind a vote on another server; and who
  /// hears of each change (`watchTallies`).
  private let board = TallyBoard()
  /// Listens for every server's tally changes, from when the database is
  /// opened until `close`.
  private let listening = Locked<Task<Void, Never>?>(nil)
  /// Votes go in batches, one transaction at a time.
  private let batcher: VoteBatcher

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
    // The connections are held (`HeldConnections`), and one listens; the
    // pool pings none (its pings' timers, like its idle timers, hold
    // memory): a connection that died is found by the query that uses it
    // (503, and the client resends).
    configuration.options.maximumConnections = Self.connections + 1
    configuration.options.keepAliveBehavior = nil
    client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    running = Task { [client] in await client.run() }
    held.start(Self.connections, from: client, logger: logger)
    batcher = VoteBatcher { [held, patience, address, logger, board] votes in
      try await Self.write(
        votes, on: held, patience: patience, address: address, logger: logger, board: board)
    }
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

  /// The connections each server holds for its operations (and one more listens).
  static let connections = 16

  /// `operation`'s result, or `failure` when it has none within `limit`:
  /// at the limit the answer goes, and the operation is cancelled (a wait
  /// for a connection stops; a query under way ends when it ends). The
  /// limit is a timer on an event loop, which a cancel frees at once (a
  /// sleeping task would be held until its time).
  private static func within<T: Sendable>(
    _ limit: Duration, orFail failure: RatingsDatabaseError,
    _ operation: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    let answer = Locked<CheckedContinuation<T, any Error>?>(nil)
    /// The first result answers; any later one is dropped.
    let settle: @Sendable (Result<T, any Error>) -> Void = { result in
      answer.withLock { waiting in
        defer { waiting = nil }
        return waiting
      }?.resume(with: result)
    }
    let work = Locked<Task<Void, Never>?>(nil)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        answer.withLock { $0 = continuation }
        let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(
          in: .nanoseconds(Int64(limit / .nanoseconds(1)))
        ) {
          settle(.failure(failure))
          work.withLock { $0 }?.cancel()
        }
        work.withLock {
          $0 = Task {
            do {
              settle(.success(try await operation()))
            } catch {
              settle(.failure(error))
            }
            timer.cancel()
          }
        }
      }
    } onCancel: {
      work.withLock { $0 }?.cancel()
    }
  }

  /// `body`'s result on a held connection, within `patience`.
  private func withConnection<T: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection) async throws -> T
  ) async throws -> T {
    try await Self.withConnection(of: held, patience: patience, address: address, body)
  }

  private static func withConnection<T: Sendable>(
    of held: HeldConnections, patience: Duration, address: String,
    _ body: @escaping @Sendable (PostgresConnection) async throws -> T
  ) async throws -> T {
    try await within(
      patience,
      orFail: RatingsDatabaseError("no answer from the ratings database at \(address) within \(patience)")
    ) { try await held.withConnection(body) }
  }

  /// Whether `text` names a PostgreSQL database (`postgres://…`) rather
  /// than a file.
  public static func isURL(_ text: String) -> Bool { PostgresLocation.isURL(text) }

  /// Stops the client's connections.
  public func close() {
    listening.withLock { $0 }?.cancel()
    held.stop()
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
      // when its transaction commits, with the row's version (its count of
      // updates: two on one row commit in turn, so a later version is a
      // later tally). A vote inserts a row at 0 and then updates it, so an
      // update is every change.
      "2 tally versions, and changes notified",
      [
        "ALTER TABLE tally ADD COLUMN version BIGINT NOT NULL DEFAULT 0",
        """
        CREATE FUNCTION emoji_rater_tally_changed() RETURNS trigger AS $$
        BEGIN
          PERFORM pg_notify(
            '\(tallyChannel)', NEW.emoji || ' ' || NEW.up || ' ' || NEW.down || ' ' || NEW.version);
          RETURN NEW;
        END $$ LANGUAGE plpgsql
        """,
        """
        CREATE TRIGGER tally_changed AFTER UPDATE ON tally
        FOR EACH ROW EXECUTE FUNCTION emoji_rater_tally_changed()
        """,
      ]
    ),
    (
      // Votes by the rules of `RatingsDatabase` in one call, a batch of
      // them in one transaction (`VoteBatcher`): sent step by step, a vote
      // took eleven round trips (begin, a lock, the key, the stored vote,
      // the clearing, the writes, the tally, commit) and a commit of its
      // own.
      //
      // `emoji_rater_votes` applies a batch emoji by emoji (the votes on
      // one emoji in the order sent). For each emoji it first locks the
      // tally row, so one emoji's votes take turns whichever server has
      // them, and two servers' batches take rows in one order and never
      // wait on each other in a circle; it writes the row once, after the
      // emoji's last vote (one new version, one notification). Each answer
      // has its vote's place in the batch, its outcome (0 applied, 1
      // repeated, 2 superseded), the tally just after it and the version
      // the batch gives the row. `emoji_rater_vote_rules` applies one vote
      // to the votes and clearings, and says how the tally changes. A
      // batch's values are 1 up, -1 down and 0 none (an array of
      // postgres-nio's holds no null).
      "3 votes in one call",
      [
        """
        CREATE FUNCTION emoji_rater_vote_rules(
          voter BIGINT, request_key TEXT, the_emoji TEXT, new_value SMALLINT, cast_time BIGINT,
          OUT outcome SMALLINT, OUT change_up INTEGER, OUT change_down INTEGER)
        AS $$
        DECLARE
          old_value SMALLINT;
          voted_at BIGINT;
          cleared_at BIGINT;
        BEGIN
          change_up := 0;
          change_down := 0;
          INSERT INTO request (voter_id, key) VALUES (voter, request_key) ON CONFLICT DO NOTHING;
          IF NOT FOUND THEN
            outcome := 1;
            RETURN;
          END IF;
          SELECT v.value, v.cast_at INTO old_value, voted_at
            FROM vote v WHERE v.voter_id = voter AND v.emoji = the_emoji;
          SELECT c.cast_at INTO cleared_at
            FROM clearing c WHERE c.voter_id = voter AND c.emoji = the_emoji;
          -- The later wins: GREATEST passes over a time not stored.
          IF cast_time < GREATEST(voted_at, cleared_at) THEN
            outcome := 2;
            RETURN;
          END IF;
          outcome := 0;
          IF new_value IS NOT NULL THEN
            INSERT INTO vote (voter_id, emoji, value, cast_at) VALUES (voter, the_emoji, new_value, cast_time)
              ON CONFLICT (voter_id, emoji) DO UPDATE SET value = excluded.value, cast_at = excluded.cast_at;
            DELETE FROM clearing c WHERE c.voter_id = voter AND c.emoji = the_emoji;
          ELSE
            DELETE FROM vote v WHERE v.voter_id = voter AND v.emoji = the_emoji;
            INSERT INTO clearing (voter_id, emoji, cast_at) VALUES (voter, the_emoji, cast_time)
              ON CONFLICT (voter_id, emoji) DO UPDATE SET cast_at = excluded.cast_at;
          END IF;
          change_up := (CASE WHEN new_value = 1 THEN 1 ELSE 0 END) - (CASE WHEN old_value = 1 THEN 1 ELSE 0 END);
          change_down := (CASE WHEN new_value = -1 THEN 1 ELSE 0 END) - (CASE WHEN old_value = -1 THEN 1 ELSE 0 END);
        END $$ LANGUAGE plpgsql
        """,
        """
        CREATE FUNCTION emoji_rater_votes(
          voters BIGINT[], request_keys TEXT[], emojis TEXT[], new_values SMALLINT[], cast_times BIGINT[])
        RETURNS TABLE (place INTEGER, outcome SMALLINT, new_up INTEGER, new_down INTEGER, new_version BIGINT)
        AS $$
        DECLARE
          vote RECORD;
          applied RECORD;
          current TEXT;
          changed BOOLEAN := false;
        BEGIN
          FOR vote IN
            SELECT * FROM unnest(voters, request_keys, emojis, new_values, cast_times)
              WITH ORDINALITY AS v(voter, request_key, the_emoji, new_value, cast_time, n)
            ORDER BY v.the_emoji, v.n
          LOOP
            IF current IS DISTINCT FROM vote.the_emoji THEN
              IF changed THEN
                UPDATE tally t SET up = new_up, down = new_down, version = new_version WHERE t.emoji = current;
              END IF;
              current := vote.the_emoji;
              changed := false;
              SELECT t.up, t.down, t.version INTO new_up, new_down, new_version
                FROM tally t WHERE t.emoji = current FOR UPDATE;
              IF NOT FOUND THEN
                INSERT INTO tally (emoji, up, down) VALUES (current, 0, 0) ON CONFLICT (emoji) DO NOTHING;
                SELECT t.up, t.down, t.version INTO new_up, new_down, new_version
                  FROM tally t WHERE t.emoji = current FOR UPDATE;
              END IF;
            END IF;
            SELECT * INTO applied FROM emoji_rater_vote_rules(
              vote.voter, vote.request_key, vote.the_emoji, NULLIF(vote.new_value, 0), vote.cast_time);
            IF applied.change_up <> 0 OR applied.change_down <> 0 THEN
              IF NOT changed THEN
                new_version := new_version + 1;
                changed := true;
              END IF;
              new_up := new_up + applied.change_up;
              new_down := new_down + applied.change_down;
            END IF;
            place := vote.n;
            outcome := applied.outcome;
            RETURN NEXT;
          END LOOP;
          IF changed THEN
            UPDATE tally t SET up = new_up, down = new_down, version = new_version WHERE t.emoji = current;
          END IF;
        END $$ LANGUAGE plpgsql
        """,
      ]
    ),
  ]

  /// Where tally changes are notified: each a payload `EMOJI UP DOWN VERSION`.
  static let tallyChannel = "emoji_rater_tally"

  /// The emoji, tally and version of a notification's payload.
  static func tallyChange(_ payload: String) -> VersionedTally? {
    let parts = payload.split(separator: " ")
    guard parts.count == 4, let up = Int(parts[1]), let down = Int(parts[2]), let version = Int64(parts[3])
    else { return nil }
    return VersionedTally(emoji: String(parts[0]), tally: Tally(up: up, down: down), version: version)
  }

  /// A tally as committed, and which of the emoji's changes it is.
  struct VersionedTally: Sendable {
    var emoji: String
    var tally: Tally
    var version: Int64
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
    try await withConnection { [logger, address] connection in
      let rows = try await connection.query(
        "INSERT INTO voter (token_hash, registered_at) VALUES (\(tokenHash), \(VoteRequest.storedTime(time))) RETURNING id",
        logger: logger)
      for try await id in rows.decode(Int64.self) { return VoterID(id) }
      throw RatingsDatabaseError("the ratings database at \(address) gave the new voter no number")
    }
  }

  public func voter(tokenHash: Data) async throws -> VoterID? {
    try await withConnection { [logger] connection in
      let rows = try await connection.query(
        "SELECT id FROM voter WHERE token_hash = \(tokenHash)", logger: logger)
      for try await id in rows.decode(Int64.self) { return VoterID(id) }
      return nil
    }
  }

  // MARK: Votes

  public func apply(_ request: VoteRequest, from voter: VoterID) async throws -> (VoteOutcome, Tally) {
    try await batcher.apply(request, from: voter)
  }

  /// Applies `votes` in one transaction (one call of `emoji_rater_votes`),
  /// and answers each one's outcome and tally after, in order.
  private static func write(
    _ votes: [(VoteRequest, VoterID)], on held: HeldConnections, patience: Duration, address: String,
    logger: Logger, board: TallyBoard
  ) async throws -> [(VoteOutcome, Tally)] {
    let voters = votes.map(\.1.rawValue)
    let keys = votes.map(\.0.id)
    let emoji = votes.map(\.0.emoji)
    let ballots = votes.map { Int16($0.0.ballot.stored ?? 0) }
    let times = votes.map { VoteRequest.storedTime($0.0.time) }
    let committed = try await withConnection(of: held, patience: patience, address: address) { connection in
      let rows = try await connection.query(
        """
        SELECT place, outcome, new_up, new_down, new_version
        FROM emoji_rater_votes(\(voters), \(keys), \(emoji), \(ballots), \(times))
        """, logger: logger)
      var answers = [(VoteOutcome, VersionedTally)?](repeating: nil, count: votes.count)
      for try await (place, outcome, up, down, version) in rows.decode(
        (Int32, Int16, Int32, Int32, Int64).self)
      {
        let index = Int(place) - 1
        guard answers.indices.contains(index), let outcome = Self.outcomes[Int(outcome)] else { continue }
        let tally = Tally(up: Int(up), down: Int(down))
        answers[index] = (outcome, VersionedTally(emoji: emoji[index], tally: tally, version: version))
      }
      guard answers.allSatisfy({ $0 != nil }) else {
        throw RatingsDatabaseError("the ratings database at \(address) left votes of a batch unanswered")
      }
      return answers.compactMap { $0 }
    }
    // Committed: this server's reads answer them at once, not when their
    // notifications come. An emoji's votes in a batch share the version the
    // batch gave its row, and the last of them has the tally committed.
    var last: [String: VersionedTally] = [:]
    for (_, change) in committed { last[change.emoji] = change }
    for change in last.values { board.set(change.tally, of: change.emoji, version: change.version) }
    return committed.map { ($0.0, $0.1.tally) }
  }

  /// The outcomes `emoji_rater_votes` answers, by number.
  private static let outcomes: [Int: VoteOutcome] = [0: .applied, 1: .repeated, 2: .superseded]

  // MARK: Changes

  public func watchTallies(_ changed: @escaping @Sendable (String, Tally) -> Void) {
    board.watch(changed)
  }

  public func knownTally(of emoji: String) -> Tally? {
    board.tally(of: emoji)
  }

  /// Starts listening, on a connection of its own, for the tallies every
  /// server changes, reads every tally afresh (so the board misses none
  /// committed before it listened), and returns once both are done. After
  /// a lost connection (PostgreSQL restarted) it does both again a second
  /// later: what changed meanwhile comes with the reading.
  private func startListening() async {
    let (ready, signal) = AsyncStream<Void>.makeStream()
    let task = Task { [client, held, logger, address, board] in
      while !Task.isCancelled {
        do {
          try await client.withConnection { connection in
            try await connection.listen(on: Self.tallyChannel) { notifications in
              let all = try await held.withConnection { connection in
                var all: [VersionedTally] = []
                for try await (emoji, up, down, version) in try await connection.query(
                  "SELECT emoji, up, down, version FROM tally", logger: logger
                ).decode((String, Int32, Int32, Int64).self) {
                  all.append(
                    VersionedTally(emoji: emoji, tally: Tally(up: Int(up), down: Int(down)), version: version)
                  )
                }
                return all
              }
              for change in all { board.set(change.tally, of: change.emoji, version: change.version) }
              signal.yield()
              for try await notification in notifications {
                guard let change = Self.tallyChange(notification.payload) else { continue }
                board.set(change.tally, of: change.emoji, version: change.version)
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
    try await withConnection { [logger] connection in
      try await Self.versionedTally(of: emoji, on: connection, logger: logger).tally
    }
  }

  private static func versionedTally(of emoji: String, on connection: PostgresConnection, logger: Logger)
    async throws -> VersionedTally
  {
    var found = VersionedTally(emoji: emoji, tally: Tally(), version: 0)
    for try await (up, down, version) in try await connection.query(
      "SELECT up, down, version FROM tally WHERE emoji = \(emoji)", logger: logger
    ).decode((Int32, Int32, Int64).self) {
      found = VersionedTally(emoji: emoji, tally: Tally(up: Int(up), down: Int(down)), version: version)
    }
    return found
  }

  public func vote(of voter: VoterID, on emoji: String) async throws -> Ballot? {
    try await withConnection { [logger] connection in
      for try await value in try await connection.query(
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
    return try await withConnection { [logger] connection in
      var ranked: [RankedEmoji] = []
      for try await (emoji, up, down) in try await connection.query(
        PostgresQuery(unsafeSQL: sql), logger: logger
      )
      .decode((String, Int32, Int32).self) {
        ranked.append(RankedEmoji(emoji: emoji, tally: Tally(up: Int(up), down: Int(down))))
      }
      return ranked
    }
  }

  /// Counts with a query of one number, for tests and tools that compare
  /// the tallies with the votes themselves.
  public func count(_ query: PostgresQuery) async throws -> Int {
    try await held.withConnection { [logger] connection in
      for try await count in try await connection.query(query, logger: logger).decode(Int64.self) {
        return Int(count)
      }
      return 0
    }
  }
}
