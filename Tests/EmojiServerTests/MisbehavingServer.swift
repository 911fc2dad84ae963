import Foundation
import NIOCore
import NIOPosix

/// A server on a free loopback port that answers every request badly, the
/// ways a real network can: a body far too big, or an answer a byte at a time.
final class MisbehavingServer: Sendable {
  enum Behaviour: Sendable {
    /// 200 with no length, then 100 MB of bytes until the client goes.
    case endlessBody
    /// 200 that announces a 100 MB body.
    case hugeLength
    /// The answer's bytes one every 100 ms.
    case trickle
  }

  let port: Int
  private let group: MultiThreadedEventLoopGroup
  private let channel: any Channel

  init(_ behaviour: Behaviour) throws {
    group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    channel = try ServerBootstrap(group: group)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(Answer(behaviour))
        }
      }
      .bind(host: "127.0.0.1", port: 0).wait()
    port = channel.localAddress?.port ?? 0
  }

  func stop() {
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
      guard !answered else { return }
      answered = true
      switch behaviour {
      case .hugeLength:
        write("HTTP/1.1 200 OK\r\nContent-Length: 104857600\r\n\r\n{", context: context)
      case .endlessBody:
        write("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", context: context)
        sendChunks(left: 1_600, context: context)  // 64 KB each: 100 MB.
      case .trickle:
        trickle(Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}".utf8), context: context)
      }
    }

    private func write(_ text: String, context: ChannelHandlerContext) {
      context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: text)), promise: nil)
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
