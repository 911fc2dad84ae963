import Foundation
import Loading
import NIOCore
import NIOHTTP1
import NIOPosix
import Support

/// A small HTTP/1.1 client for one server: `GET`s with a deadline and a
/// bound on the answer, over a pool of kept-alive connections, on an event
/// loop of its own. Built on SwiftNIO rather than `URLSession` because on
/// Linux the latter reads every body at the network's speed into an
/// unbounded queue before its delegate can refuse it (a server that sent an
/// endless body grew the app past 3 GB in 18 s); here each answer's bytes
/// are counted as they arrive and the connection is closed at the limit,
/// so a load in flight holds at most one body's limit.
///
/// Failures are told apart for the HUD and the status line: the server's
/// (an error status, an answer that is not HTTP or is too big) and the
/// connection's (refused, lost, or no whole answer within the deadline).
public final class HTTPClient: Sendable {
  public struct Configuration: Sendable {
    /// Connections to the server at most; 0 for no bound. More requests
    /// than that wait for one to come free.
    public var connections = 6
    /// Seconds a request may take, waiting for a connection and the answer
    /// included: a server that trickles its answer byte by byte times out too.
    public var timeout: Double = 10
    /// The largest body accepted; a bigger one is cut off and fails.
    public var maximumBodyBytes = 1 << 20
    /// Seconds a kept-alive connection may wait for its next request
    /// before it is closed (servers close theirs too; a request that finds
    /// its connection closed under it is sent again on a new one).
    public var idleTimeout: Double = 10

    public init() {}
  }

  public let host: String
  public let port: Int
  private let group: MultiThreadedEventLoopGroup
  private let pool: NIOLoopBoundBox<ConnectionPool>
  /// What `connections` says, at once, while the pool learns it on its loop.
  private let limit: Locked<Int>
  /// Body bytes read so far, kept or cut off: what a server made it take in.
  private let bodyBytes: Locked<Int>

  public init(host: String, port: Int, configuration: Configuration) {
    self.host = host
    self.port = port
    group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let loop = group.next()
    let bodyBytes = Locked(0)
    pool = .makeBoxSendingValue(
      ConnectionPool(host: host, port: port, configuration: configuration, loop: loop, bodyBytes: bodyBytes),
      eventLoop: loop)
    limit = Locked(configuration.connections)
    self.bodyBytes = bodyBytes
  }

  deinit {
    // Closes every connection; nothing waits for it.
    group.shutdownGracefully { _ in }
  }

  /// Connections to the server at most, now (0: no bound).
  public var connections: Int {
    get { limit.withLock { $0 } }
    set {
      limit.withLock { $0 = newValue }
      let pool = pool
      pool.eventLoop.execute { pool.value.limit = newValue }
    }
  }

