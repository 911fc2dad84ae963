import EmojiModel
import Foundation
import HTTPLoading
import Loading
import Support

/// Sends the outbox's votes to the ratings server, each with the voter's
/// token and its own key, until the server has acknowledged it:
///
/// - one emoji's votes go one at a time, in the order cast (the server
///   keeps the later of two, and two cast in the same second count in the
///   order they arrive); different emoji's go side by side;
/// - a vote the server did not answer, or answered 5xx or 429, is sent
///   again after a wait that doubles from half a second to half a minute
///   (or the server's `Retry-After`); its key makes a resend count once;
/// - a vote the server refuses for good (an emoji it does not know, a body
///   it cannot read) is dropped from the outbox, and the status says so;
/// - the first vote registers a voter (`POST /voters`); a token the server
///   no longer knows (401) is forgotten and a new voter registered.
///
/// Everything happens on the sender's own queue; `watch` hears, there,
/// how many votes wait, why the last try failed, and each answer's tally.
public final class VoteSender: Sendable {
  /// What the bottom line says about the votes on their way.
  public struct Status: Equatable, Sendable {
    /// Votes not yet acknowledged.
    public var waiting: Int
    /// Why the last try failed, until nothing waits.
    public var problem: String?
    /// A vote the server refused for good since the last status, and why.
    public var refusal: String?
    /// The emoji whose votes the server has acknowledged since the last
    /// status, with the tally each answer gave (the latest of each).
    public var tallies: [String: CommunityTally] = [:]
  }

  private struct State {
    var sending: Set<String> = []
    var registering = false
    var pausedUntilRetry = false
    var backoff = VoteSender.firstBackoff
    var problem: String?
    var refusal: String?
    /// Tallies acknowledged and not yet told (`Status.tallies`).
    var untold: [String: CommunityTally] = [:]
    var stopped = false
    var onStatus: (@Sendable (Status) -> Void)?
  }

  static let firstBackoff = 0.5
  static let longestBackoff = 30.0
  /// Votes on different emoji sent side by side at most.
  static let sideBySide = 4

  /// The server's address, as the tokens are kept by (`http://host:port/path`).
  public let server: String
  private let basePath: String
  private let client: HTTPClient
  private let outbox: VoteOutbox
  private let tokens: VoterTokens
  private let state = Locked(State())
  private let queue = DispatchQueue(label: "emoji-rater.vote-sender")

  /// The address tokens are kept by for `server` (`http://host:port/path`).
  public static func address(of server: (host: String, port: Int, path: String)) -> String {
    "http://" + HTTPClient.origin(host: server.host, port: server.port) + server.path
  }

  /// Registers a new voter at `server` and keeps its token in `tokens`,
  /// waiting for the answer: what `emoji-rater voter --new` does.
  public static func registerNewVoter(
    at server: (host: String, port: Int, path: String), tokens: VoterTokens
  ) throws(VoterRegistrationError) {
    var configuration = HTTPClient.Configuration()
    configuration.connections = 1
    let client = HTTPClient(host: server.host, port: server.port, configuration: configuration)
    let address = address(of: server)
    let token = try registeredToken(
      client.sendBlocking(registration(basePath: server.path)), at: address
    ).get()
    do {
      try tokens.set(token, for: address)
    } catch {
      throw VoterRegistrationError("cannot keep the new voter's token in \(tokens.path): \(error)")
    }
  }

  /// `POST /voters`: never resent by the client (a second voter would be made).
  static func registration(basePath: String) -> HTTPRequest {
    HTTPRequest(method: "POST", path: basePath + "/voters", isRepeatable: false)
  }

  /// The token a registration's answer brings, or why there is none.
  static func registeredToken(
    _ result: Result<HTTPAnswer, LoadFailure>, at address: String
  ) -> Result<String, VoterRegistrationError> {
    switch result {
    case .success(let answer) where answer.status == 201 || answer.status == 200:
      struct Registered: Decodable { var token: String }
      guard let registered = try? JSONDecoder().decode(Registered.self, from: answer.body) else {
        return .failure(
          VoterRegistrationError("the server at \(address) answered a new voter without a token"))
      }
      return .success(registered.token)
    case .success(let answer):
      return .failure(
        VoterRegistrationError("the server at \(address) did not register a voter (HTTP \(answer.status))"))
    case .failure(let failure):
      return .failure(VoterRegistrationError("cannot register a voter at \(address): \(failure.reason)"))
    }
  }

  /// Sends `outbox`'s votes to `server` (its host, port and the path
  /// before `/votes`), as the voter `tokens` keeps for it.
  public init(server: (host: String, port: Int, path: String), outbox: VoteOutbox, tokens: VoterTokens) {
    self.server = Self.address(of: server)
    basePath = server.path
    var configuration = HTTPClient.Configuration()
    configuration.connections = Self.sideBySide
    client = HTTPClient(host: server.host, port: server.port, configuration: configuration)
    self.outbox = outbox
    self.tokens = tokens
  }

  /// Tells `handler` the status now and at each change.
  public func watch(_ handler: @escaping @Sendable (Status) -> Void) {
    state.withLock { $0.onStatus = handler }
    queue.async { self.report() }
  }

  /// Starts sending what waits (a restart sends what the last run left).
  public func start() {
    queue.async { self.pump() }
  }

  /// Keeps `vote` in the outbox and sends it when it can.
  public func send(_ vote: OutgoingVote) {
    outbox.add(vote)
    queue.async {
      self.report()
      self.pump()
    }
  }

  /// Sends nothing more; what waits stays in the outbox for the next run.
  public func stop() {
    state.withLock { $0.stopped = true }
    outbox.flush()
  }

  // MARK: On the queue

