import Foundation
import GRDB
import TestSupport
import Testing

@testable import RatingsDatabase

/// The ratings store's rules on a real SQLite file: one vote per voter and
/// emoji, the later vote wins, a key counts once, tallies are the votes.
@Suite struct SQLiteRatingsDatabaseTests {
  /// The test's folder, removed with it.
  let home: DataHome
  var folder: String { home.path }
  let database: SQLiteRatingsDatabase

  init() throws {
    home = try DataHome()
    database = try SQLiteRatingsDatabase(path: home.path + "/server.sqlite")
  }

  static let start = Date(timeIntervalSince1970: 1_790_000_000)
  static let thumbsUp = "1f44d"
  static let party = "1f389"

  func voter(_ name: String) async throws -> VoterID {
    try await database.registerVoter(tokenHash: Data(name.utf8), at: Self.start)
  }

  func vote(
    _ ballot: Ballot, on emoji: String = thumbsUp, by voter: VoterID, at seconds: Double, id: String? = nil
  ) async throws -> (VoteOutcome, Tally) {
    try await database.apply(
      VoteRequest(
        emoji: emoji, ballot: ballot, time: Self.start.addingTimeInterval(seconds),
        id: id ?? "\(voter.rawValue)-\(emoji)-\(seconds)-\(ballot)"),
      from: voter)
  }

  @Test func aVoterIsFoundByItsTokensHashOnly() async throws {
    let ana = try await voter("ana")
    #expect(try await database.voter(tokenHash: Data("ana".utf8)) == ana)
    #expect(try await database.voter(tokenHash: Data("bob".utf8)) == nil)
  }

  @Test func votesFromSeveralVotersAddUp() async throws {
    let (ana, bob, cy) = (try await voter("ana"), try await voter("bob"), try await voter("cy"))
    _ = try await vote(.up, by: ana, at: 1)
    _ = try await vote(.up, by: bob, at: 2)
    let (outcome, tally) = try await vote(.down, by: cy, at: 3)
    #expect(outcome == .applied)
    #expect(tally == Tally(up: 2, down: 1))
    #expect(try await database.tally(of: Self.party) == Tally())
  }

  @Test func aNewVoteReplacesTheVotersOldOne() async throws {
    let ana = try await voter("ana")
    _ = try await vote(.up, by: ana, at: 1)
    let (_, tally) = try await vote(.down, by: ana, at: 2)
    #expect(tally == Tally(up: 0, down: 1))
    #expect(try await database.vote(of: ana, on: Self.thumbsUp) == .down)
    #expect(try database.count(sql: "SELECT count(*) FROM vote") == 1)
  }

  @Test func clearingRemovesTheVote() async throws {
    let ana = try await voter("ana")
    _ = try await vote(.up, by: ana, at: 1)
    let (outcome, tally) = try await vote(.none, by: ana, at: 2)
    #expect(outcome == .applied)
    #expect(tally == Tally())
    #expect(try await database.vote(of: ana, on: Self.thumbsUp) == nil)
    #expect(try database.count(sql: "SELECT count(*) FROM vote") == 0)
  }

  @Test func theSameKeyTwiceCountsOnce() async throws {
    let ana = try await voter("ana")
    _ = try await vote(.up, by: ana, at: 1, id: "k1")
    _ = try await vote(.down, by: ana, at: 2, id: "k2")
    // The first vote's answer was lost and it is sent again: nothing changes.
    let (outcome, tally) = try await vote(.up, by: ana, at: 1, id: "k1")
    #expect(outcome == .repeated)
    #expect(tally == Tally(up: 0, down: 1))
  }

  @Test func aKeyIsEachVotersOwn() async throws {
    let (ana, bob) = (try await voter("ana"), try await voter("bob"))
    _ = try await vote(.up, by: ana, at: 1, id: "same")
    let (outcome, tally) = try await vote(.up, by: bob, at: 1, id: "same")
    #expect(outcome == .applied)
    #expect(tally == Tally(up: 2, down: 0))
  }

  @Test func anOlderVoteArrivingLateIsAcknowledgedAndIgnored() async throws {
    let ana = try await voter("ana")
    _ = try await vote(.down, by: ana, at: 5)
    let (outcome, tally) = try await vote(.up, by: ana, at: 4)
    #expect(outcome == .superseded)
    #expect(tally == Tally(up: 0, down: 1))
  }