  /// `host:port` as a URL and a `Host` header write it (an IPv6 address
  /// in brackets).
  public static func origin(host: String, port: Int) -> String {
    (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
  }

  /// Body bytes read since the start, from every answer, whole or cut off.
  public var bodyBytesRead: Int { bodyBytes.withLock { $0 } }

  /// Asks for `path` (with its query, percent-encoded) and calls `done`
  /// once, on the client's thread, with the body of a 200 answer or why
  /// there is none. Cancelling the returned work closes the request's
  /// connection at once (the server sees its client go) and `done` is not
  /// called.
  public func get(_ path: String, done: @escaping @Sendable (Result<Data, LoadFailure>) -> Void)
    -> ScheduledWork
  {
    send(HTTPRequest(path: path)) { done($0.flatMap(Self.body(of:))) }
  }

  /// Sends `request` and calls `done` once, on the client's thread, with
  /// the server's answer whatever its status, or why there is none (the
  /// connection's failure, or an answer that is not HTTP or too big). A
  /// request is sent again once when a kept-alive connection closes before
  /// any answer (the server may have closed it as idle just as it went
  /// out), unless it says it may not be (`HTTPRequest.isRepeatable`).
  /// Cancelling the returned work is as for `get`.
  public func send(
    _ request: HTTPRequest, done: @escaping @Sendable (Result<HTTPAnswer, LoadFailure>) -> Void
  )
    -> ScheduledWork
  {
    let pool = pool
    let exchange = NIOLoopBoundBox.makeEmptyBox(valueType: Exchange.self, eventLoop: pool.eventLoop)
    pool.eventLoop.execute {
      exchange.value = pool.value.start(request, done: done)
    }
    return ScheduledWork {
      pool.eventLoop.execute {
        if let started = exchange.value { pool.value.cancel(started) }
      }
    }
  }

  /// `send` on the calling thread, which waits for the answer (or the deadline).
  public func sendBlocking(_ request: HTTPRequest) -> Result<HTTPAnswer, LoadFailure> {
    let answer = Locked<Result<HTTPAnswer, LoadFailure>?>(nil)
    let finished = DispatchSemaphore(value: 0)
    _ = send(request) { result in
      answer.withLock { $0 = result }
      finished.signal()
    }
    finished.wait()
    return answer.withLock { $0! }
  }

  /// `get` on the calling thread, which waits for the answer (or the deadline).
  public func getBlocking(_ path: String) -> Result<Data, LoadFailure> {
    sendBlocking(HTTPRequest(path: path)).flatMap(Self.body(of:))
  }

  /// A 200 answer's body; any other status, a failure of the server's.
  private static func body(of answer: HTTPAnswer) -> Result<Data, LoadFailure> {
    answer.status == 200
      ? .success(answer.body) : .failure(.server("the server answered HTTP \(answer.status)"))
  }
}

/// One request and its answer, from the moment it is asked for until it
/// ends: answered, failed, timed out, or cancelled. Lives on the pool's loop.
final class Exchange {
  let request: HTTPRequest
  private let done: @Sendable (Result<HTTPAnswer, LoadFailure>) -> Void
  private(set) var isOver = false
  /// The connection carrying it, once it has one.
  var connection: PooledConnection?
  var deadline: Scheduled<Void>?
  /// Sent again once if a kept-alive connection closes before any answer:
  /// the server may have closed it as idle just as the request went out.
  var mayResend = true

  init(request: HTTPRequest, done: @escaping @Sendable (Result<HTTPAnswer, LoadFailure>) -> Void) {
    self.request = request
    self.done = done
    mayResend = request.isRepeatable
  }

  /// Ends it with `result`, told once; later ends are ignored.
  func end(_ result: Result<HTTPAnswer, LoadFailure>) {
    guard !isOver else { return }
    isOver = true
    deadline?.cancel()
    done(result)
  }

  /// Ends it untold: whoever asked has gone.
  func abandon() {
    isOver = true
    deadline?.cancel()
  }
}

/// The connections to one server and the requests waiting for one. Every
/// call comes on `loop`, which owns all of this state.
final class ConnectionPool {
  let host: String
  let port: Int
  let configuration: HTTPClient.Configuration
  let loop: any EventLoop
  let bodyBytes: Locked<Int>
  /// Connections at most (0: no bound); fewer now closes the spare ones as
  /// they come free.
  var limit: Int {
    didSet { dispatchWaiting() }
  }
  /// Connections open or being opened.
  private var open = 0
  /// Kept-alive connections with no request, the most recently used last.
  private var idle: [PooledConnection] = []
  /// Requests waiting for a connection, oldest first; ended ones are
  /// skipped when their turn comes.
  private var waiting: [Exchange] = []
  private var nextWaiting = 0

  init(
    host: String, port: Int, configuration: HTTPClient.Configuration, loop: any EventLoop,
    bodyBytes: Locked<Int>
  ) {
    self.host = host
    self.bodyBytes = bodyBytes
    self.port = port
    self.configuration = configuration
    self.loop = loop
    limit = configuration.connections
  }

