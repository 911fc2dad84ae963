import EmojiModel
import Foundation
import NIOCore
import NIOHTTP1
import Support

/// One connection's requests. `GET /emoji/{code points}` waits its delay
/// on the event loop (no thread is held), then answers with the emoji's
/// JSON (and its tally, with a database), or 503 at the failure rate; a
/// client that goes away during the delay stops it there, and is counted.
/// `GET /stats` answers the counts at once. With a database, the routes on
/// the community's ratings too (`RatingsAPI`, `docs/api.md`).
///
/// A request's body is read up to `largestBody`; a longer one is answered
/// 413 and the connection closed, as is a request whose target or headers
/// are too long (414, 431). Requests on a kept-alive connection are
/// answered in turn (NIO's pipelining handler holds the next until this
/// one is answered).
final class EmojiRequestHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  /// The longest body read: a vote is a hundred bytes or so.
  static let largestBody = 4096
  /// The longest request target, and the most header bytes: the app's
  /// requests are a hundred bytes or two of each.
  static let longestTarget = 2048
  static let largestHeaders = 16_384

  private let service: EmojiService
  private var head: HTTPRequestHead?
  private var body = Data()
  /// The answer a request gets without being looked at (too long a target,
  /// headers or body), once it has all arrived; the connection then closes.
  private var rejection: Answer?
  /// The answer waiting out its delay.
  private var waiting: Scheduled<Void>?
  /// When the request being answered arrived whole, and what it asked
  /// for, for the log and the metrics.
  private var arrived = ContinuousClock.now
  private var routeLabel = "rejected"

  init(service: EmojiService) {
    self.service = service
  }

  func channelActive(context: ChannelHandlerContext) {
    service.count { $0.connections += 1 }
    context.fireChannelActive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      self.head = head
      body = Data()
      rejection = Self.rejection(of: head)
    case .body(let buffer):
      guard rejection == nil else { return }
      if body.count + buffer.readableBytes > Self.largestBody {
        rejection = Self.bodyTooLarge
        body = Data()
      } else {
        body.append(contentsOf: buffer.readableBytesView)
      }
    case .end:
      guard let head else { return }
      self.head = nil
      arrived = .now
      routeLabel = "rejected"
      if let rejection {
        self.rejection = nil
        return send(rejection, to: head, context: context, close: true)
      }
      respond(to: head, body: body, context: context)
    }
  }

  static let bodyTooLarge = Answer.error(.payloadTooLarge, "a body may hold at most \(largestBody) bytes")

  /// The answer to a request too large to look at, by its head; nil for
  /// one of a fair size.
  static func rejection(of head: HTTPRequestHead) -> Answer? {
    if head.uri.utf8.count > longestTarget {
      return .error(.uriTooLong, "a request's path and query may hold at most \(longestTarget) bytes")
    }
    let headerBytes = head.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
    if headerBytes > largestHeaders {
      return .error(
        .requestHeaderFieldsTooLarge, "a request's headers may hold at most \(largestHeaders) bytes")
    }
    let declared = head.headers.first(name: "Content-Length").flatMap { Int($0) } ?? 0
    return declared > largestBody ? bodyTooLarge : nil
  }

  /// Bytes that are not HTTP: SwiftNIO's error handler has answered 400;
  /// the connection closes at once rather than at the request timeout.
  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }

  func channelInactive(context: ChannelHandlerContext) {
    if let waiting {
      waiting.cancel()
      self.waiting = nil
      service.count {
        $0.abandoned += 1
        $0.inFlight -= 1
      }
    }
    context.fireChannelInactive()
  }

  private func respond(to head: HTTPRequestHead, body: Data, context: ChannelHandlerContext) {
    let parts = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = parts.first ?? ""
    let query = parts.count > 1 ? parts[1] : nil
    let authorization = head.headers.first(name: "Authorization")
    let route = Route(method: head.method, path: path)
    routeLabel = route.label
    if route.isRatings, service.ratings == nil {
      // A server started without a database has no ratings to give.
      return send(.error(.notFound, "this server keeps no ratings"), to: head, context: context)
    }
    switch route {
    case .stats:
      send(Answer(status: .ok, body: Answer.json(service.counts.withLock { $0 })), to: head, context: context)
    case .health:
      send(Answer(status: .ok, body: Answer.json(["status": "ok"])), to: head, context: context)
    case .metrics:
      let text = service.metrics.exposition(with: service.counts.withLock { $0 })
      send(
        Answer(status: .ok, body: Data(text.utf8), contentType: "text/plain; version=0.0.4"), to: head,
        context: context)
    case .emoji(let codePoints):
      guard let found = service.record(codePoints) else {
        service.count { $0.notFound += 1 }
        return send(.error(.notFound, "no such emoji: \(path)"), to: head, context: context)
      }
      // Without a database the answer is ready: it goes from the event
      // loop, as it always did; with one, from the loop too when the tally
      // is known in memory, else its tally is read off the loop.
      let answer: Answer.Source =
        service.ratings?.details(of: found, authorization: authorization)
        ?? .ready(Answer(status: .ok, body: found.plain))
      answerAfterDelay(head: head, context: context, answer)
    case .vote(let codePoints):
      let emoji = codePoints.lowercased()
      answer(head: head, context: context) { [ratings = service.ratings!] in
        await ratings.vote(on: emoji, body: body, authorization: authorization)
      }
    case .registerVoter:
      let address = context.remoteAddress?.ipAddress ?? "unknown"
      answer(head: head, context: context) { [ratings = service.ratings!] in
        await ratings.registerVoter(from: address)
      }
    case .top:
      answer(head: head, context: context) { [ratings = service.ratings!] in await ratings.top(query: query) }
    case .events:
      service.metrics.answered(route: routeLabel, status: 200, after: .zero)
      service.events.listen(on: context.channel, request: head)
    case .wrongMethod(let allowed):
      var answer = Answer.error(.methodNotAllowed, "\(path) answers \(allowed) only")
      answer.headers.append(("Allow", allowed))
      send(answer, to: head, context: context)
    case .unknown:
      service.count { $0.notFound += 1 }
      send(.error(.notFound, "no such path: \(path)"), to: head, context: context)
    }
  }

  /// Answers with what `work` makes, off the event loop.
  private func answer(
    head: HTTPRequestHead, context: ChannelHandlerContext, _ work: @escaping @Sendable () async -> Answer
  ) {
    context.eventLoop.makeFutureWithTask(work).assumeIsolated().whenSuccess { [self] answer in
      send(answer, to: head, context: context)
    }
  }

  /// Waits the request's delay (`--latency`), then fails it at the failure
  /// rate or answers with what `source` has or makes.
  private func answerAfterDelay(
    head: HTTPRequestHead, context: ChannelHandlerContext, _ source: Answer.Source
  ) {
    let (milliseconds, fails) = service.draw()
    guard milliseconds > 0 else {
      // No delay (`--latency 0`, a real deployment): no timer either.
      return answerDrawn(fails: fails, source, head: head, context: context)
    }
    service.count { $0.inFlight += 1 }
    let loop = context.eventLoop.assumeIsolated()
    waiting = loop.scheduleTask(in: .microseconds(Int64(milliseconds * 1000))) { [self] in
      waiting = nil
      service.count { $0.inFlight -= 1 }
      answerDrawn(fails: fails, source, head: head, context: context)
    }
  }

  /// Counts the request, then fails it, if it drew a failure, or answers
  /// it with what `source` has or makes.
  private func answerDrawn(
    fails: Bool, _ source: Answer.Source, head: HTTPRequestHead, context: ChannelHandlerContext
  ) {
    service.count { if fails { $0.failed += 1 } else { $0.served += 1 } }
    switch (fails, source) {
    case (true, _):
      send(.error(.serviceUnavailable, "failed on purpose (--failure-rate)"), to: head, context: context)
    case (false, .ready(let answer)):
      send(answer, to: head, context: context)
    case (false, .work(let work)):
      answer(head: head, context: context, work)
    }
  }

  private func send(
    _ answer: Answer, to request: HTTPRequestHead, context: ChannelHandlerContext, close: Bool = false
  ) {
    let took = ContinuousClock.now - arrived
    service.metrics.answered(route: routeLabel, status: answer.status.code, after: took)
    service.logger.debug(
      "\(request.method.rawValue) \(SafeText.escaped(request.uri.prefix(200))) \(answer.status.code) in \(took)"
    )
    let closes = close || !request.isKeepAlive
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: answer.contentType)
    headers.add(name: "Content-Length", value: String(answer.body.count))
    for (name, value) in answer.headers { headers.add(name: name, value: value) }
    if closes { headers.add(name: "Connection", value: "close") }
    context.write(
      wrapOutboundOut(
        .head(HTTPResponseHead(version: request.version, status: answer.status, headers: headers))),
      promise: nil)
    var buffer = context.channel.allocator.buffer(capacity: answer.body.count)
    buffer.writeBytes(answer.body)
    context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
    if closes {
      written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
  }
}

