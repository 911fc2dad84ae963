import Foundation
import NIOCore
import NIOPosix

/// A TCP proxy on a free loopback port in front of `target`, that drops
/// one connection in `every`: it passes the client's request on to the
/// server, waits for the server's answer, and then closes the client's
/// connection without a byte of it. The server has done what was asked;
/// the client cannot know it (what a flaky network does to a request).
public final class DroppingProxy: Sendable {
  public let port: Int
  private let group: MultiThreadedEventLoopGroup
  private let channel: any Channel
  private let accepted = LockedBox(0)
  private let droppedBox = LockedBox(0)

  public init(to targetPort: Int, droppingOneIn every: Int) throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    self.group = group
    let accepted = accepted
    let dropped = droppedBox
    let countDrop: @Sendable () -> Void = { dropped.update { $0 += 1 } }
    channel = try ServerBootstrap(group: group)
      .childChannelInitializer { inbound in
        accepted.update { $0 += 1 }
        let drops = accepted.get() % every == 0
        return Self.relay(inbound, to: targetPort, onDrop: drops ? countDrop : nil)
      }
      .bind(host: "127.0.0.1", port: 0).wait()
    port = channel.localAddress?.port ?? 0
  }

  /// Connects `inbound` to the server at `port`, each side passing on what
  /// the other sends; with `onDrop`, the server's answer closes both instead.
  private static func relay(
    _ inbound: any Channel, to port: Int, onDrop: (@Sendable () -> Void)?
  ) -> EventLoopFuture<Void> {
    let connecting = ClientBootstrap(group: inbound.eventLoop)
      .channelInitializer { outbound in
        outbound.pipeline.addHandler(Relay(to: inbound, dropping: onDrop))
      }
      .connect(host: "127.0.0.1", port: port)
    return connecting.flatMap { outbound -> EventLoopFuture<Void> in
      inbound.pipeline.addHandler(Relay(to: outbound, dropping: nil))
    }
  }

  /// Connections dropped so far, each after the server answered.
  public var dropped: Int { droppedBox.get() }

  public func stop() {
    try? channel.close().wait()
    try? group.syncShutdownGracefully()
  }

  /// Passes what one side sends to the other; with `dropping`, the
  /// server's first bytes instead close the client's side (and are told).
  final class Relay: ChannelInboundHandler, @unchecked Sendable {
    // @unchecked: used only on its channel's event loop (both sides share one).
    typealias InboundIn = ByteBuffer
    private let peer: any Channel
    private var dropping: (@Sendable () -> Void)?

    init(to peer: any Channel, dropping: (@Sendable () -> Void)?) {
      self.peer = peer
      self.dropping = dropping
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      if let dropping {
        self.dropping = nil
        dropping()
        peer.close(promise: nil)
        context.close(promise: nil)
        return
      }
      peer.writeAndFlush(unwrapInboundIn(data), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
      peer.close(promise: nil)
      context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
      context.close(promise: nil)
    }
  }
}
