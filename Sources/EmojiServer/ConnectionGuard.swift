import EmojiModel
import Loading
import NIOCore
import NIOHTTP1
import Support

/// How long a client may take over its side of a connection, and how many
/// connections one address may hold: what keeps a few sockets that send
/// half a request (or nothing) from holding the server's descriptors.
public struct ConnectionLimits: Sendable {
  /// Seconds from a request's first byte to its last: a client that
  /// trickles its request a byte at a time, or stops halfway, is cut off.
  /// A few seconds: a real client sends a GET whole, in one packet.
  public var requestTimeout: Double = 5
  /// Seconds a connection may wait for its next request, after an answer
  /// or since it opened. Longer than the app's own client keeps an idle
  /// connection (10 s), so it is mostly the client that closes one.
  public var keepAliveTimeout: Double = 15
  /// Connections one address may hold at once; more are closed as they
  /// come. Well above the app's largest pool (515 at 200×60; one
  /// connection per load in flight).
  public var connectionsPerAddress = 1_024

  public init() {}
}

/// One connection's clock, shared by its two handlers: the one before the
/// HTTP decoder sees a request's first bytes arrive, the one after it sees
/// the request end and its answer go. Only the client's side is timed: an
/// answer waiting out the server's delay (`--latency`) never is.
final class RequestClock {
  private enum Phase {
    /// Waiting for a request (since the connection opened, or since the
    /// last answer went): the keep-alive timeout.
    case idle
    /// A request under way, not yet whole: the request timeout, from its first byte.
    case receiving
    /// The request is whole and being answered: no timeout.
    case answering
  }

  private let limits: ConnectionLimits
  private let onTimeout: () -> Void
  private var phase = Phase.idle
  /// When the phase's time runs out; nil while answering.
  private var deadline: NIODeadline?
  /// The timer, and when it fires: at the deadline or before it. Moving
  /// the deadline later leaves it be (when it fires early, it sets itself
  /// for the new deadline), so a request costs no timer of its own; only
  /// a deadline sooner than the timer sets it again.
  private var timer: (task: Scheduled<Void>, firesAt: NIODeadline)?
  private var channel: (any Channel)?

  init(limits: ConnectionLimits, onTimeout: @escaping () -> Void) {
    self.limits = limits
    self.onTimeout = onTimeout
  }

  func opened(_ channel: any Channel) {
    self.channel = channel
    arm(limits.keepAliveTimeout)
  }

  func bytesArrived() {
    guard phase == .idle else { return }
    phase = .receiving
    arm(limits.requestTimeout)
  }

  func requestEnded() {
    phase = .answering
    deadline = nil
  }

  func answerWritten() {
    phase = .idle
    arm(limits.keepAliveTimeout)
  }

  func closed() {
    timer?.task.cancel()
    timer = nil
    deadline = nil
    channel = nil
  }

  private func arm(_ seconds: Double) {
    let deadline = NIODeadline.now() + .nanoseconds(Int64(seconds * 1e9))
    self.deadline = deadline
    if let timer, timer.firesAt <= deadline { return }
    timer?.task.cancel()
    setTimer(for: deadline)
  }

  private func setTimer(for when: NIODeadline) {
    guard let channel else { return }
    let task = channel.eventLoop.assumeIsolated().scheduleTask(deadline: when) { [self] in
      timer = nil
      guard let deadline else { return }  // Answering: set again when the answer goes.
      if deadline > .now() { return setTimer(for: deadline) }
      onTimeout()
      channel.close(promise: nil)
    }
    timer = (task, when)
  }
}

/// Before the HTTP decoder: tells the clock when a request's bytes start.
final class RequestBytesWatch: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer

  private let clock: RequestClock

  init(clock: RequestClock) { self.clock = clock }

  func channelActive(context: ChannelHandlerContext) {
    clock.opened(context.channel)
    context.fireChannelActive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    clock.bytesArrived()
    context.fireChannelRead(data)
  }

  func channelInactive(context: ChannelHandlerContext) {
    clock.closed()
    context.fireChannelInactive()
  }
}

/// After the HTTP decoder: tells the clock when a request is whole and
/// when its answer has gone.
final class RequestEndWatch: ChannelDuplexHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  private let clock: RequestClock

  init(clock: RequestClock) { self.clock = clock }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case .end = unwrapInboundIn(data) { clock.requestEnded() }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard case .end = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
    let written = promise ?? context.eventLoop.makePromise()
    written.futureResult.assumeIsolated().whenSuccess { [clock] in clock.answerWritten() }
    context.write(data, promise: written)
  }
}

/// The connections each address holds, across the server's event loops:
/// one over the limit is closed as it opens, and counted.
final class AddressLimiter: Sendable {
  private let limit: Int
  private let held = Locked([String: Int]())

  init(limit: Int) { self.limit = limit }

  /// Takes a place for `address`; false when it has none left.
  func admit(_ address: String) -> Bool {
    held.withLock { held in
      guard held[address, default: 0] < limit else { return false }
      held[address, default: 0] += 1
      return true
    }
  }

  func release(_ address: String) {
    held.withLock { held in
      held[address, default: 1] -= 1
      if held[address] == 0 { held.removeValue(forKey: address) }
    }
  }
}

/// First in the pipeline: closes a connection whose address holds too many.
final class AddressGate: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer

  private let limiter: AddressLimiter
  private let onRefused: () -> Void
  private var admitted: String?

  init(limiter: AddressLimiter, onRefused: @escaping () -> Void) {
    self.limiter = limiter
    self.onRefused = onRefused
  }

  func channelActive(context: ChannelHandlerContext) {
    let address = context.remoteAddress?.ipAddress ?? "unknown"
    guard limiter.admit(address) else {
      onRefused()
      context.close(promise: nil)
      return
    }
    admitted = address
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    if let admitted { limiter.release(admitted) }
    admitted = nil
    context.fireChannelInactive()
  }
}
