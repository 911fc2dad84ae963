import EmojiModel
import Foundation
import Logging
import NIOHTTP1
import RatingsDatabase
import Support

/// The routes that read or change the community's ratings: registering a
/// voter, voting, the community's order, and an emoji's tally on its
/// details. Each works out its answer off the event loop (the database
/// may wait on the disk).
struct RatingsAPI: Sendable {
  let database: any RatingsDatabase
  /// Votes a voter may send: `RatingsLimits.votesPerSecond`, in bursts.
  let votes: RateLimiter<VoterID>
  /// Voters an address may register, so that one client cannot mint
  /// them by the thousand.
  let registrations: RateLimiter<String>
  /// Whether an emoji (by code points) may be voted on: the catalog's,
  /// skin tones included.
  let isVotable: @Sendable (String) -> Bool
  /// Where a failure of the database is told.
  let logger: Logger
  /// Where votes and registrations are counted for `GET /metrics`.
  let metrics: ServerMetrics
  /// Where a changed tally goes for `GET /events`.
  let events: TallyEvents
  /// The voters found by their token's hash so far: a registered voter
  /// stays one, so a token need be looked up once. (A token not found is
  /// asked again each time: another server may register it.)
  private let knownVoters = Locked([Data: VoterID]())
  /// The most voters remembered; past it the memory starts afresh.
  static let votersRemembered = 100_000

  /// The longest idempotency key taken.
  static let longestKey = 128
  /// How far ahead of the server's clock a vote's time may be: clocks
  /// disagree a little, but a vote dated next year would outrank every
  /// later change of mind.
  static let clockSkew: TimeInterval = 300

  init(
    database: any RatingsDatabase, limits: RatingsLimits, isVotable: @escaping @Sendable (String) -> Bool,
    logger: Logger, metrics: ServerMetrics, events: TallyEvents
  ) {
    self.database = database
    votes = RateLimiter(rate: limits.votesPerSecond, burst: limits.voteBurst)
    registrations = RateLimiter(rate: limits.registrationsPerHour / 3600, burst: limits.registrationBurst)
    self.isVotable = isVotable
    self.logger = logger
    self.metrics = metrics
    self.events = events
    // The database tells each change in the order committed, from this
    // server or (PostgreSQL) any other, so the last event is the tally.
    database.watchTallies { [events] emoji, tally in events.changed(tally, of: emoji) }
  }

  // MARK: Voters

  /// `POST /voters` from `address`: a new voter, and its token, which is
  /// never shown again.
  func registerVoter(from address: String) async -> Answer {
    if let wait = registrations.take(address) {
      return .tooManyRequests("too many voters registered from this address; try again later", wait: wait)
    }
    let token = VoterToken.make()
    do {
      _ = try await database.registerVoter(tokenHash: VoterToken.hash(token), at: Date())
    } catch {
      return unavailable(error)
    }
    metrics.registeredVoter()
    return Answer(status: .created, body: Answer.json(["token": token]))
  }

