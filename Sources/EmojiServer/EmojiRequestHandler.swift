import EmojiModel
import Foundation
import NIOCore
import NIOHTTP1

/// One connection's requests: `GET /emoji/{code points}` waits its delay
/// on the event loop (no thread is held), then answers with the emoji's
/// JSON, or 503 at the failure rate; `GET /stats` answers the counts at
/// once. A client that goes away during the delay stops it there, and is
/// counted. Requests on a kept-alive connection are answered in turn
/// (NIO's pipelining handler holds the next until this one is answered).
final class EmojiRequestHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let service: EmojiService
  private var head: HTTPRequestHead?
  /// The answer waiting out its delay.
  private var waiting: Scheduled<Void>?

  init(service: EmojiService) {
    self.service = service
  }

  func channelActive(context: ChannelHandlerContext) {
    service.count { $0.connections += 1 }
    context.fireChannelActive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head): self.head = head
    case .body: break  // A GET has none; any that comes is not read.
    case .end:
      guard let head else { return }
      self.head = nil
      respond(to: head, context: context)
    }
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

  private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
    guard head.method == .GET else {
      return send(.methodNotAllowed, Self.error("only GET is answered"), to: head, context: context)
    }
    let path = head.uri.split(separator: "?", maxSplits: 1).first ?? ""
    if path == "/stats" {
      let counts = service.counts.withLock { $0 }
      return send(.ok, (try? EmojiService.encoder.encode(counts)) ?? Data(), to: head, context: context)
    }
    guard path.hasPrefix("/emoji/"), let record = service.record(path.dropFirst("/emoji/".count)) else {
      service.count { $0.notFound += 1 }
      return send(.notFound, Self.error("no such emoji: \(path)"), to: head, context: context)
    }
    let (milliseconds, fails) = service.draw()
    service.count { $0.inFlight += 1 }
    let loop = context.eventLoop.assumeIsolated()
    waiting = loop.scheduleTask(in: .microseconds(Int64(milliseconds * 1000))) { [self] in
      waiting = nil
      service.count {
        $0.inFlight -= 1
        if fails { $0.failed += 1 } else { $0.served += 1 }
      }
      if fails {
        send(
          .serviceUnavailable, Self.error("failed on purpose (--failure-rate)"), to: head, context: context)
      } else {
        send(.ok, record, to: head, context: context)
      }
    }
  }

  private func send(
    _ status: HTTPResponseStatus, _ body: Data, to request: HTTPRequestHead, context: ChannelHandlerContext
  ) {
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: "application/json")
    headers.add(name: "Content-Length", value: String(body.count))
    if !request.isKeepAlive { headers.add(name: "Connection", value: "close") }
    context.write(
      wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))),
      promise: nil)
    var buffer = context.channel.allocator.buffer(capacity: body.count)
    buffer.writeBytes(body)
    context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
    if !request.isKeepAlive {
      written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
  }

  private static func error(_ message: String) -> Data {
    (try? EmojiService.encoder.encode(["error": message])) ?? Data()
  }
}
