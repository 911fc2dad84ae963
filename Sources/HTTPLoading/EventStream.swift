import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Support

/// Listens to a stream of server-sent events (`GET path`, answered as
/// `text/event-stream`) on a connection of its own, and tells each event
/// as it comes. When the stream ends or cannot be had, it says so and
/// tries again after a wait that doubles from one second to half a minute
/// (short again once events come); once connected, it says that too
/// (events sent meanwhile were missed). A stream silent for 45 s counts as
/// gone.
///
/// A line longer than 64 KB ends the connection: a stream of events is
/// small lines, and a server sending one without end is not read to the end.
public final class EventStream: Sendable {
  /// What the stream does, in order.
  public enum Happening: Equatable, Sendable {
    /// Connected and answered 200: events from now on come.
    case connected
    /// An event: its name (`message` when it gave none) and its data lines, joined.
    case event(name: String, data: String)
    /// The stream ended or could not be had; another try comes after a wait.
    case disconnected(reason: String)
  }

  static let longestLine = 64 * 1024
  /// How long a stream may say nothing before it counts as gone.
  static let silence = TimeAmount.seconds(45)
  static let firstWait = 1.0
  static let longestWait = 30.0

  private let host: String
  private let port: Int
  private let path: String
  private let handler: @Sendable (Happening) -> Void
  private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
  private let state = Locked((channel: (any Channel)?.none, stopped: false, wait: EventStream.firstWait))

  /// Tells `handler`, on the stream's own thread, what happens.
  public init(host: String, port: Int, path: String, handler: @escaping @Sendable (Happening) -> Void) {
    self.host = host
    self.port = port
    self.path = path
    self.handler = handler
  }

  deinit {
    group.shutdownGracefully { _ in }
  }

  public func start() {
    connect()
  }

  /// Closes the stream; nothing more is told.
  public func stop() {
    let channel = state.withLock { state in
      state.stopped = true
      return state.channel
    }
    channel?.close(promise: nil)
  }

  private func connect() {
    guard !state.withLock({ $0.stopped }) else { return }
    let reader = EventStreamReader(path: path, host: host, port: port) { [weak self] happening in
      self?.told(happening)
    }
    ClientBootstrap(group: group)
      .connectTimeout(.seconds(10))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHTTPClientHandlers()
          // The server says something every 15 s: a stream silent for
          // longer died on the way (a network gone, a NAT forgetting it).
          try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: Self.silence))
          try channel.pipeline.syncOperations.addHandler(reader)
        }
      }
      .connect(host: host, port: port)
      .whenComplete { [weak self] result in
        guard let self else { return }
        switch result {
        case .success(let channel):
          let stopped = state.withLock { state in
            state.channel = channel
            return state.stopped
          }
          if stopped { channel.close(promise: nil) }
        case .failure(let error):
          told(.disconnected(reason: "cannot connect to \(host):\(port): \(error)"))
        }
      }
  }

  private func told(_ happening: Happening) {
    if state.withLock({ $0.stopped }) { return }
    handler(happening)
    switch happening {
    case .event:
      // A stream that brings events works: the next wait starts short. (Not
      // at a mere 200: a server that answers and hangs up at once would be
      // asked every second.)
      state.withLock { $0.wait = Self.firstWait }
    case .disconnected:
      let wait = state.withLock { state in
        state.channel = nil
        defer { state.wait = min(Self.longestWait, state.wait * 2) }
        return state.wait
      }
      group.next().scheduleTask(in: .milliseconds(Int64(wait * 1000))) { [weak self] in self?.connect() }
    case .connected:
      break
    }
  }
}

/// One connection's reader: asks for the stream when the connection opens,
/// then reads its lines into events. Lives on the connection's loop.
final class EventStreamReader: ChannelInboundHandler, @unchecked Sendable {
  // @unchecked: used only on its channel's event loop.
  typealias InboundIn = HTTPClientResponsePart
  typealias OutboundOut = HTTPClientRequestPart

  private let path: String
  private let origin: String
  private let tell: @Sendable (EventStream.Happening) -> Void
  private var line: [UInt8] = []
  private var name = ""
  private var data: [String] = []
  private var isStreaming = false
  private var ended = false

  init(path: String, host: String, port: Int, tell: @escaping @Sendable (EventStream.Happening) -> Void) {
    self.path = path
    origin = HTTPClient.origin(host: host, port: port)
    self.tell = tell
  }

  func channelActive(context: ChannelHandlerContext) {
    var headers = HTTPHeaders()
    headers.add(name: "Host", value: origin)
    headers.add(name: "Accept", value: "text/event-stream")
    headers.add(name: "User-Agent", value: "emoji-rater")
    let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    context.fireChannelActive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      guard head.status == .ok else { return end(context, "the server answered HTTP \(head.status.code)") }
      isStreaming = true
      tell(.connected)
    case .body(let buffer):
      guard isStreaming else { return }
      for byte in buffer.readableBytesView {
        if byte == UInt8(ascii: "\n") {
          take(line)
          line.removeAll(keepingCapacity: true)
        } else if line.count >= EventStream.longestLine {
          return end(context, "the server sent a line over 64 KB")
        } else {
          line.append(byte)
        }
      }
    case .end:
      end(context, "the server ended the stream")
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    end(context, "the stream failed: \(error)")
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is IdleStateHandler.IdleStateEvent {
      end(context, "the server said nothing for \(EventStream.silence.nanoseconds / 1_000_000_000) s")
    } else {
      context.fireUserInboundEventTriggered(event)
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    if !ended {
      ended = true
      tell(.disconnected(reason: "the server closed the stream"))
    }
    context.fireChannelInactive()
  }

  private func end(_ context: ChannelHandlerContext, _ reason: String) {
    guard !ended else { return }
    ended = true
    tell(.disconnected(reason: reason))
    context.close(promise: nil)
  }

  /// One line of the stream: a field, a comment, or the blank line that
  /// ends an event.
  private func take(_ bytes: [UInt8]) {
    var text = String(decoding: bytes, as: UTF8.self)
    if text.hasSuffix("\r") { text.removeLast() }
    if text.isEmpty {
      if !data.isEmpty {
        tell(.event(name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n")))
      }
      name = ""
      data = []
      return
    }
    if text.hasPrefix(":") { return }
    var (field, value) = (text, "")
    if let colon = text.firstIndex(of: ":") {
      field = String(text[..<colon])
      value = String(text[text.index(after: colon)...])
      if value.hasPrefix(" ") { value.removeFirst() }  // One space after the colon is not part of it.
    }
    switch field {
    case "event": name = value
    case "data": data.append(value)
    default: break
    }
  }
}