  /// The voter whose token `authorization` (a header's value) carries;
  /// throws the answer to send instead when there is none.
  private func voter(_ authorization: String?) async throws(AnswerError) -> VoterID {
    guard let token = VoterToken.bearer(authorization) else {
      throw .unauthorized(
        "voting needs Authorization: Bearer TOKEN; POST /voters gives one", challenge: "Bearer")
    }
    let hash = VoterToken.hash(token)
    if let known = knownVoters.withLock({ $0[hash] }) { return known }
    let found: VoterID?
    do {
      found = try await database.voter(tokenHash: hash)
    } catch {
      throw AnswerError(unavailable(error))
    }
    if let found {
      knownVoters.withLock { known in
        if known.count >= Self.votersRemembered { known.removeAll() }
        known[hash] = found
      }
    }
    guard let found else {
      throw .unauthorized(
        "no voter has this token; POST /voters gives one", challenge: #"Bearer error="invalid_token""#)
    }
    return found
  }

  // MARK: Votes

  /// What `PUT /votes/{code points}` sends.
  struct VoteBody: Decodable {
    var vote: Ballot
    var time: String
    var id: String
  }

  /// What it answers: the tally after, the voter's own vote, and what
  /// became of the one sent.
  struct VoteAnswer: Encodable {
    var up: Int
    var down: Int
    var mine: Ballot?
    var outcome: String
  }

  /// `PUT /votes/{code points}` with `body`, by the voter whose token
  /// `authorization` carries.
  func vote(on emoji: String, body: Data, authorization: String?) async -> Answer {
    do throws(AnswerError) {
      let request = try Self.parseVote(on: emoji, body: body, now: Date(), isVotable: isVotable)
      let voter = try await self.voter(authorization)
      if let wait = votes.take(voter) {
        return .tooManyRequests("too many votes at once; send the rest more slowly", wait: wait)
      }
      do {
        let (outcome, tally) = try await database.apply(request, from: voter)
        metrics.voted(outcome)
        // An applied vote is the voter's vote now; otherwise the stored one is.
        let mine =
          outcome == .applied
          ? request.ballot.stored.map(Ballot.init(stored:)) : try await database.vote(of: voter, on: emoji)
        let answer = VoteAnswer(up: tally.up, down: tally.down, mine: mine, outcome: "\(outcome)")
        return Answer(status: .ok, body: Answer.json(answer))
      } catch {
        return unavailable(error)
      }
    } catch {
      return error.answer
    }
  }

  /// The vote in `body` for `emoji`; throws the answer that says what is
  /// wrong with it: 404 for an emoji the catalog lacks, 400 for a body that is
  /// not the vote's JSON.
  static func parseVote(
    on emoji: String, body: Data, now: Date, isVotable: (String) -> Bool
  ) throws(AnswerError) -> VoteRequest {
    guard isVotable(emoji) else {
      throw AnswerError(.error(.notFound, "no such emoji: \(emoji)"))
    }
    let example = #"{"vote": "up", "time": "2026-11-26T07:00:00Z", "id": "a key of your own"}"#
    guard let parsed = try? JSONDecoder().decode(VoteBody.self, from: body) else {
      throw AnswerError(
        .error(.badRequest, "the body must be JSON such as \(example), vote up, down or none"))
    }
    guard let time = RFC3339.parse(parsed.time, keepingFraction: true) else {
      throw AnswerError(.error(.badRequest, "time must be RFC 3339, such as 2026-11-26T07:00:00Z"))
    }
    guard time.timeIntervalSince(now) <= clockSkew else {
      throw AnswerError(.error(.badRequest, "time is in the future: check the clock"))
    }
    guard (1...longestKey).contains(parsed.id.utf8.count) else {
      throw AnswerError(.error(.badRequest, "id must be 1 to \(longestKey) bytes"))
    }
    return VoteRequest(emoji: emoji, ballot: parsed.vote, time: time, id: parsed.id)
  }

  // MARK: Reads

  /// An emoji's details with its tally, and the caller's own vote if it
  /// sent a voter's token (an unknown one is no error here: reads are
  /// anonymous). Ready at once when the tally is known in memory and
  /// there is no vote of the caller's to look up: the commonest request.
  func details(of emoji: RecordJSON, authorization: String?) -> Answer.Source {
    if authorization == nil, let tally = database.knownTally(of: emoji.record.codePoints) {
      return .ready(Answer(status: .ok, body: emoji.with(tally)))
    }
    return .work { await details(of: emoji.record, authorization: authorization) }
  }

  private func details(of record: EmojiRecord, authorization: String?) async -> Answer {
    var record = record
    do {
      let tally = try await database.tally(of: record.codePoints)
      (record.up, record.down) = (tally.up, tally.down)
      if authorization != nil, let voter = try? await self.voter(authorization) {
        record.mine = try await database.vote(of: voter, on: record.codePoints)?.rawValue
      }
    } catch {
      return unavailable(error)
    }
    return Answer(status: .ok, body: Answer.json(record))
  }

  /// One emoji in `GET /top`'s answer.
  struct TopEntry: Encodable {
    var codePoints: String
    var up: Int
    var down: Int
  }

  /// `GET /top?order=up|down|controversial&limit=N`.
  func top(query: Substring?) async -> Answer {
    let parameters = Self.parameters(query)
    let orderName = parameters["order"] ?? TopOrder.up.rawValue
    guard let order = TopOrder(rawValue: orderName) else {
      return .error(.badRequest, "order must be up, down or controversial, not \(orderName)")
    }
    let limitText = parameters["limit"] ?? "50"
    guard let limit = Int(limitText), (1...1000).contains(limit) else {
      return .error(.badRequest, "limit must be from 1 to 1000, not \(limitText)")
    }
    do {
      let ranked = try await database.top(order, limit: limit)
      return Answer(
        status: .ok,
        body: Answer.json(ranked.map { TopEntry(codePoints: $0.emoji, up: $0.tally.up, down: $0.tally.down) })
      )
    } catch {
      return unavailable(error)
    }
  }

  /// A query string's `name=value` pairs (the first of each name).
  static func parameters(_ query: Substring?) -> [String: String] {
    var result: [String: String] = [:]
    for pair in (query ?? "").split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      let name = String(parts[0])
      let value = parts.count > 1 ? String(parts[1]).removingPercentEncoding ?? String(parts[1]) : ""
      if result[name] == nil { result[name] = value }
    }
    return result
  }

  private func unavailable(_ error: any Error) -> Answer {
    logger.error("the ratings database failed: \(SafeText.escaped("\(error)"))")
    var answer = Answer.error(.serviceUnavailable, "the ratings database is unavailable; try again shortly")
    // A restarting database is back in seconds: a client waits one, then resends.
    answer.headers.append(("Retry-After", "1"))
    return answer
  }
}
