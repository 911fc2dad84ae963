import Foundation
import RatingsDatabase
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `kill -9` of `serve` while four clients send a thousand votes, each
/// resending what was not acknowledged, as a client must: every vote
/// acknowledged is stored once, the tallies are the votes, and SQLite finds
/// its file whole after every kill. The same through restarts of the
/// PostgreSQL a server uses. The limit catches a hang: alone the kills
/// take 9 s, but beside every other end-to-end suite on two cores they
/// took 214 s in CI and 273 s once here.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ServerCrashEndToEndTests {
  static let clients = 4
  static let votesEach = 250
  static let emoji = ["1f600", "1f602", "1f44d", "1f44d-1f3fd", "1f389", "2764-fe0f", "1f525", "1f4a9"]

  /// Client `client`'s `index`th vote: the emoji, the ballot and the key.
  /// Each comes a second after the one before, so of two on one emoji the
  /// later counts.
  static func vote(_ client: Int, _ index: Int) -> (emoji: String, ballot: String, id: String, time: String) {
    let emoji = Self.emoji[(index * 3 + client) % Self.emoji.count]
    let ballot = index % 5 == 4 ? "none" : (index + client) % 2 == 0 ? "up" : "down"
    let time = Date(timeIntervalSince1970: 1_790_000_000 + Double(index))
    return (emoji, ballot, "c\(client)-v\(index)", time.formatted(.iso8601))
  }

  /// Sends one request until the server answers it (resending after a
  /// refused connection, a lost answer, or a 429 or 503 once its
  /// Retry-After has passed); its status and JSON. `unavailable` counts
  /// the 503s.
  static func send(
    _ request: URLRequest, session: URLSession, unavailable: LockedBox<Int>? = nil
  ) async -> (Int, [String: Any]) {
    while true {
      guard let (data, response) = try? await session.data(for: request),
        let answer = response as? HTTPURLResponse
      else {
        try? await Task.sleep(for: .milliseconds(20))
        continue
      }
      if answer.statusCode == 429 || answer.statusCode == 503 {
        if answer.statusCode == 503 { unavailable?.update { $0 += 1 } }
        let seconds = answer.value(forHTTPHeaderField: "Retry-After").flatMap(Int.init) ?? 1
        try? await Task.sleep(for: .seconds(seconds))
        continue
      }
      return (answer.statusCode, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
    }
  }

  /// A client that gives up on an answer after `patience` seconds.
  static func session(patience: Double = 2) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = patience
    return URLSession(configuration: configuration)
  }

  /// A token for each client, from the server at `base`.
  static func register(at base: String, session: URLSession) async throws -> [String] {
    var tokens: [String] = []
    for _ in 0..<Self.clients {
      var request = URLRequest(url: URL(string: "\(base)/voters")!)
      request.httpMethod = "POST"
      let (status, json) = await Self.send(request, session: session)
      #expect(status == 201)
      tokens.append(try #require(json["token"] as? String))
    }
    return tokens
  }

  /// Every client's votes, the clients at once, each vote resent until
  /// the server acknowledges it.
  static func sendVotes(
    to base: String, tokens: [String], session: URLSession, unavailable: LockedBox<Int>? = nil
  ) async {
    await withTaskGroup(of: Void.self) { group in
      for client in 0..<Self.clients {
        group.addTask {
          for index in 0..<Self.votesEach {
            let vote = Self.vote(client, index)
            var request = URLRequest(url: URL(string: "\(base)/votes/\(vote.emoji)")!)
            request.httpMethod = "PUT"
            request.setValue("Bearer \(tokens[client])", forHTTPHeaderField: "Authorization")
            request.httpBody = Data(
              #"{"vote": "\#(vote.ballot)", "time": "\#(vote.time)", "id": "\#(vote.id)"}"#.utf8)
            let (status, _) = await Self.send(request, session: session, unavailable: unavailable)
            #expect(status == 200, "\(vote.id)")
          }
        }
      }
    }
  }

  /// What the votes should leave on each emoji: each client's last vote on it.
  static func expectedTallies() -> [String: Tally] {
    var last: [String: String] = [:]  // "client emoji" → ballot
    for client in 0..<Self.clients {
      for index in 0..<Self.votesEach {
        let vote = Self.vote(client, index)
        last["\(client) \(vote.emoji)"] = vote.ballot
      }
    }
    var tallies: [String: Tally] = [:]
    for emoji in Self.emoji {
      let up = (0..<Self.clients).filter { last["\($0) \(emoji)"] == "up" }.count
      let down = (0..<Self.clients).filter { last["\($0) \(emoji)"] == "down" }.count
      tallies[emoji] = Tally(up: up, down: down)
    }
    return tallies
  }

  @Test func everyAcknowledgedVoteIsStoredOnceThroughKills() async throws {
    let home = try DataHome()
    let database = home.path + "/server.sqlite"
    var server = try ServeProcess(["--latency", "0", "--database", database])
    let port = server.port
    let base = "http://127.0.0.1:\(port)"
    let session = Self.session()
    let tokens = try await Self.register(at: base, session: session)
    let sending = Task { await Self.sendVotes(to: base, tokens: tokens, session: session) }
    // Kill it a few times while the votes go, checking the file each time.
    var kills = 0
    while kills < 5 {
      try await Task.sleep(for: .milliseconds(300))
      server.kill()
      kills += 1
      let check = try SQLiteRatingsDatabase(path: database, access: .alongside)
      #expect(try check.integrityCheck() == "ok", "after kill \(kills)")
      server = try ServeProcess(["--latency", "0", "--database", database], port: port)
    }
    await sending.value
    server.stop()

    let stored = try SQLiteRatingsDatabase(path: database, access: .alongside)
    #expect(try stored.integrityCheck() == "ok")
    #expect(try stored.count(sql: "SELECT count(*) FROM request") == Self.clients * Self.votesEach)
    for (emoji, expected) in Self.expectedTallies() {
      #expect(try await stored.tally(of: emoji) == expected, "\(emoji)")
      let counted = try stored.count(
        sql: "SELECT count(*) FROM vote WHERE emoji = ? AND value = 1", arguments: [emoji])
      #expect(counted == expected.up, "\(emoji): the tally is the votes")
    }
    #expect(kills == 5)
  }

  /// PostgreSQL restarted twice while the votes go: the votes under way
  /// and those that wait longer than the server's patience get 503, the
  /// clients resend, and every vote is stored once.
  @Test func everyAcknowledgedVoteIsStoredOnceThroughPostgreSQLRestarts() async throws {
    let postgres = try PostgresServer()
    let server = try ServeProcess(["--latency", "0", "--database", postgres.url])
    let base = "http://127.0.0.1:\(server.port)"
    // More patient than the server with its database, so a vote that waits gets the 503.
    let session = Self.session(patience: 10)
    let tokens = try await Self.register(at: base, session: session)
    let unavailable = LockedBox(0)
    let sending = Task {
      await Self.sendVotes(to: base, tokens: tokens, session: session, unavailable: unavailable)
    }
    // A quick restart (the votes under way fail, the next wait for it),
    // then one longer than the server waits for its database.
    try await Task.sleep(for: .milliseconds(400))
    try await postgres.restart()
    try await Task.sleep(for: .milliseconds(400))
    let before = unavailable.get()
    try await postgres.restart(after: .seconds(4))
    #expect(unavailable.get() > before, "no 503 while PostgreSQL was away longer than the server waits")
    await sending.value

    #expect(try postgres.count("SELECT count(*) FROM request") == Self.clients * Self.votesEach)
    for (emoji, expected) in Self.expectedTallies() {
      let answer = server.request("GET", "/emoji/\(emoji)")?.json
      #expect(answer?["up"] as? Int == expected.up && answer?["down"] as? Int == expected.down, "\(emoji)")
      let counted = try postgres.count("SELECT count(*) FROM vote WHERE emoji = '\(emoji)' AND value = 1")
      #expect(counted == expected.up, "\(emoji): the tally is the votes")
    }
    server.stop()
  }
}
