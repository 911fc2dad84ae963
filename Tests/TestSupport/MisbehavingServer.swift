import Foundation
import NIOCore
import NIOPosix

/// A server on a free loopback port that answers every request badly, the
/// ways a broken or hostile server can: a body far too big, an answer a
/// byte at a time, bytes that are not HTTP, a body that is not the emoji or
/// is another emoji's, a connection reset at once.
public final class MisbehavingServer: Sendable {
  public enum Behaviour: Sendable, CaseIterable {
    /// 200 with no length, then 100 MB of bytes until the client goes.
    case endlessBody
    /// 200 that announces a 100 MB body.
    case hugeLength
    /// The answer's bytes one every 100 ms.
    case trickle
    /// Bytes that are not HTTP at all.
    case garbage
    /// 200 whose body is a web page, not emoji data.
    case notEmojiData
    /// 200 with the record of 😁, whatever was asked.
    case otherEmoji
    /// The connection reset as soon as the request arrives.
    case reset
    /// 200 "ok" kept alive, then closed without a word at the connection's
    /// next request: what a server does that closes an idle connection just
    /// as the client sends on it.
    case oncePerConnection
  }

  public let port: Int
  private let group: MultiThreadedEventLoopGroup
  private let channel: any Channel

  public init(_ behaviour: Behaviour) throws {
    group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    channel = try ServerBootstrap(group: group)
      .serverChannelOption(.backlog, value: 512)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(Answer(behaviour))
        }
      }
      .bind(host: "127.0.0.1", port: 0).wait()
    port = channel.localAddress?.port ?? 0
  }

  public func stop() {
    try? channel.close().wait()
    try? group.syncShutdownGracefully()
  }

  private final class Answer: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let behaviour: Behaviour
    private var answered = false

    init(_ behaviour: Behaviour) { self.behaviour = behaviour }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      guard !answered else {
        if behaviour == .oncePerConnection { context.close(promise: nil) }
        return
      }
      answered = true
      switch behaviour {
      case .hugeLength:
        write("HTTP/1.1 200 OK\r\nContent-Length: 104857600\r\n\r\n{", context: context)
      case .endlessBody:
        write("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", context: context)
        sendChunks(left: 1_600, context: context)  // 64 KB each: 100 MB.
      case .trickle:
        trickle(Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}".utf8), context: context)
      case .garbage:
        write("\u{0}\u{1}SSH-2.0-not-http\r\n\r\n{}", context: context, thenClose: true)
      case .notEmojiData:
        answer("<html><body>It works!</body></html>", context: context)
      case .otherEmoji:
        answer(
          #"{"codePoints":"1f601","emoji":"😁","name":"beaming face with smiling eyes","#
            + #""group":"Smileys & Emotion","subgroup":"face-smiling","version":"1.0","keywords":[]}"#,
          context: context)
      case .oncePerConnection:
        write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", context: context)
      case .reset:
        // A zero linger turns the close into a reset (RST), not a goodbye (FIN).
        let provider = context.channel as? any SocketOptionProvider
        let lingered =
          provider?.setSoLinger(linger(l_onoff: 1, l_linger: 0))
          ?? context.eventLoop.makeSucceededVoidFuture()
        lingered.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
      }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
      context.close(promise: nil)
    }

    private func answer(_ body: String, context: ChannelHandlerContext) {
      write(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)",
        context: context)
      answered = false  // Kept alive: the next request on it is answered too.
    }

    private func write(_ text: String, context: ChannelHandlerContext, thenClose: Bool = false) {
      let written = context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: text)))
      if thenClose { written.assumeIsolated().whenComplete { _ in context.close(promise: nil) } }
    }

    private func sendChunks(left: Int, context: ChannelHandlerContext) {
      guard left > 0, context.channel.isActive else { return }
      let chunk = context.channel.allocator.buffer(repeating: UInt8(ascii: "x"), count: 65_536)
      context.writeAndFlush(wrapOutboundOut(chunk)).assumeIsolated().whenSuccess { [self] in
        sendChunks(left: left - 1, context: context)
      }
    }

    private func trickle(_ bytes: [UInt8], context: ChannelHandlerContext) {
      guard let first = bytes.first, context.channel.isActive else { return }
      context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: [first])), promise: nil)
      context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(100)) { [self] in
        trickle(Array(bytes.dropFirst()), context: context)
      }
    }
  }
}