  @Test func aVoteOlderThanAClearingDoesNotBringTheVoteBack() async throws {
    let ana = try await voter("ana")
    _ = try await vote(.up, by: ana, at: 1)
    _ = try await vote(.none, by: ana, at: 3)
    let (outcome, tally) = try await vote(.up, by: ana, at: 2)
    #expect(outcome == .superseded)
    #expect(tally == Tally())
    // A later one does.
    #expect(try await vote(.up, by: ana, at: 4).1 == Tally(up: 1, down: 0))
  }

  @Test func eachVoteKeepsTheTimeItWasCast() async throws {
    let ana = try await voter("ana")
    _ = try await vote(.up, by: ana, at: 42.5)
    let expected = VoteRequest.storedTime(Self.start.addingTimeInterval(42.5))
    #expect(try database.count(sql: "SELECT cast_at FROM vote") == Int(expected))
  }

  @Test func topOrdersByTheCommunitysVotes() async throws {
    var voters: [VoterID] = []
    for name in ["a", "b", "c", "d"] { voters.append(try await voter(name)) }
    // Party: 3 up. Thumbs up: 2 up 2 down. Fire: 1 up 1 down. Poo: 3 down.
    let fire = "1f525"
    let poo = "1f4a9"
    for (index, voter) in voters.enumerated() {
      if index < 3 { _ = try await vote(.up, on: Self.party, by: voter, at: 1) }
      _ = try await vote(index < 2 ? .up : .down, on: Self.thumbsUp, by: voter, at: 1)
      if index < 2 { _ = try await vote(index == 0 ? .up : .down, on: fire, by: voter, at: 1) }
      if index < 3 { _ = try await vote(.down, on: poo, by: voter, at: 1) }
    }
    #expect(try await database.top(.up, limit: 2).map(\.emoji) == [Self.party, Self.thumbsUp])
    #expect(try await database.top(.down, limit: 10).map(\.emoji) == [poo, Self.thumbsUp, fire])
    #expect(try await database.top(.controversial, limit: 10).map(\.emoji) == [Self.thumbsUp, fire])
    #expect(try await database.top(.up, limit: 1).first?.tally == Tally(up: 3, down: 0))
  }

