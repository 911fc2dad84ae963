import EmojiModel
import Foundation
import HTTPLoading
import Loading
import TestSupport
import Testing

@testable import EmojiRater
@testable import EmojiServer

/// Loads over HTTP from a server started in-process on a free loopback
/// port: what arrives, how each way of failing is told, and that a
/// cancelled load is cancelled on the server too.
/// (Three minutes at most, to catch a hang: under Thread Sanitizer,
/// beside every other suite on two cores, a test here took over one.)
@Suite(.serialized, .timeLimit(.minutes(3))) struct HTTPSourceTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: false)

  func start(latency: LatencyModel = .none, failureRate: Double = 0) throws -> EmojiServer {
    try startServer(catalog: Self.catalog, latency: latency, failureRate: failureRate)
  }

  /// The app's own source of the catalog's emoji, from `port`.
  func emojiSource(port: Int, connections: Int = 4) -> HTTPLoadSource<Int, EmojiPresentation> {
    EmojiOverHTTP.source(
      server: ("127.0.0.1", port, ""), catalog: Self.catalog, glyphs: .safe, connections: connections)
  }

  /// A source of whatever body `port` answers at `/anything`, as text.
  func textSource(port: Int, timeout: Double = 10) -> HTTPLoadSource<Int, String> {
    var configuration = HTTPLoadSource<Int, String>.Configuration()
    configuration.timeout = timeout
    return HTTPLoadSource(
      host: "127.0.0.1", port: port, configuration: configuration, path: { "/anything/\($0)" },
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
    #expect(await load(emojiSource(port: server.port), 0).failure == .server("the server answered HTTP 503"))
  }

  @Test func anEmojiTheServerDoesNotKnowIs404AndAServerFailure() async throws {
    let server = try start()
    defer { server.stop() }
    #expect(await load(textSource(port: server.port), 1).failure == .server("the server answered HTTP 404"))
    #expect(server.counts.notFound == 1)
  }

  @Test func noServerThereIsAConnectionError() async throws {
    let server = try start()
    let port = server.port
    server.stop()
    let failure = await load(emojiSource(port: port), 0).failure
    #expect(failure == .connection("cannot connect to 127.0.0.1:\(port): connection refused"))
  }

  @Test func aBodyThatIsNotTheEmojiAskedIsAServerFailure() throws {
    let asked = Self.catalog.emoji(atFlatIndex: 0)
    let other = EmojiRecord(Self.catalog.emoji(atFlatIndex: 1))
    let notData = LoadFailure.server("the server's answer is not emoji data")
    #expect(throws: LoadFailure.server("the server answered with another emoji (\(other.codePoints))")) {
      try EmojiOverHTTP.answer(try JSONEncoder().encode(other), for: asked).emoji
    }
    #expect(throws: notData) { try EmojiOverHTTP.answer(Data("<html>".utf8), for: asked).emoji }
    #expect(throws: notData) { try EmojiOverHTTP.answer(Data("{}".utf8), for: asked).emoji }
    // Its own code points with another emoji is not the emoji asked either.
    var mixed = EmojiRecord(asked)
    mixed.emoji = other.emoji
    #expect(throws: LoadFailure.self) {
      try EmojiOverHTTP.answer(try JSONEncoder().encode(mixed), for: asked).emoji
    }
    let own = try JSONEncoder().encode(EmojiRecord(asked))
    #expect(try EmojiOverHTTP.answer(own, for: asked).emoji == asked)
  }

  /// A server with a database counts the community's votes; one without
  /// (or an older one) sends none, and the cell shows none.
  @Test func theCommunitysVotesComeWithTheEmojiWhereTheServerCountsThem() throws {
    let asked = Self.catalog.emoji(atFlatIndex: 0)
    var record = EmojiRecord(asked)
    #expect(try EmojiOverHTTP.answer(try JSONEncoder().encode(record), for: asked).community == nil)
    record.up = 1_234
    record.down = 87
    let tallied = try EmojiOverHTTP.answer(try JSONEncoder().encode(record), for: asked)
    #expect(tallied.community == CommunityTally(up: 1_234, down: 87))
    #expect(tallied.emoji == asked)
    record.up = -5
    record.down = nil
    #expect(try EmojiOverHTTP.answer(try JSONEncoder().encode(record), for: asked).community?.total == 0)
  }

  /// A server's words reach the screen and the search: an escape in them
  /// is taken out, never kept.
  @Test func controlCharactersInAnAnswerAreTakenOut() throws {
    let asked = Self.catalog.emoji(atFlatIndex: 0)
    var record = EmojiRecord(asked)
    record.name = "grinning\u{1b}]52;c;aGk=\u{7} face"
    record.keywords = ["\u{9b}31mred"]
    let emoji = try EmojiOverHTTP.answer(try JSONEncoder().encode(record), for: asked).emoji
    #expect(emoji.name == "grinning]52;c;aGk= face")
    #expect(emoji.keywords == ["31mred"])
  }

  @Test(arguments: [MisbehavingServer.Behaviour.endlessBody, .hugeLength])
  func aHundredMegabyteBodyIsCutOffAndFails(behaviour: MisbehavingServer.Behaviour) async throws {
    let server = try MisbehavingServer(behaviour)
    defer { server.stop() }
    let source = textSource(port: server.port)
    #expect(await load(source, 0).failure == .server("the server's answer is over 1 MB"))
    #expect(source.bodyBytesRead <= (1 << 20) + 65_536, "cut off at the limit, not read on")
  }

  /// Many loads at once from a server that streams endless bodies: each
  /// is cut off at the limit as its bytes arrive, so what the client takes
  /// in is bounded by one body's limit per load, however fast they come.
  @Test func endlessBodiesOnManyLoadsAtOnceStayWithinOneLimitEach() async throws {
    let server = try MisbehavingServer(.endlessBody)
    defer { server.stop() }
    var configuration = HTTPLoadSource<Int, String>.Configuration()
    configuration.connections = 32
    let source = HTTPLoadSource<Int, String>(
      host: "127.0.0.1", port: server.port, configuration: configuration, path: { "/emoji/\($0)" },
      decode: { _, body in String(decoding: body, as: UTF8.self) })
    let failures = await withTaskGroup(of: LoadFailure?.self) { group in
      for item in 0..<32 { group.addTask { await self.load(source, item).failure } }
      return await group.reduce(into: [LoadFailure?]()) { $0.append($1) }
    }
    #expect(failures.allSatisfy { $0 == .server("the server's answer is over 1 MB") })
    let limitEach = (1 << 20) + 65_536
    #expect(source.bodyBytesRead <= 32 * limitEach, "read \(source.bodyBytesRead) bytes for 32 loads")
  }

  /// Each way a server can answer badly fails the load once, with its own
  /// reason, on the side it belongs to.
  @Test(arguments: [
    (MisbehavingServer.Behaviour.garbage, LoadFailure.server("the server's answer is not HTTP")),
    (.notEmojiData, .server("the server's answer is not emoji data")),
    (.otherEmoji, .server("the server answered with another emoji (1f601)")),
    (.reset, .connection("the connection failed: connection reset by peer")),
  ])
  func aBadAnswerFailsWithItsReason(behaviour: MisbehavingServer.Behaviour, reason: LoadFailure) async throws
  {
    let server = try MisbehavingServer(behaviour)
    defer { server.stop() }
    let source = emojiSource(port: server.port)
    let grinning = try #require(
      (0..<Self.catalog.count).first { Self.catalog.emoji(atFlatIndex: $0).string == "😀" })
    #expect(await load(source, grinning).failure == reason)
  }

  /// Requests beyond the pool wait for a connection, and kept-alive
  /// connections carry one request after another.
  @Test func aPoolOfTwoCarriesSixLoadsOnTwoConnections() async throws {
    let server = try start(latency: .fixed(30))
    defer { server.stop() }
    let source = emojiSource(port: server.port, connections: 2)
    let loaded = await withTaskGroup(of: Bool.self) { group in
      for item in 0..<6 { group.addTask { (try? await self.load(source, item).get()) != nil } }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    #expect(loaded == 6)
    #expect(server.counts.served == 6)
    #expect(server.counts.connections == 2, "\(server.counts.connections) connections for a pool of 2")
  }

  /// A kept-alive connection the server closes as the next request goes
  /// out: the request is sent again, once, on a new connection.
  @Test func aRequestOnAConnectionClosedUnderItIsSentAgain() async throws {
    let server = try MisbehavingServer(.oncePerConnection)
    defer { server.stop() }
    let source = textSource(port: server.port)
    #expect(try await load(source, 0).get() == "ok")
    #expect(try await load(source, 1).get() == "ok", "sent again on a new connection")
  }

  /// A loader over a server that answers garbage: every load it made is
  /// counted as failed, once, and each failed item says why.
  @Test func aLoaderCountsEveryFailedLoadOnceAndKeepsWhy() async throws {
    let server = try MisbehavingServer(.notEmojiData)
    defer { server.stop() }
    let source = emojiSource(port: server.port)
    let loader = await MainActor.run {
      var configuration = Loader<Int, EmojiPresentation>.Configuration()
      configuration.maxConcurrent = 4
      let loader = Loader(source: source, configuration: configuration)
      for item in 0..<10 { loader.load(item, priority: .visible) }
      loader.submitRequests()
      return loader
    }
    #expect(await eventually { await MainActor.run { !loader.hasOutstandingLoads } })
    await MainActor.run {
      #expect(loader.counters.failed == 10)
      #expect(loader.counters.connectionErrors == 0)
      #expect(loader.failure(of: 3)?.reason == "the server's answer is not emoji data")
    }
  }

  @Test func anAnswerTrickledByteByByteTimesOut() async throws {
    let server = try MisbehavingServer(.trickle)
    defer { server.stop() }
    // Each byte comes well within the timeout; the whole answer (4 s) does not.
    let started = ContinuousClock.now
    #expect(
      await load(textSource(port: server.port, timeout: 1), 0).failure == .connection("no answer in 1 s"))
    let waited = ContinuousClock.now - started
    #expect(waited >= .milliseconds(900), "timed out at the deadline, not at once")
  }

  /// A terminal made bigger grows the pool: the connections grow with it,
  /// and a load under way when they do still arrives.
  @Test func theConnectionsFollowThePool() async throws {
    // Long enough for the first load to be seen under way beside other
    // suites (at 200 ms a CI run's busy main actor looked too late).
    let server = try start(latency: .fixed(3_000))
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
    #expect(source.loadBlocking(1, attempt: 0).failure?.side == .connection)
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
