import Foundation
import Loading
import Testing

@testable import EmojiRater
@testable import EmojiServer

/// Loads over HTTP from a server started in-process on a free loopback
/// port: what arrives, how each way of failing is told, and that a
/// cancelled load is cancelled on the server too.
@Suite(.serialized, .timeLimit(.minutes(1))) struct HTTPSourceTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: false)

  func start(latency: LatencyModel = .none, failureRate: Double = 0) throws -> EmojiServer {
    try startServer(catalog: Self.catalog, latency: latency, failureRate: failureRate)
  }

  /// The app's own source of the catalog's emoji, from `port`.
  func emojiSource(port: Int, connections: Int = 4) -> HTTPLoadSource<Int, EmojiPresentation> {
    EmojiOverHTTP.source(
      base: URL(string: "http://127.0.0.1:\(port)")!, catalog: Self.catalog, glyphs: .safe,
      connections: connections)
  }

  /// A source of whatever body `port` answers at `/anything`, as text.
  func textSource(port: Int, timeout: Double = 10) -> HTTPLoadSource<Int, String> {
    var configuration = HTTPLoadSource<Int, String>.Configuration()
    configuration.timeout = timeout
    return HTTPLoadSource(
      configuration: configuration, url: { URL(string: "http://127.0.0.1:\(port)/anything/\($0)")! },
      decode: { _, body in String(decoding: body, as: UTF8.self) })
  }

  func load<Value>(_ source: HTTPLoadSource<Int, Value>, _ id: Int) async -> Result<Value, LoadFailure> {
    await withCheckedContinuation { continuation in
      _ = source.start(id, attempt: 0) { continuation.resume(returning: $0) }
    }
  }

  @Test func aLoadBringsTheEmojiTheServerDescribes() async throws {
    let server = try start()
    defer { server.stop() }
    let source = emojiSource(port: server.port)
    let item = try #require(
      (0..<Self.catalog.count).first { Self.catalog.emoji(atFlatIndex: $0).string == "😂" })
    let presentation = try await load(source, item).get()
    #expect(presentation.emoji.name == "face with tears of joy")
    #expect(presentation.emoji.keywords.contains("laugh"))
    #expect(presentation.emoji == Self.catalog.emoji(atFlatIndex: item), "the same emoji the catalog has")
    #expect(server.counts.served == 1)
  }

  @Test func aServerThatFailsIsAServerFailureNotAConnectionError() async throws {
    let server = try start(failureRate: 1)
    defer { server.stop() }
    #expect(await load(emojiSource(port: server.port), 0).failure == .server)
  }

  @Test func anEmojiTheServerDoesNotKnowIs404AndAServerFailure() async throws {
    let server = try start()
    defer { server.stop() }
    #expect(await load(textSource(port: server.port), 1).failure == .server)
    #expect(server.counts.notFound == 1)
  }

  @Test func noServerThereIsAConnectionError() async throws {
    let server = try start()
    let port = server.port
    server.stop()
    #expect(await load(emojiSource(port: port), 0).failure == .connection)
  }

  @Test func aBodyThatIsNotTheEmojiAskedIsAServerFailure() throws {
    let asked = Self.catalog.emoji(atFlatIndex: 0)
    let other = EmojiRecord(Self.catalog.emoji(atFlatIndex: 1))
    let body = try JSONEncoder().encode(other)
    #expect(throws: (any Error).self) { try EmojiOverHTTP.emoji(from: body, for: asked) }
    #expect(throws: (any Error).self) { try EmojiOverHTTP.emoji(from: Data("<html>".utf8), for: asked) }
    #expect(throws: (any Error).self) { try EmojiOverHTTP.emoji(from: Data("{}".utf8), for: asked) }
    let own = try JSONEncoder().encode(EmojiRecord(asked))
    #expect(try EmojiOverHTTP.emoji(from: own, for: asked) == asked)
  }

  @Test(arguments: [MisbehavingServer.Behaviour.endlessBody, .hugeLength])
  func aHundredMegabyteBodyIsCutOffAndFails(behaviour: MisbehavingServer.Behaviour) async throws {
    let server = try MisbehavingServer(behaviour)
    defer { server.stop() }
    let started = ContinuousClock.now
    #expect(await load(textSource(port: server.port), 0).failure == .server)
    #expect(ContinuousClock.now - started < .seconds(9), "cut off, not read to the end nor timed out")
  }

  @Test func anAnswerTrickledByteByByteTimesOut() async throws {
    let server = try MisbehavingServer(.trickle)
    defer { server.stop() }
    // Each byte comes well within the timeout; the whole answer (4 s) does not.
    let started = ContinuousClock.now
    #expect(await load(textSource(port: server.port, timeout: 1), 0).failure == .connection)
    let waited = ContinuousClock.now - started
    #expect(waited >= .milliseconds(900), "timed out at the deadline, not at once")
  }

  /// A terminal made bigger grows the pool: the connections grow with it,
  /// and a load under way when they do still arrives.
  @Test func theConnectionsFollowThePool() async throws {
    let server = try start(latency: .fixed(200))
    defer { server.stop() }
    let source = emojiSource(port: server.port, connections: 4)
    let loader = await MainActor.run {
      var configuration = Loader<Int, EmojiPresentation>.Configuration()
      configuration.maxConcurrent = 4
      let loader = Loader(source: source, configuration: configuration)
      loader.load(0, priority: .visible)
      loader.submitRequests()
      return loader
    }
    #expect(await eventually { server.counts.inFlight == 1 })
    await MainActor.run {
      loader.maxConcurrent = 9
      loader.load(1, priority: .visible)
    }
    #expect(source.connections == 9)
    #expect(await eventually { await MainActor.run { loader.counters.completed } == 2 })
    #expect(server.counts.served == 2)
  }

  /// `sync` mode over HTTP: the calling thread waits for the answer.
  @Test func aBlockingLoadWaitsForTheServersAnswer() async throws {
    let server = try start(latency: .fixed(50))
    defer { server.stop() }
    let source = emojiSource(port: server.port)
    let loaded = await MainActor.run {
      Loader(source: source, configuration: .init()).loadSynchronously(0)
    }
    #expect(loaded?.emoji == Self.catalog.emoji(atFlatIndex: 0))
    #expect(server.counts.served == 1)
    server.stop()
    #expect(source.loadBlocking(1, attempt: 0).failure == .connection)
  }

  /// The loader's cancel reaches the wire: the server sees its client go
  /// during the delay, once per load cancelled under way.
  @Test func cancellingLoadsAbandonsTheirRequestsOnTheServer() async throws {
    let server = try start(latency: .fixed(10_000))
    defer { server.stop() }
    let loader = await MainActor.run {
      var configuration = Loader<Int, EmojiPresentation>.Configuration()
      configuration.maxConcurrent = 4
      return Loader(source: emojiSource(port: server.port), configuration: configuration)
    }
    await MainActor.run {
      for item in 0..<4 { loader.load(item, priority: .visible) }
    }
    #expect(await eventually { server.counts.inFlight == 4 })
    await MainActor.run {
      loader.cancelAll()
      loader.submitRequests()
    }
    #expect(await eventually { server.counts.abandoned == 4 })
    #expect(await MainActor.run { loader.counters.cancelledDuringWait } == 4)
    #expect(
      await MainActor.run { loader.counters.connectionErrors } == 0, "a cancel is not a lost connection")
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let failure) = self { failure } else { nil }
  }
}