  @Test func talliesEqualTheVotesCounted() async throws {
    var voters: [VoterID] = []
    for index in 0..<6 { voters.append(try await voter("v\(index)")) }
    let emoji = ["1f600", "1f601", "1f602"]
    var generator = SystemRandomNumberGenerator()
    for step in 0..<300 {
      let ballot = Ballot.allCases.randomElement(using: &generator)!
      let voter = voters.randomElement(using: &generator)!
      let target = emoji.randomElement(using: &generator)!
      // Times out of order, and keys sometimes repeated.
      let seconds = Double(Int.random(in: 0..<100, using: &generator))
      _ = try await vote(ballot, on: target, by: voter, at: seconds, id: "k\(step % 250)")
    }
    // The tallies the server answers from memory, and the file's, read beside it.
    let beside = try SQLiteRatingsDatabase(path: folder + "/server.sqlite", access: .alongside)
    for target in emoji {
      let tally = try await database.tally(of: target)
      #expect(database.knownTally(of: target) == tally)
      #expect(beside.knownTally(of: target) == nil)
      #expect(try await beside.tally(of: target) == tally)
      #expect(
        tally.up
          == (try database.count(
            sql: "SELECT count(*) FROM vote WHERE emoji = ? AND value = 1", arguments: [target])))
      #expect(
        tally.down
          == (try database.count(
            sql: "SELECT count(*) FROM vote WHERE emoji = ? AND value = -1", arguments: [target])))
    }
    #expect(try database.integrityCheck() == "ok")
  }

  /// Many voters at once (their votes grouped into shared transactions):
  /// every vote counted, the tallies the votes.
  @Test func manyVotersAtOnceAreAllCounted() async throws {
    var voters: [VoterID] = []
    for index in 0..<50 { voters.append(try await voter("m\(index)")) }
    let (all, database) = (voters, database)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, voter) in all.enumerated() {
        group.addTask {
          for emoji in ["1f600", "1f601", "1f602", "1f603"] {
            let request = VoteRequest(
              emoji: emoji, ballot: index % 3 == 0 ? .down : .up, time: Self.start, id: "\(index)-\(emoji)")
            _ = try await database.apply(request, from: voter)
          }
        }
      }
      try await group.waitForAll()
    }
    for emoji in ["1f600", "1f601", "1f602", "1f603"] {
      #expect(try await database.tally(of: emoji) == Tally(up: 33, down: 17))
    }
    #expect(try database.count(sql: "SELECT count(*) FROM request") == 200)
  }

  @Test func theFileOpensAgainWithItsVotes() async throws {
    let ana = try await voter("ana")
    _ = try await vote(.up, by: ana, at: 1)
    let again = try SQLiteRatingsDatabase(path: folder + "/server.sqlite", access: .alongside)
    #expect(try await again.tally(of: Self.thumbsUp) == Tally(up: 1, down: 0))
  }

  /// Votes from many voters at once: a watcher hears each change, in the
  /// order committed, so the last it hears of an emoji is its tally.
  @Test func aWatcherHearsEachChangeInTheOrderCommitted() async throws {
    let heard = LockedBox([(emoji: String, tally: Tally)]())
    database.watchTallies { emoji, tally in heard.update { $0.append((emoji, tally)) } }
    var voters: [VoterID] = []
    for index in 0..<40 { voters.append(try await voter("w\(index)")) }
    let emoji = [Self.thumbsUp, Self.party]
    let database = database
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, voter) in voters.enumerated() {
        let request = VoteRequest(
          emoji: emoji[index % 2], ballot: index % 3 == 0 ? .down : .up, time: Self.start, id: "w\(index)")
        group.addTask { _ = try await database.apply(request, from: voter) }
      }
      try await group.waitForAll()
    }
    #expect(heard.get().count == 40)
    for target in emoji {
      let last = heard.get().last { $0.emoji == target }?.tally
      #expect(last == (try await database.tally(of: target)), "\(target)")
    }
  }

  @Test func aSecondServerOnTheFileIsRefusedAndToldWhatToDo() async throws {
    let path = folder + "/own.sqlite"
    var first: SQLiteRatingsDatabase? = try SQLiteRatingsDatabase(path: path)
    let error = #expect(throws: RatingsDatabaseError.self) { try SQLiteRatingsDatabase(path: path) }
    #expect(error?.description.contains("another server is serving \(path)") == true)
    #expect(error?.description.contains("PostgreSQL") == true)
    // A check beside the server may open it, and a server may once the first has gone.
    _ = try SQLiteRatingsDatabase(path: path, access: .alongside)
    #expect(first != nil)
    first = nil
    let second = try SQLiteRatingsDatabase(path: path)
    #expect(try await second.tally(of: Self.thumbsUp) == Tally())
  }

  @Test func aCommitIsSyncedBeforeItIsAcknowledged() throws {
    #expect(try database.writerSynchronousMode() == 2)
  }

  @Test func theFileIsWrittenAheadOfItsLog() throws {
    let mode = try DatabaseQueue(path: folder + "/server.sqlite").read { db in
      try String.fetchOne(db, sql: "PRAGMA journal_mode")
    }
    #expect(mode == "wal")
  }

  @Test func aFileThatIsNoDatabaseIsNamedAndLeftAlone() throws {
    let path = folder + "/notes.sqlite"
    let text = String(repeating: "not a database\n", count: 100)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let error = #expect(throws: RatingsDatabaseError.self) { try SQLiteRatingsDatabase(path: path) }
    #expect(error?.description.contains("\(path) is not a SQLite database") == true)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
  }

  @Test func aFileFromALaterVersionIsLeftAlone() throws {
    let path = folder + "/later.sqlite"
    _ = try SQLiteRatingsDatabase(path: path)
    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('9 something later')")
    }
    let error = #expect(throws: RatingsDatabaseError.self) { try SQLiteRatingsDatabase(path: path) }
    #expect(error?.description.contains("made by a later emoji-rater") == true)
  }
}
