import EmojiModel
import Foundation
import Loading
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import RatingsDatabase
import Support

/// `emoji-rater serve`: the emoji's details over HTTP, each after a delay
/// drawn from the same latency models as the simulated loads, for the app
/// to load from (`--source URL`). Built on SwiftNIO's HTTP/1.1.
public final class EmojiServer: Sendable {
  public struct Configuration: Sendable {
    public var host = "127.0.0.1"
    /// 0 picks a free port (`port` then says which).
    public var port = 8080
    public var latency = LatencyModel.default
    public var failureRate = 0.0
    public var seed: UInt64 = 7
    /// Timeouts for the client's side of a connection, and connections per address.
    public var limits = ConnectionLimits()
    /// How often a voter may vote and an address register voters.
    public var ratingsLimits = RatingsLimits()
    /// Where the community's ratings live; nil serves the emoji's details
    /// alone, as before there was one (the benchmark's server).
    public var database: (any RatingsDatabase)?

    public init() {}
  }

  /// The port it listens on.
  public let port: Int
  public let host: String
  private let group: MultiThreadedEventLoopGroup
  private let channel: any Channel
  private let service: EmojiService
  private let isRunning = Locked(true)

  /// Starts listening; throws when the address cannot be had.
  public init(
    catalog: EmojiCatalog, configuration: Configuration, logger: Logger = EmojiServer.silentLogger
  ) throws(ServerError) {
    let service = EmojiService(
      catalog: catalog, latency: configuration.latency, failureRate: configuration.failureRate,
      seed: configuration.seed, database: configuration.database, ratingsLimits: configuration.ratingsLimits,
      logger: logger)
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let limits = configuration.limits
    let limiter = AddressLimiter(limit: limits.connectionsPerAddress)
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(.backlog, value: 256)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          let pipeline = channel.pipeline.syncOperations
          let clock = RequestClock(limits: limits) { service.count { $0.timedOut += 1 } }
          try pipeline.addHandler(AddressGate(limiter: limiter) { service.count { $0.refused += 1 } })
          try pipeline.addHandler(RequestBytesWatch(clock: clock))
          try pipeline.configureHTTPServerPipeline()
          try pipeline.addHandler(RequestEndWatch(clock: clock))
          try pipeline.addHandler(EmojiRequestHandler(service: service))
        }
      }
    do {
      channel = try bootstrap.bind(host: configuration.host, port: configuration.port).wait()
    } catch {
      try? group.syncShutdownGracefully()
      throw ServerError(host: configuration.host, port: configuration.port, cause: error)
    }
    self.group = group
    self.service = service
    host = configuration.host
    port = channel.localAddress?.port ?? configuration.port
    service.events.start(on: group.next())
    // What it has done, a line a minute at most, and none while it does
    // nothing: a line a second wrote 86,400 the same a day to an idle log.
    let reported = Locked(ServerCounts())
    group.next().scheduleRepeatedTask(initialDelay: Self.reportEvery, delay: Self.reportEvery) { _ in
      let now = service.counts.withLock { $0 }
      let change = reported.withLock { last in
        defer { last = now }
        return now.since(last)
      }
      guard change.hasActivity else { return }
      logger.info("in the last minute: \(change.line)")
    }
  }

  /// How often the server says what it has done, if it did anything.
  static let reportEvery = TimeAmount.seconds(60)

  /// A logger that says nothing: a server in a test, or in the benchmark.
  public static let silentLogger = Logger(label: "emoji-rater.serve") { _ in SwiftLogNoOpLogHandler() }

  /// How many listen to `GET /events` now.
  public var listeners: Int { service.events.listenerCount }

  /// What it has done so far.
  public var counts: ServerCounts { service.counts.withLock { $0 } }

  /// Stops listening, drops the connections, and returns once all is
  /// closed. Once: after the first, the event loop is gone, and a close
  /// sent to it would wait forever.
  public func stop() {
    let wasRunning = isRunning.withLock { running in
      defer { running = false }
      return running
    }
    guard wasRunning else { return }
    try? channel.close().wait()
    try? group.syncShutdownGracefully()
  }
}

/// An address the server cannot listen on.
public struct ServerError: Error, CustomStringConvertible {
  public var host: String
  public var port: Int
  public var cause: any Error

  public var description: String {
    if let error = cause as? IOError, error.errnoCode == EADDRINUSE {
      return "port \(port) on \(host) is in use (another server?); pick another with --port, "
        + "or --port 0 for any free one"
    }
    return "cannot listen on \(host) port \(port): \(cause)"
  }
}
