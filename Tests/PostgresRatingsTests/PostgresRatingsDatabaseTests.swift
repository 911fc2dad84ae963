import Foundation
import PostgresNIO
import RatingsDatabase
import TestSupport
import Testing

@testable import PostgresRatings

/// One PostgreSQL server for the suite, started before its first test and
/// stopped after its last; each test has a database of its own on it.
struct WithPostgres: SuiteTrait, TestScoping {
  @TaskLocal static var server: PostgresServer?

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let server = try PostgresServer()
    defer { server.stop() }
    try await Self.$server.withValue(server) { try await function() }
  }
}

/// The ratings store's rules on a real PostgreSQL, as on SQLite, and two
/// stores on one database (two servers) answering alike.
@Suite(WithPostgres(), .serialized, .timeLimit(.minutes(2))) struct PostgresRatingsDatabaseTests {
  static let start = Date(timeIntervalSince1970: 1_790_000_000)

  /// Long enough for a test process whose concurrency pool (one thread
  /// a core) other tests' waits hold: the client's own tasks run on it.
  static let patience = Duration.seconds(60)

  func open(_ url: String) async throws -> PostgresRatingsDatabase {
    try await PostgresRatingsDatabase(url: url, connectTimeout: Self.patience, patience: Self.patience)
  }

  func fresh() async throws -> PostgresRatingsDatabase {
    let server = try #require(WithPostgres.server)
    return try await open(try server.makeDatabase())
  }

  func vote(
    _ database: PostgresRatingsDatabase, _ ballot: Ballot, on emoji: String = "1f44d", by voter: VoterID,
    at seconds: Double, id: String? = nil
  ) async throws -> (VoteOutcome, Tally) {
    try await database.apply(
      VoteRequest(
        emoji: emoji, ballot: ballot, time: Self.start.addingTimeInterval(seconds),
        id: id ?? "\(voter.rawValue)-\(emoji)-\(seconds)-\(ballot)"),
      from: voter)
  }

  @Test func theRulesHoldAsOnSQLite() async throws {
    let database = try await fresh()
    defer { database.close() }
    let ana = try await database.registerVoter(tokenHash: Data("ana".utf8), at: Self.start)
    let bob = try await database.registerVoter(tokenHash: Data("bob".utf8), at: Self.start)
    #expect(try await database.voter(tokenHash: Data("ana".utf8)) == ana)
    #expect(try await database.voter(tokenHash: Data("cy".utf8)) == nil)

    #expect(try await vote(database, .up, by: ana, at: 1, id: "k1") == (.applied, Tally(up: 1, down: 0)))
    #expect(try await vote(database, .down, by: bob, at: 1).1 == Tally(up: 1, down: 1))
    // Replaced, then sent again, then an older one late.
    #expect(try await vote(database, .down, by: ana, at: 2).1 == Tally(up: 0, down: 2))
    #expect(try await vote(database, .up, by: ana, at: 1, id: "k1") == (.repeated, Tally(up: 0, down: 2)))
    #expect(try await vote(database, .up, by: ana, at: 1.5).0 == .superseded)
    // Cleared, and an older vote does not bring it back.
    #expect(try await vote(database, .none, by: ana, at: 3).1 == Tally(up: 0, down: 1))
    #expect(try await vote(database, .up, by: ana, at: 2.5).0 == .superseded)
    #expect(try await database.vote(of: ana, on: "1f44d") == nil)
    #expect(try await database.vote(of: bob, on: "1f44d") == .down)

    _ = try await vote(database, .up, on: "1f389", by: ana, at: 4)
    _ = try await vote(database, .up, on: "1f389", by: bob, at: 4)
    _ = try await vote(database, .up, by: ana, at: 5)
    #expect(try await database.top(.up, limit: 5).map(\.emoji) == ["1f389", "1f44d"])
    #expect(try await database.top(.controversial, limit: 5).map(\.emoji) == ["1f44d"])
    #expect(try await database.top(.down, limit: 1).first?.tally == Tally(up: 1, down: 1))
  }

  /// Two stores on one database, as two servers, voting at once on the
  /// same emoji as the same voters: the tallies are the votes counted,
  /// and both answer them.
  @Test func twoServersOnOneDatabaseAnswerAlike() async throws {
    let server = try #require(WithPostgres.server)
    let url = try server.makeDatabase()
    let first = try await open(url)
    let second = try await open(url)
    defer {
      first.close()
      second.close()
    }
    var voters: [VoterID] = []
    for index in 0..<6 {
      voters.append(try await first.registerVoter(tokenHash: Data("v\(index)".utf8), at: Self.start))
    }
    let emoji = ["1f600", "1f602", "1f44d"]
    let allVoters = voters
    // Each hears every change, its own and the other's.
    let heard = [LockedBox([String: Tally]()), LockedBox([String: Tally]())]
    for (database, box) in zip([first, second], heard) {
      database.watchTallies { emoji, tally in box.update { $0[emoji] = tally } }
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, database) in [first, second].enumerated() {
        group.addTask {
          for step in 0..<150 {
            let voter = allVoters[(step + index) % allVoters.count]
            let ballot: Ballot = [.up, .down, .none][(step * 7 + index) % 3]
            _ = try await database.apply(
              VoteRequest(
                emoji: emoji[step % emoji.count], ballot: ballot,
                time: Self.start.addingTimeInterval(Double(step % 40)), id: "s\(index)-\(step)"),
              from: voter)
          }
        }
      }
      try await group.waitForAll()
    }
    for target in emoji {
      let (a, b) = (try await first.tally(of: target), try await second.tally(of: target))
      #expect(a == b, "\(target)")
      let up = try await first.count("SELECT count(*) FROM vote WHERE emoji = \(target) AND value = 1")
      let down = try await first.count("SELECT count(*) FROM vote WHERE emoji = \(target) AND value = -1")
      #expect(a == Tally(up: up, down: down), "\(target): the tally is the votes")
    }
    #expect(try await first.count("SELECT count(*) FROM request") == 300)
    for (database, box) in zip([first, second], heard) {
      for target in emoji {
        let tally = try await first.tally(of: target)
        #expect(await eventually { box.get()[target] == tally }, "\(target): \(box.get())")
        // What a read is answered from, too.
        #expect(database.knownTally(of: target) == tally, "\(target)")
      }
    }
  }

  /// Votes sent all at once go in batches, each a transaction applying
  /// them emoji by emoji; two servers' batches at once lock in one order
  /// (no deadlock fails a vote). Whatever the batches and their order, the
  /// later vote of each voter on each emoji is what stands.
  @Test func votesSentAllAtOnceToTwoServersEndAsTheLatestOfEach() async throws {
    let server = try #require(WithPostgres.server)
    let url = try server.makeDatabase()
    let servers = [try await open(url), try await open(url)]
    defer { for server in servers { server.close() } }
    var voters: [VoterID] = []
    for index in 0..<5 {
      voters.append(try await servers[0].registerVoter(tokenHash: Data("w\(index)".utf8), at: Self.start))
    }
    let emoji = ["1f600", "1f602", "1f44d", "1f389"]
    let ballots: [Ballot] = [.up, .down, .none]
    // Vote n: every time differs, so each pair's latest is one vote.
    let votes = (0..<400).map { n in
      (
        voter: voters[(n * 7) % voters.count], server: n % 2,
        request: VoteRequest(
          emoji: emoji[(n * 3) % emoji.count], ballot: ballots[(n * 5) % 3],
          time: Self.start.addingTimeInterval(Double((n * 37) % 400)), id: "n\(n)")
      )
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for vote in votes {
        group.addTask { _ = try await servers[vote.server].apply(vote.request, from: vote.voter) }
      }
      try await group.waitForAll()
    }
    var latest: [String: (time: Date, ballot: Ballot)] = [:]
    for vote in votes {
      let pair = "\(vote.voter.rawValue) \(vote.request.emoji)"
      if latest[pair].map({ $0.time < vote.request.time }) ?? true {
        latest[pair] = (vote.request.time, vote.request.ballot)
      }
    }
    for target in emoji {
      let standing = latest.filter { $0.key.hasSuffix(" \(target)") }.map(\.value.ballot)
      let expected = Tally(up: standing.count { $0 == .up }, down: standing.count { $0 == .down })
      #expect(try await servers[0].tally(of: target) == expected, "\(target)")
      #expect(try await servers[1].tally(of: target) == expected, "\(target)")
    }
    #expect(try await servers[0].count("SELECT count(*) FROM request") == votes.count)
  }

  /// Polls `condition` for up to ten seconds.
  func eventually(_ condition: () async -> Bool) async -> Bool {
    for _ in 0..<100 {
      if await condition() { return true }
      try? await Task.sleep(for: .milliseconds(100))
    }
    return await condition()
  }

  @Test func aDatabaseFromALaterVersionIsLeftAlone() async throws {
    let server = try #require(WithPostgres.server)
    let url = try server.makeDatabase()
    let database = try await open(url)
    _ = try await database.count("INSERT INTO schema_migrations VALUES ('9 later') RETURNING 0")
    database.close()
    await #expect {
      try await open(url)
    } throws: { error in
      "\(error)".contains("was made by a later emoji-rater")
    }
  }

  @Test(arguments: [
    ("postgres://127.0.0.1/ratings", "names no user"), ("postgres://emoji@/ratings", "names no host"),
    ("postgres://emoji@127.0.0.1:5432", "names no database"),
    ("mysql://emoji@host/db", "not a PostgreSQL URL"),
  ])
  func aBadURLSaysWhatIsMissing(url: String, message: String) {
    #expect {
      try PostgresLocation(url)
    } throws: { error in
      "\(error)".contains(message)
    }
  }

  @Test func aServerThatIsNotThereIsNamed() async throws {
    let port = try PostgresServer.freePort()
    await #expect {
      try await PostgresRatingsDatabase(
        url: "postgres://emoji@127.0.0.1:\(port)/ratings", connectTimeout: .milliseconds(500))
    } throws: { error in
      "\(error)".contains("no answer from the ratings database at postgres://emoji@127.0.0.1:\(port)/ratings")
    }
  }
}