  private func pump() {
    let (stopped, paused, registering) = state.withLock { ($0.stopped, $0.pausedUntilRetry, $0.registering) }
    guard !stopped, !paused, !registering else { return }
    let waiting = outbox.waiting
    guard !waiting.isEmpty else { return }
    guard let token = tokens.token(for: server) else { return register() }
    var firstOfEach: [OutgoingVote] = []
    var seen = Set<String>()
    for vote in waiting where seen.insert(vote.emoji).inserted { firstOfEach.append(vote) }
    for vote in firstOfEach {
      let starts = state.withLock { state -> Bool in
        guard state.sending.count < Self.sideBySide, !state.sending.contains(vote.emoji) else { return false }
        state.sending.insert(vote.emoji)
        return true
      }
      guard starts else { continue }
      let request = HTTPRequest(
        method: "PUT", path: basePath + "/votes/" + vote.emoji,
        headers: [("Authorization", "Bearer " + token)],
        body: vote.body)
      _ = client.send(request) { result in
        self.queue.async { self.answered(vote, result, token: token) }
      }
    }
  }

  private func answered(_ vote: OutgoingVote, _ result: Result<HTTPAnswer, LoadFailure>, token: String) {
    state.withLock { _ = $0.sending.remove(vote.emoji) }
    switch result {
    case .success(let answer) where answer.status == 200:
      outbox.remove(id: vote.id)
      if let tally = Self.tally(in: answer.body) { state.withLock { $0.untold[vote.emoji] = tally } }
      succeeded()
    case .success(let answer) where answer.status == 401:
      // The server does not know the token (its database was reset): a new
      // voter, after the usual wait (a server that refuses every token must
      // not be asked for voters without end). Unless another answer has
      // already seen to it: votes sent side by side all come back 401.
      if tokens.token(for: server) == token { try? tokens.set(nil, for: server) }
      failed("the server did not know this voter", retryAfter: nil)
    case .success(let answer) where [400, 404, 413, 414].contains(answer.status):
      outbox.remove(id: vote.id)
      let empty = outbox.count == 0
      state.withLock {
        $0.refusal =
          "the server refused the vote on \(vote.emoji) (HTTP \(answer.status))"
          + (Self.reason(in: answer.body).map { ": \($0)" } ?? "")
        if empty { $0.problem = nil }
      }
      report()
      pump()
    case .success(let answer):
      failed("the server answered HTTP \(answer.status)", retryAfter: answer.retryAfter)
    case .failure(let failure):
      failed(failure.reason, retryAfter: nil)
    }
  }

  private func register() {
    state.withLock { $0.registering = true }
    _ = client.send(Self.registration(basePath: basePath)) { result in
      self.queue.async {
        self.state.withLock { $0.registering = false }
        do {
          try self.tokens.set(try Self.registeredToken(result, at: self.server).get(), for: self.server)
          self.pump()
        } catch {
          let retryAfter = if case .success(let answer) = result { answer.retryAfter } else { Double?.none }
          self.failed("\(error)", retryAfter: retryAfter)
        }
      }
    }
  }

  /// The tally a vote's answer gives (`{"up": 1, "down": 0, …}`).
  static func tally(in body: Data) -> CommunityTally? {
    struct Answered: Decodable {
      var up: Int
      var down: Int
    }
    return (try? JSONDecoder().decode(Answered.self, from: body)).map {
      CommunityTally(up: $0.up, down: $0.down)
    }
  }

  /// The server's reason for an error (`{"error": "time is in the future:
  /// check the clock"}`), cut to a bottom line's room, made safe to show.
  static func reason(in body: Data) -> String? {
    struct Refused: Decodable { var error: String }
    guard let reason = (try? JSONDecoder().decode(Refused.self, from: body))?.error, !reason.isEmpty else {
      return nil
    }
    let shown = SafeText.printable(reason)
    return shown.count > 80 ? shown.prefix(79) + "…" : shown
  }

  /// A vote went through: the waits start short again. The last problem
  /// is kept until nothing waits, so that a bottom line saying how many
  /// votes wait counts down to none once the server is back.
  private func succeeded() {
    let empty = outbox.count == 0
    state.withLock {
      $0.backoff = Self.firstBackoff
      if empty { $0.problem = nil }
    }
    report()
    pump()
  }

  /// Waits before trying again: the server's `Retry-After`, or a wait
  /// twice the last one's.
  private func failed(_ problem: String, retryAfter: Double?) {
    let wait = state.withLock { state -> Double? in
      state.problem = problem
      guard !state.pausedUntilRetry else { return nil }
      state.pausedUntilRetry = true
      // A server's word is kept within the longest wait: `Retry-After: inf`
      // must not pause the votes for good.
      let asked = retryAfter.flatMap { $0.isFinite ? min(Self.longestBackoff, max(0, $0)) : nil }
      let wait = asked ?? state.backoff
      state.backoff = min(Self.longestBackoff, state.backoff * 2)
      return wait
    }
    report()
    guard let wait else { return }
    queue.asyncAfter(deadline: .now() + wait) {
      self.state.withLock { $0.pausedUntilRetry = false }
      self.pump()
    }
  }

  private func report() {
    let (handler, problem, refusal, tallies) = state.withLock { state in
      defer {
        state.untold = [:]
        state.refusal = nil
      }
      return (state.onStatus, state.problem, state.refusal, state.untold)
    }
    handler?(Status(waiting: outbox.count, problem: problem, refusal: refusal, tallies: tallies))
  }
}

/// Why a voter could not be registered, in words for the person.
public struct VoterRegistrationError: Error, CustomStringConvertible {
  public var description: String

  init(_ description: String) {
    self.description = description
  }
}