  private var hasRoom: Bool { limit == 0 || open < limit }

  func start(_ request: HTTPRequest, done: @escaping @Sendable (Result<HTTPAnswer, LoadFailure>) -> Void)
    -> Exchange
  {
    let exchange = Exchange(request: request, done: done)
    let seconds = configuration.timeout
    exchange.deadline = loop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) {
      let connection = exchange.connection
      exchange.end(.failure(.connection("no answer in \(Self.seconds(seconds))")))
      connection?.close()
    }
    send(exchange)
    return exchange
  }

  func cancel(_ exchange: Exchange) {
    guard !exchange.isOver else { return }
    exchange.abandon()
    exchange.connection?.close()
  }

  /// Sends `exchange` on an idle connection, a new one, or when one comes free.
  func send(_ exchange: Exchange) {
    guard !exchange.isOver else { return }
    while let connection = idle.popLast() {
      if connection.isActive {
        connection.send(exchange)
        return
      }
    }
    if hasRoom {
      connect(for: exchange)
    } else {
      waiting.append(exchange)
    }
  }

  private func connect(for exchange: Exchange) {
    open += 1
    let connection = PooledConnection(pool: self)
    let reader = NIOLoopBound(connection, eventLoop: loop)
    ClientBootstrap(group: loop)
      .connectTimeout(.nanoseconds(Int64(configuration.timeout * 1e9)))
      .channelOption(.socketOption(.tcp_nodelay), value: 1)
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHTTPClientHandlers()
          try channel.pipeline.syncOperations.addHandler(reader.value)
        }
      }
      .connect(host: host, port: port)
      .assumeIsolated()
      .whenComplete { [self] result in
        switch result {
        case .success:
          if exchange.isOver {
            release(connection)
          } else {
            connection.send(exchange)
          }
        case .failure(let error):
          open -= 1
          exchange.end(.failure(.connection("cannot connect to \(origin): \(Self.describe(error))")))
          dispatchWaiting()
        }
      }
  }

  /// A connection whose answer is in: it takes the next waiting request,
  /// or waits for one (closed after the idle timeout), or closes if the
  /// pool has shrunk.
  func release(_ connection: PooledConnection) {
    if let next = takeWaiting() {
      connection.send(next)
    } else if limit != 0, open > limit {
      connection.close()
    } else {
      idle.append(connection)
      connection.closeWhenIdle(for: configuration.idleTimeout)
    }
  }

  /// A connection has closed, for whatever reason.
  func closed(_ connection: PooledConnection) {
    open -= 1
    idle.removeAll { $0 === connection }
    dispatchWaiting()
  }

  private func dispatchWaiting() {
    while hasRoom || !idle.isEmpty, let next = takeWaiting() {
      send(next)
    }
  }

  private func takeWaiting() -> Exchange? {
    while nextWaiting < waiting.count {
      let exchange = waiting[nextWaiting]
      nextWaiting += 1
      if nextWaiting == waiting.count {
        waiting.removeAll(keepingCapacity: true)
        nextWaiting = 0
      }
      if !exchange.isOver { return exchange }
    }
    return nil
  }

  /// `host:port` as a URL writes it.
  var origin: String { HTTPClient.origin(host: host, port: port) }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }

  /// An error as a person reads it: "connection refused", not an enum case.
  static func describe(_ error: any Error) -> String {
    if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
    if let error = error as? ChannelError, case .connectTimeout = error { return "timed out" }
    if let error = error as? NIOConnectionError {
      if let first = error.connectionErrors.first { return describe(first.error) }
      if error.dnsAAAAError != nil || error.dnsAError != nil { return "no such host" }
    }
    return "\(error)"
  }
}

/// One connection to the server, as a handler at the end of its pipeline:
/// sends a request, reads its answer as it comes, and says how it ended.
final class PooledConnection: ChannelInboundHandler {
  typealias InboundIn = HTTPClientResponsePart
  typealias OutboundOut = HTTPClientRequestPart