/// What a request asks for, by its method and path.
enum Route: Equatable {
  case emoji(codePoints: Substring)
  case stats, health, metrics
  case vote(codePoints: Substring)
  case registerVoter
  case top
  /// The tallies as they change, as server-sent events.
  case events
  /// A path the server knows, asked with a method it does not answer there.
  case wrongMethod(allowed: String)
  case unknown

  init(method: HTTPMethod, path: Substring) {
    func only(_ expected: HTTPMethod, _ route: Route) -> Route {
      method == expected ? route : .wrongMethod(allowed: expected.rawValue)
    }
    if path.hasPrefix("/emoji/") {
      self = only(.GET, .emoji(codePoints: path.dropFirst("/emoji/".count)))
    } else if path.hasPrefix("/votes/") {
      self = only(.PUT, .vote(codePoints: path.dropFirst("/votes/".count)))
    } else {
      switch path {
      case "/stats": self = only(.GET, .stats)
      case "/health": self = only(.GET, .health)
      case "/metrics": self = only(.GET, .metrics)
      case "/voters": self = only(.POST, .registerVoter)
      case "/top": self = only(.GET, .top)
      case "/events": self = only(.GET, .events)
      default: self = .unknown
      }
    }
  }

  /// Its name in the metrics.
  var label: String {
    switch self {
    case .emoji: "emoji"
    case .stats: "stats"
    case .health: "health"
    case .metrics: "metrics"
    case .vote: "votes"
    case .registerVoter: "voters"
    case .top: "top"
    case .events: "events"
    case .wrongMethod: "wrong_method"
    case .unknown: "unknown"
    }
  }

  /// Whether it needs the ratings database.
  var isRatings: Bool {
    switch self {
    case .vote, .registerVoter, .top, .events: true
    default: false
    }
  }
}
