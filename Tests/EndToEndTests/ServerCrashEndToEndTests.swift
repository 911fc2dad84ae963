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
/// its file whole after every kill.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ServerCrashEndToEndTests {
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
  /// refused connection, a lost answer, or a 429 once its Retry-After has
  /// passed); its status and JSON.
  static func send(_ request: URLRequest, session: URLSession) async -> (Int, [String: Any]) {
    while true {
      guard let (data, response) = try? await session.data(for: request),
        let answer = response as? HTTPURLResponse
      else {
        try? await Task.sleep(for: .milliseconds(20))
        continue
      }
      if answer.statusCode == 429 {
        let seconds = answer.value(forHTTPHeaderField: "Retry-After").flatMap(Int.init) ?? 1
        try? await Task.sleep(for: .seconds(seconds))
        continue
      }
      return (answer.statusCode, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
    }
  }

  @Test func everyAcknowledgedVoteIsStoredOnceThroughKills() async throws {
    let home = try DataHome()
    let database = home.path + "/server.sqlite"
    var server = try ServeProcess(["--latency", "0", "--database", database])
    let port = server.port
    let base = "http://127.0.0.1:\(port)"
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 2
    let session = URLSession(configuration: configuration)

    var tokens: [String] = []
    for _ in 0..<Self.clients {
      var request = URLRequest(url: URL(string: "\(base)/voters")!)
      request.httpMethod = "POST"
      let (status, json) = await Self.send(request, session: session)
      #expect(status == 201)
      tokens.append(try #require(json["token"] as? String))
    }

    let voters = tokens
    let sending = Task {
      await withTaskGroup(of: Void.self) { group in
        for client in 0..<Self.clients {
          group.addTask {
            for index in 0..<Self.votesEach {
              let vote = Self.vote(client, index)
              var request = URLRequest(url: URL(string: "\(base)/votes/\(vote.emoji)")!)
              request.httpMethod = "PUT"
              request.setValue("Bearer \(voters[client])", forHTTPHeaderField: "Authorization")
              request.httpBody = Data(
                #"{"vote": "\#(vote.ballot)", "time": "\#(vote.time)", "id": "\#(vote.id)"}"#.utf8)
              let (status, _) = await Self.send(request, session: session)
              #expect(status == 200, "\(vote.id)")
            }
          }
        }
      }
    }
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

    // What the votes should have left: each voter's last vote on each emoji.
    var last: [String: String] = [:]  // "client emoji" → ballot
    for client in 0..<Self.clients {
      for index in 0..<Self.votesEach {
        let vote = Self.vote(client, index)
        last["\(client) \(vote.emoji)"] = vote.ballot
      }
    }
    let stored = try SQLiteRatingsDatabase(path: database, access: .alongside)
    #expect(try stored.integrityCheck() == "ok")
    #expect(try stored.count(sql: "SELECT count(*) FROM request") == Self.clients * Self.votesEach)
    for emoji in Self.emoji {
      let up = (0..<Self.clients).filter { last["\($0) \(emoji)"] == "up" }.count
      let down = (0..<Self.clients).filter { last["\($0) \(emoji)"] == "down" }.count
      let tally = try await stored.tally(of: emoji)
      #expect(tally == Tally(up: up, down: down), "\(emoji)")
      let counted = try stored.count(
        sql: "SELECT count(*) FROM vote WHERE emoji = ? AND value = 1", arguments: [emoji])
      #expect(counted == up, "\(emoji): the tally is the votes")
    }
    #expect(kills == 5)
  }
}
