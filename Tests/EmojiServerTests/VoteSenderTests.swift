import EmojiModel
import Foundation
import HTTPLoading
import RatingsDatabase
import TestSupport
import Testing

@testable import EmojiRater
@testable import EmojiServer

/// The app's votes on their way to a ratings server started in-process
/// with a database: what arrives, what is refused, and a token the server
/// no longer knows.
/// (Three minutes at most, to catch a hang: under Thread Sanitizer,
/// beside every other suite on two cores, a test here took over one.)
@Suite(.serialized, .timeLimit(.minutes(3))) struct VoteSenderTests {
  struct Setup {
    let home: DataHome
    let database: SQLiteRatingsDatabase
    let server: EmojiServer
    let outbox: VoteOutbox
    let tokens: VoterTokens
    let sender: VoteSender
    let statuses = LockedBox([VoteSender.Status]())
  }

  func setUp() throws -> Setup {
    let home = try DataHome()
    let (server, database) = try startRatingsServer(in: home)
    let outbox = VoteOutbox(path: home.path + "/outbox.json")
    let tokens = VoterTokens(path: home.path + "/voter.json")
    let sender = VoteSender(server: ("127.0.0.1", server.port, ""), outbox: outbox, tokens: tokens)
    let setup = Setup(
      home: home, database: database, server: server, outbox: outbox, tokens: tokens, sender: sender)
    let statuses = setup.statuses
    sender.watch { status in statuses.update { $0.append(status) } }
    return setup
  }

  @Test func votesArriveInTheOrderCastAndLeaveTheOutbox() async throws {
    let setup = try setUp()
    defer { setup.server.stop() }
    let start = Date(timeIntervalSince1970: 1_790_000_000)
    // On 😀: up, then down, then taken back, in one second; on 😂: down.
    for (index, (emoji, vote)) in [("1f600", Vote.up), ("1f600", .down), ("1f600", nil), ("1f602", .down)]
      .enumerated()
    {
      setup.sender.send(
        OutgoingVote(emoji: emoji, vote: vote, time: start.addingTimeInterval(Double(index) / 10)))
    }
    #expect(await Self.emptied(setup.outbox), "\(setup.statuses.get())")
    #expect(try await setup.database.tally(of: "1f600") == Tally(up: 0, down: 0))
    #expect(try await setup.database.tally(of: "1f602") == Tally(up: 0, down: 1))
    #expect(try setup.database.count(sql: "SELECT count(*) FROM request") == 4)
    // Each answer's tally is told, for the cell to show at once.
    let told = setup.statuses.get().compactMap { $0.tallies["1f602"] }
    #expect(told == [CommunityTally(up: 0, down: 1)])
    // All as one voter (a registration whose answer was lost, on a machine
    // busy enough, leaves another voter with no vote).
    #expect(try setup.database.count(sql: "SELECT count(DISTINCT voter_id) FROM request") == 1)
    let last = setup.statuses.get().last
    #expect(last?.waiting == 0 && last?.problem == nil)
    // The token is kept for the owner alone.
    let mode = try FileManager.default.attributesOfItem(atPath: setup.tokens.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(setup.tokens.token(for: setup.sender.server) != nil)
  }

  /// A network that drops connections after the server has done what was
  /// asked, before its answer arrives: every vote is resent until one is
  /// answered, and each counts once.
  @Test func votesThroughAProxyThatDropsConnectionsCountOnce() async throws {
    let setup = try setUp()
    defer { setup.server.stop() }
    let proxy = try DroppingProxy(to: setup.server.port, droppingOneIn: 3)
    defer { proxy.stop() }
    let sender = VoteSender(
      server: ("127.0.0.1", proxy.port, ""),
      outbox: setup.outbox, tokens: setup.tokens)
    let emoji = ["1f600", "1f602", "1f44d", "1f389", "2764-fe0f"]
    for index in 0..<50 {
      // Each emoji's last vote is up.
      let vote: Vote = index >= 45 || index % 2 == 0 ? .up : .down
      sender.send(OutgoingVote(emoji: emoji[index % emoji.count], vote: vote))
    }
    #expect(await Self.emptied(setup.outbox))
    #expect(proxy.dropped > 0, "the proxy dropped no connection")
    #expect(try setup.database.count(sql: "SELECT count(*) FROM request") == 50, "each vote once")
    for target in emoji {
      #expect(try await setup.database.tally(of: target) == Tally(up: 1, down: 0), "\(target)")
    }
  }

  /// The server's database was reset: the token is unknown (401), so a new
  /// voter is registered and the vote sent again.
  @Test func aTokenTheServerDoesNotKnowIsReplaced() async throws {
    let setup = try setUp()
    defer { setup.server.stop() }
    try setup.tokens.set(String(repeating: "ab", count: 32), for: setup.sender.server)
    setup.sender.send(OutgoingVote(emoji: "1f44d", vote: .up))
    #expect(await Self.emptied(setup.outbox), "\(setup.statuses.get())")
    #expect(try await setup.database.tally(of: "1f44d") == Tally(up: 1, down: 0))
    #expect(setup.tokens.token(for: setup.sender.server) != String(repeating: "ab", count: 32))
  }

  /// A vote the server will never take (an emoji it does not know) is
  /// dropped, said, and does not hold up the rest.
  @Test func aVoteRefusedForGoodIsDroppedAndSaid() async throws {
    let setup = try setUp()
    defer { setup.server.stop() }
    setup.sender.send(OutgoingVote(emoji: "ffffff", vote: .up))
    setup.sender.send(OutgoingVote(emoji: "1f44d", vote: .down))
    #expect(await Self.emptied(setup.outbox), "\(setup.statuses.get())")
    #expect(try await setup.database.tally(of: "1f44d") == Tally(up: 0, down: 1))
    // Said once, in one status.
    let refusals = setup.statuses.get().compactMap(\.refusal)
    #expect(refusals == ["the server refused the vote on ffffff (HTTP 404): no such emoji: ffffff"])
  }

  /// The server's reason goes on the bottom line: never a control
  /// character a hostile server put in it, never more than a line's room.
  @Test func aRefusalsReasonIsShownSafeAndShort() {
    let clock = #"{"error": "time is in the future: check the clock"}"#
    #expect(VoteSender.reason(in: Data(clock.utf8)) == "time is in the future: check the clock")
    let hostile = #"{"error": "\u001b]52;c;eA==\u0007"# + String(repeating: "a", count: 200) + #""}"#
    let shown = VoteSender.reason(in: Data(hostile.utf8)) ?? ""
    #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }, "\(shown)")
    #expect((1...80).contains(shown.count), "\(shown)")
    #expect(VoteSender.reason(in: Data("<html>busy</html>".utf8)) == nil)
  }

  /// Whether `outbox` is empty within ten seconds.
  static func emptied(_ outbox: VoteOutbox) async -> Bool {
    await eventually { outbox.count == 0 }
  }

  /// What waits is on disk at once, and read back by the next run.
  @Test func theOutboxOutlivesTheProcessAndAnUnreadableOneIsKeptAside() throws {
    let home = try DataHome()
    let path = home.path + "/outbox.json"
    let outbox = VoteOutbox(path: path)
    let vote = OutgoingVote(emoji: "1f600", vote: .up, time: Date(timeIntervalSince1970: 1_790_000_000))
    outbox.add(vote)
    outbox.add(OutgoingVote(emoji: "1f602", vote: nil))
    outbox.remove(id: vote.id)
    outbox.flush()
    let reopened = VoteOutbox(path: path)
    #expect(reopened.waiting.map(\.emoji) == ["1f602"])
    #expect(reopened.waiting.first?.vote == "none")

    try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
    let fresh = VoteOutbox(path: path)
    #expect(fresh.count == 0)
    #expect(fresh.notice?.contains("kept as outbox.json.corrupt-") == true, "\(fresh.notice ?? "")")
    let kept = try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
      $0.hasPrefix("outbox.json.corrupt-")
    }
    #expect(kept.count == 1)
  }
}
