import EmojiModel
import Foundation
import RatingsDatabase
import TestSupport
import Testing

@testable import EmojiServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The ratings routes over real HTTP, against a server with a SQLite
/// database in a folder of the test's own: voters, votes, tallies that are
/// the votes counted, and what a bad request gets.
/// (Three minutes at most, to catch a hang: under Thread Sanitizer,
/// beside every other suite on two cores, a test here took over one.)
@Suite(.serialized, .timeLimit(.minutes(3))) final class RatingsAPITests {
  /// The database's folder, removed with the test.
  let home: DataHome
  let database: SQLiteRatingsDatabase
  let server: EmojiServer

  init() throws {
    home = try DataHome()
    database = try SQLiteRatingsDatabase(path: home.path + "/server.sqlite")
    server = try Self.server(on: database)
  }

  static func server(on database: any RatingsDatabase, limits: RatingsLimits = RatingsLimits()) throws
    -> EmojiServer
  {
    var configuration = EmojiServer.Configuration()
    configuration.port = 0
    configuration.latency = .none
    configuration.database = database
    configuration.ratingsLimits = limits
    return try EmojiServer(catalog: EmojiServerTests.catalog, configuration: configuration)
  }

  deinit {
    server.stop()
  }

  struct Response {
    var status: Int
    var data: Data
    var response: HTTPURLResponse?
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:] }
    var text: String { String(decoding: data, as: UTF8.self) }
  }

  func request(
    _ method: String, _ path: String, token: String? = nil, body: String? = nil, bodyData: Data? = nil,
    headers: [String: String] = [:], to other: EmojiServer? = nil
  ) async throws -> Response {
    let port = (other ?? server).port
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.httpMethod = method
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    request.httpBody = bodyData ?? body.map { Data($0.utf8) }
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = response as? HTTPURLResponse
    return Response(status: http?.statusCode ?? 0, data: data, response: http)
  }

  func register(at other: EmojiServer? = nil) async throws -> String {
    let response = try await request("POST", "/voters", to: other)
    #expect(response.status == 201)
    return try #require(response.json["token"] as? String)
  }

  func vote(
    _ ballot: String, _ emoji: String, token: String?, time: String = "2026-11-26T07:00:00Z",
    id: String? = nil, at other: EmojiServer? = nil
  ) async throws -> Response {
    let body = #"{"vote": "\#(ballot)", "time": "\#(time)", "id": "\#(id ?? UUID().uuidString)"}"#
    return try await request("PUT", "/votes/\(emoji)", token: token, body: body, to: other)
  }

  @Test func aTokenIs256RandomBitsAndOnlyItsHashIsKept() async throws {
    let (first, second) = (try await register(), try await register())
    #expect(first.count == 64 && first.allSatisfy(\.isHexDigit))
    #expect(first != second)
    #expect(try database.count(sql: "SELECT count(*) FROM voter") == 2)
    // The token is nowhere in the database's files, its SHA-256 is.
    #expect(try await database.voter(tokenHash: VoterToken.hash(first)) != nil)
    for suffix in ["", "-wal"] {
      let bytes = FileManager.default.contents(atPath: database.path + suffix) ?? Data()
      #expect(bytes.range(of: Data(first.utf8)) == nil && bytes.range(of: Data(second.utf8)) == nil)
    }
  }

  @Test func votesFromSeveralTokensAreTheTalliesTheDatabaseCounts() async throws {
    var tokens: [String] = []
    for _ in 0..<5 { tokens.append(try await register()) }
    let emoji = ["1f602", "1f44d", "1f44d-1f3fd", "2764-fe0f"]
    for (index, token) in tokens.enumerated() {
      for (offset, target) in emoji.enumerated() where (index + offset) % 3 != 0 {
        let response = try await vote((index + offset) % 2 == 0 ? "up" : "down", target, token: token)
        #expect(response.status == 200, "\(response.text)")
      }
    }
    // One changes its mind, one takes its vote back.
    _ = try await vote("down", "1f602", token: tokens[1], time: "2026-11-26T08:00:00Z")
    _ = try await vote("none", "1f44d", token: tokens[2], time: "2026-11-26T08:00:00Z")
    for target in emoji {
      let response = try await request("GET", "/emoji/\(target)")
      let up = try database.count(
        sql: "SELECT count(*) FROM vote WHERE emoji = ? AND value = 1", arguments: [target])
      let down = try database.count(
        sql: "SELECT count(*) FROM vote WHERE emoji = ? AND value = -1", arguments: [target])
      #expect(response.json["up"] as? Int == up && response.json["down"] as? Int == down, "\(target)")
      #expect(response.json["mine"] == nil, "an anonymous read has no vote of its own")
    }
  }

  @Test func aVoteAnswersTheTallyAndTheReadShowsMine() async throws {
    let (ana, bob) = (try await register(), try await register())
    _ = try await vote("up", "1f602", token: ana)
    let answer = try await vote("down", "1f602", token: bob)
    #expect(answer.status == 200)
    #expect(answer.json["up"] as? Int == 1 && answer.json["down"] as? Int == 1)
    #expect(answer.json["mine"] as? String == "down" && answer.json["outcome"] as? String == "applied")
    let read = try await request("GET", "/emoji/1f602", token: ana)
    #expect(read.json["mine"] as? String == "up" && read.json["name"] as? String == "face with tears of joy")
  }

  @Test func theSameIdTwiceCountsOnceAndAnOlderVoteIsIgnored() async throws {
    let ana = try await register()
    _ = try await vote("up", "1f602", token: ana, time: "2026-11-26T07:00:00Z", id: "first")
    let again = try await vote("up", "1f602", token: ana, time: "2026-11-26T07:00:00Z", id: "first")
    #expect(again.status == 200 && again.json["outcome"] as? String == "repeated")
    #expect(again.json["up"] as? Int == 1)
    _ = try await vote("down", "1f602", token: ana, time: "2026-11-26T07:05:00.5Z", id: "second")
    let late = try await vote("up", "1f602", token: ana, time: "2026-11-26T07:05:00.25Z", id: "third")
    #expect(late.status == 200 && late.json["outcome"] as? String == "superseded")
    #expect(
      late.json["down"] as? Int == 1 && late.json["up"] as? Int == 0 && late.json["mine"] as? String == "down"
    )
  }

  @Test func votingWithoutARegisteredTokenIs401() async throws {
    let missing = try await vote("up", "1f602", token: nil)
    #expect(
      missing.status == 401 && missing.response?.value(forHTTPHeaderField: "WWW-Authenticate") == "Bearer")
    let forged = try await vote("up", "1f602", token: String(repeating: "ab", count: 32))
    #expect(forged.status == 401 && forged.text.contains("no voter has this token"))
    let malformed = try await vote("up", "1f602", token: "not-a-token")
    #expect(malformed.status == 401)
    #expect(try database.count(sql: "SELECT count(*) FROM vote") == 0)
  }

  @Test func aTokenChangesOnlyItsOwnVote() async throws {
    let (ana, bob) = (try await register(), try await register())
    _ = try await vote("up", "1f602", token: ana)
    let answer = try await vote("none", "1f602", token: bob)
    #expect(answer.json["up"] as? Int == 1, "bob's clearing leaves ana's vote")
    #expect(try await request("GET", "/emoji/1f602", token: ana).json["mine"] as? String == "up")
  }

  @Test func onlyTheCatalogsEmojiCanBeVotedOn() async throws {
    let ana = try await register()
    #expect(try await vote("up", "ffffff", token: ana).status == 404)
    #expect(try await vote("up", "1f44d-1f3fd", token: ana).status == 200, "skin tones are votable")
  }

  @Test(arguments: [
    ("not json", "the body must be JSON"),
    (#"{"vote": "sideways", "time": "2026-11-26T07:00:00Z", "id": "k"}"#, "the body must be JSON"),
    (#"{"vote": "up", "time": "yesterday", "id": "k"}"#, "time must be RFC 3339"),
    (#"{"vote": "up", "time": "2099-01-01T00:00:00Z", "id": "k"}"#, "time is in the future"),
    (#"{"vote": "up", "time": "2026-11-26T07:00:00Z", "id": ""}"#, "id must be 1 to 128 bytes"),
  ])
  func aBadVoteIs400AndSaysWhatIsWrong(body: String, message: String) async throws {
    let ana = try await register()
    let response = try await request("PUT", "/votes/1f602", token: ana, body: body)
    #expect(response.status == 400)
    #expect((response.json["error"] as? String)?.hasPrefix(message) == true, "\(response.text)")
  }

  @Test func aBodyOver4KBIs413AndTheServerGoesOn() async throws {
    let ana = try await register()
    let response = try await request("PUT", "/votes/1f602", token: ana, bodyData: Data(count: 1 << 20))
    #expect(response.status == 413)
    #expect(try await request("GET", "/health").status == 200)
  }

  @Test func aVoterOverItsRateIs429WithRetryAfter() async throws {
    var limits = RatingsLimits()
    (limits.votesPerSecond, limits.voteBurst) = (0.5, 3)
    let limited = try Self.server(on: database, limits: limits)
    defer { limited.stop() }
    let (ana, bob) = (try await register(at: limited), try await register(at: limited))
    for emoji in ["1f600", "1f601", "1f602"] {
      #expect(try await vote("up", emoji, token: ana, at: limited).status == 200)
    }
    let over = try await vote("up", "1f603", token: ana, at: limited)
    #expect(over.status == 429, "\(over.text)")
    #expect(over.response?.value(forHTTPHeaderField: "Retry-After") == "2", "a vote every two seconds")
    #expect(try await vote("up", "1f603", token: bob, at: limited).status == 200, "bob has his own")
    #expect(try database.count(sql: "SELECT count(*) FROM vote WHERE emoji = '1f603'") == 1)
  }

  @Test func anAddressRegisteringVotersByTheThousandIsHeldBack() async throws {
    var limits = RatingsLimits()
    (limits.registrationsPerHour, limits.registrationBurst) = (60, 5)
    let limited = try Self.server(on: database, limits: limits)
    defer { limited.stop() }
    for _ in 0..<5 { _ = try await register(at: limited) }
    let over = try await request("POST", "/voters", to: limited)
    #expect(over.status == 429 && over.response?.value(forHTTPHeaderField: "Retry-After") == "60")
    #expect(try database.count(sql: "SELECT count(*) FROM voter") == 5)
  }

  @Test func aLongPathIs414AndLongHeadersAre431() async throws {
    let path = "/emoji/" + String(repeating: "1f602-", count: 1_700)
    #expect(try await request("GET", path).status == 414)
    let headers = ["X-Padding": String(repeating: "a", count: 20_000)]
    #expect(try await request("GET", "/emoji/1f602", headers: headers).status == 431)
    #expect(try await request("GET", "/emoji/1f602").status == 200, "and the server goes on")
  }

  @Test func metricsCountRequestsVotesAndVotersForPrometheus() async throws {
    let ana = try await register()
    _ = try await vote("up", "1f602", token: ana, id: "once")
    _ = try await vote("up", "1f602", token: ana, id: "once")
    _ = try await request("GET", "/emoji/1f602")
    let metrics = try await request("GET", "/metrics")
    #expect(metrics.status == 200)
    #expect(metrics.response?.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/plain") == true)
    let lines = Set(metrics.text.split(separator: "\n").map(String.init))
    for expected in [
      #"emoji_rater_votes_total{outcome="applied"} 1"#, #"emoji_rater_votes_total{outcome="repeated"} 1"#,
      "emoji_rater_voters_registered_total 1", #"emoji_rater_requests_total{route="votes",status="200"} 2"#,
      "emoji_rater_emoji_served_total 1", "emoji_rater_in_flight_requests 0.0",
    ] {
      #expect(lines.contains(expected), "\(expected) in \(metrics.text)")
    }
    #expect(metrics.text.contains(#"emoji_rater_request_duration_seconds_bucket{route="emoji",le="#))
  }

  /// A listener hears each tally change as a server-sent event, the
  /// votes in a burst on one emoji coalesced, the last event the tally.
  @Test func listenersHearTallyChanges() async throws {
    let listener = try RawClient(port: server.port)
    defer { listener.close() }
    listener.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
    let head = listener.read(until: "listening for tally changes", within: 5)
    #expect(head.hasPrefix("HTTP/1.1 200 OK") && head.contains("text/event-stream"), "\(head)")
    var tokens: [String] = []
    for _ in 0..<10 { tokens.append(try await register()) }
    for token in tokens { _ = try await vote("up", "1f602", token: token) }
    let last = #"data: {"codePoints":"1f602","down":0,"up":10}"#
    let heard = listener.read(until: last, within: 5)
    #expect(heard.contains(last), "\(heard)")
    let events = heard.components(separatedBy: "event: tally").count - 1
    #expect((1...10).contains(events), "ten votes, at most ten events: \(events)")
    // One who leaves is let go.
    listener.close()
    let server = server
    #expect(await eventually { server.listeners == 0 })
  }

  @Test func bytesThatAreNotHTTPAre400AndTheServerGoesOn() async throws {
    let client = try RawClient(port: server.port)
    defer { client.close() }
    client.send("\u{16}\u{03}\u{01}\u{02}\u{00} not a request at all\r\n\r\n")
    var answer = ""
    #expect(client.waitForClose(within: 5, received: &answer), "the connection is closed")
    #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(40))")
    #expect(server.counts.timedOut == 0, "closed at once, not at the request timeout")
    #expect(try await request("GET", "/health").status == 200)
  }

  @Test func whatAClientSendsComesBackEscaped() async throws {
    let response = try await request("GET", "/top?order=%1B%5B31m")
    #expect(response.status == 400)
    #expect(!response.text.contains("\u{1B}") && response.text.contains("\\\\u{1b}"), "\(response.text)")
  }

  @Test func topListsTheCommunitysOrder() async throws {
    let (ana, bob) = (try await register(), try await register())
    _ = try await vote("up", "1f602", token: ana)
    _ = try await vote("up", "1f602", token: bob)
    _ = try await vote("up", "1f44d", token: ana)
    _ = try await vote("down", "1f44d", token: bob)
    let top = try await request("GET", "/top?order=up&limit=1")
    let list = try #require(try JSONSerialization.jsonObject(with: top.data) as? [[String: Any]])
    #expect(list.count == 1 && list[0]["codePoints"] as? String == "1f602" && list[0]["up"] as? Int == 2)
    let argued = try await request("GET", "/top?order=controversial")
    let arguedList = try #require(try JSONSerialization.jsonObject(with: argued.data) as? [[String: Any]])
    #expect(arguedList.map { $0["codePoints"] as? String } == ["1f44d"])
    #expect(try await request("GET", "/top?limit=0").status == 400)
  }
}