  private let pool: ConnectionPool
  private var context: ChannelHandlerContext?
  private var exchange: Exchange?
  private var answer: Answer?
  /// Answers read on this connection: more than none means kept alive.
  private var answered = 0
  private var idleTimer: Scheduled<Void>?

  private struct Answer {
    var status: HTTPResponseStatus
    var keepAlive: Bool
    var retryAfter: Double?
    var body: ByteBuffer
  }

  init(pool: ConnectionPool) {
    self.pool = pool
  }

  var isActive: Bool { context?.channel.isActive ?? false }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
  }

  func send(_ exchange: Exchange) {
    guard let context else { return pool.send(exchange) }
    idleTimer?.cancel()
    idleTimer = nil
    self.exchange = exchange
    exchange.connection = self
    answer = nil
    let request = exchange.request
    var headers = HTTPHeaders()
    headers.add(name: "Host", value: pool.origin)
    headers.add(name: "Accept", value: "application/json")
    headers.add(name: "User-Agent", value: "emoji-rater")
    for (name, value) in request.headers { headers.add(name: name, value: value) }
    if let body = request.body {
      headers.add(name: "Content-Type", value: "application/json")
      headers.add(name: "Content-Length", value: String(body.count))
    }
    let head = HTTPRequestHead(
      version: .http1_1, method: HTTPMethod(rawValue: request.method), uri: request.path, headers: headers)
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    if let body = request.body {
      context.write(
        wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
    }
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
  }

  func closeWhenIdle(for seconds: Double) {
    idleTimer = context?.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) {
      [self] in close()
    }
  }

  func close() {
    context?.close(promise: nil)
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard let exchange, !exchange.isOver else {
      // An answer to a request that has ended (cancelled, timed out) or
      // was never made: the connection's state is unknown, so it goes.
      return close()
    }
    let limit = pool.configuration.maximumBodyBytes
    switch unwrapInboundIn(data) {
    case .head(let head):
      if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
        return fail(.server("the server's answer is over \(Self.size(limit))"))
      }
      answer = Answer(
        status: head.status, keepAlive: head.isKeepAlive,
        retryAfter: head.headers.first(name: "Retry-After").flatMap(Double.init),
        body: context.channel.allocator.buffer(capacity: 0))
    case .body(var part):
      pool.bodyBytes.withLock { $0 += part.readableBytes }
      guard answer != nil else { return }
      if answer!.body.readableBytes + part.readableBytes > limit {
        return fail(.server("the server's answer is over \(Self.size(limit))"))
      }
      answer!.body.writeBuffer(&part)
    case .end:
      guard let answer else { return }
      self.exchange = nil
      self.answer = nil
      answered += 1
      exchange.end(
        .success(
          HTTPAnswer(
            status: Int(answer.status.code), retryAfter: answer.retryAfter,
            body: Data(answer.body.readableBytesView))))
      if answer.keepAlive { pool.release(self) } else { close() }
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if error is HTTPParserError {
      fail(.server("the server's answer is not HTTP"))
    } else {
      fail(.connection("the connection failed: \(ConnectionPool.describe(error))"))
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    idleTimer?.cancel()
    pool.closed(self)
    if let exchange, !exchange.isOver {
      self.exchange = nil
      if answer == nil, answered > 0, exchange.mayResend {
        exchange.mayResend = false
        pool.send(exchange)
      } else {
        let what = answer == nil ? "closed the connection without answering" : "cut its answer short"
        exchange.end(.failure(.connection("the server \(what)")))
      }
    }
    context.fireChannelInactive()
  }

  /// Ends the request with `failure` and closes the connection: what is
  /// left of the answer is not worth reading.
  private func fail(_ failure: LoadFailure) {
    exchange?.end(.failure(failure))
    exchange = nil
    answer = nil
    close()
  }

  static func size(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : bytes % 1024 == 0 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
  }
}
