import ArgumentParser
import EmojiModel
import EmojiRater
import EmojiServer
import Foundation
import Loading
import Logging
import PostgresRatings
import RatingsDatabase
import Support
import Terminal

/// `emoji-rater serve`: the emoji over HTTP, slowly, for the app to load
/// from over a real network connection.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the emoji's details over HTTP, each after a delay, for loading over a network.",
    discussion: """
      GET /emoji/{code points} (e.g. /emoji/1f469-200d-1f4bb) answers the emoji's name, group, \
      subgroup, Unicode version and keywords as JSON, after a delay drawn from --latency, or \
      HTTP 503 at --failure-rate; a client that goes away during the delay stops it and is \
      counted as abandoned. GET /stats answers the counts. The log goes to standard error, at \
      --log-level: at info, a line of counts each minute something happened, and the stop; at \
      debug, a line per request. Ctrl-C (SIGINT) or SIGTERM stops it. Listens on loopback unless \
      --host says otherwise; --port 0 takes any free port. The first line on standard output \
      says where it listens.

      The community's ratings live in a SQLite database, --database (by default \
      $XDG_DATA_HOME/emoji-rater/server.sqlite, made on first use), or in PostgreSQL \
      (--database postgres://USER@HOST:PORT/DATABASE), which several servers can share. \
      POST /voters registers a voter and answers its token once; PUT /votes/{code points} \
      with Authorization: Bearer TOKEN and {"vote": "up"|"down"|"none", "time": RFC 3339, \
      "id": KEY} votes; GET /emoji/… then carries up and down (and mine, for a token); GET \
      /top?order=up|down|controversial&limit=N lists the community's order; GET /events \
      streams the tallies as they change; GET /health and GET /metrics (Prometheus) say how \
      it does. docs/api.md has an example of each.

      A connection that has not sent a whole request within --request-timeout of its first \
      byte, or has sent nothing for --keep-alive-timeout (since it opened or since its last \
      answer), is closed; an answer waiting out its delay is never cut. One address holds at \
      most --max-connections-per-address connections; more are closed as they open. GET /stats \
      counts both (timedOut, refused). The open-file limit is raised to the system's hard limit.
      """
  )

  @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
  var host = "127.0.0.1"

  @Option(help: ArgumentHelp("The port to listen on; 0 for any free one.", valueName: "n"))
  var port = 8080

  @Option(
    help: ArgumentHelp(
      "Delay per request: 0, 300ms, 500-2000ms or lognormal:MEDIAN:P99. (default: \(LatencyModel.default))",
      valueName: "latency"),
    transform: ArgumentValue.latency)
  var latency = LatencyModel.default

  @Option(help: ArgumentHelp("The share of requests that fail (HTTP 503), from 0 to 1.", valueName: "rate"))
  var failureRate: Double = 0

  @Option(help: ArgumentHelp("Seed for delays and failures, to repeat a run.", valueName: "n"))
  var seed: UInt64 = 7

  @Option(help: ArgumentHelp("Seconds a client may take to send a whole request.", valueName: "seconds"))
  var requestTimeout = ConnectionLimits().requestTimeout

  @Option(help: ArgumentHelp("Seconds a connection may wait for its next request.", valueName: "seconds"))
  var keepAliveTimeout = ConnectionLimits().keepAliveTimeout

  @Option(help: ArgumentHelp("Connections one address may hold at once.", valueName: "n"))
  var maxConnectionsPerAddress = ConnectionLimits().connectionsPerAddress

  @Option(
    help: ArgumentHelp("Votes a second one voter may send, after a burst of twice as many.", valueName: "n"))
  var votesPerSecond = RatingsLimits().votesPerSecond

  @Option(
    help: ArgumentHelp(
      "Voters one address may register an hour, after a first minute's worth (20 at least).", valueName: "n"))
  var registrationsPerHour = RatingsLimits().registrationsPerHour

  @Option(
    help: ArgumentHelp(
      "The ratings database: a SQLite file, or postgres://USER@HOST:PORT/DATABASE. "
        + "(default: $XDG_DATA_HOME/emoji-rater/server.sqlite)",
      valueName: "path"))
  var database: String?

  @Option(help: ArgumentHelp("What the log says: trace, debug, info, notice, warning, error or critical."))
  var logLevel = LogLevel.info

  func validate() throws {
    if let database, database.contains("://"), !PostgresRatingsDatabase.isURL(database) {
      throw ValidationError(
        "--database takes a SQLite file's path or a PostgreSQL URL (postgres://USER@HOST:PORT/DATABASE)")
    }
    guard (0...65_535).contains(port) else {
      throw ValidationError("--port must be from 0 to 65535, not \(port)")
    }
    guard (0...1).contains(failureRate) else {
      throw ValidationError("--failure-rate must be from 0 to 1, not \(failureRate)")
    }
    for (name, seconds) in [
      ("--request-timeout", requestTimeout), ("--keep-alive-timeout", keepAliveTimeout),
    ] {
      guard seconds.isFinite, (0.1...3_600).contains(seconds) else {
        throw ValidationError("\(name) must be from 0.1 to 3600 seconds, not \(seconds)")
      }
    }
    for (name, rate) in [
      ("--votes-per-second", votesPerSecond), ("--registrations-per-hour", registrationsPerHour),
    ] {
      guard rate.isFinite, (0.001...1_000_000).contains(rate) else {
        throw ValidationError("\(name) must be from 0.001 to 1000000, not \(rate)")
      }
    }
    guard (1...1_000_000).contains(maxConnectionsPerAddress) else {
      throw ValidationError(
        "--max-connections-per-address must be from 1 to 1000000, not \(maxConnectionsPerAddress)")
    }
  }

  func run() throws {
    var configuration = EmojiServer.Configuration()
    configuration.host = host
    configuration.port = port
    configuration.latency = latency
    configuration.failureRate = failureRate
    configuration.seed = seed
    configuration.limits.requestTimeout = requestTimeout
    configuration.limits.keepAliveTimeout = keepAliveTimeout
    configuration.limits.connectionsPerAddress = maxConnectionsPerAddress
    configuration.ratingsLimits.votesPerSecond = votesPerSecond
    configuration.ratingsLimits.voteBurst = 2 * votesPerSecond
    configuration.ratingsLimits.registrationsPerHour = registrationsPerHour
    configuration.ratingsLimits.registrationBurst = max(
      RatingsLimits().registrationBurst, registrationsPerHour / 60)
    Self.raiseOpenFileLimit()
    // Before anything can say "listening": a script (or a test) may send
    // SIGTERM the moment it reads that line, and that stop must not be lost.
    guard let stopSignals = SignalForwarding.install([SIGINT, SIGTERM]) else {
      let reason = String(cString: strerror(errno))
      StandardError.write("emoji-rater serve: cannot make a pipe for the stop signals: \(reason)")
      throw ExitCode(2)
    }
    let level = logLevel.level
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    let logger = Logger(label: "emoji-rater.serve")
    let server: EmojiServer
    do {
      configuration.database = try openDatabase(logger: logger)
      server = try EmojiServer(
        catalog: EmojiCatalog.builtIn(includeSkinTones: true), configuration: configuration, logger: logger)
    } catch {
      StandardError.write("emoji-rater serve: \(error)")
      throw ExitCode(2)
    }
    print("emoji-rater serve: listening on http://\(host.contains(":") ? "[\(host)]" : host):\(server.port)")
    fflush(nil)  // At once, for a script that waits for the line.
    Self.waitForStopSignal(on: stopSignals)
    server.stop()
    logger.info("stopped; \(server.counts.line)")
  }

  /// The database `--database` names: PostgreSQL for a URL, else a
  /// SQLite file.
  private func openDatabase(logger: Logger) throws -> any RatingsDatabase {
    guard let database, PostgresRatingsDatabase.isURL(database) else {
      return try SQLiteRatingsDatabase(path: databasePath())
    }
    // Connecting is asynchronous; the command waits for it before it listens.
    let opened = Locked<Result<PostgresRatingsDatabase, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      do {
        let postgres = try await PostgresRatingsDatabase(url: database, logger: logger)
        opened.withLock { $0 = .success(postgres) }
      } catch {
        opened.withLock { $0 = .failure(error) }
      }
      done.signal()
    }
    done.wait()
    return try opened.withLock { $0! }.get()
  }

  /// `--database`, or the standard place, whose folder is made.
  private func databasePath() throws -> String {
    if let database { return database }
    let environment = ProcessInfo.processInfo.environment
    guard
      let dataHome = XDGDirectory.base("XDG_DATA_HOME", fallback: ".local/share", environment: environment)
    else {
      throw RatingsDatabaseError(
        "no folder for the ratings database: set HOME or XDG_DATA_HOME, or pass --database")
    }
    let folder = XDGDirectory.join(dataHome, "emoji-rater")
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw RatingsDatabaseError(
        "cannot make \(folder) for the ratings database: \(error.localizedDescription)")
    }
    return XDGDirectory.join(folder, "server.sqlite")
  }

  /// Raises the soft limit on open descriptors to the hard one: every
  /// connection is one, and the usual soft limit (1,024) would refuse the
  /// 1,025th client whatever the per-address cap says.
  private static func raiseOpenFileLimit() {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else {
      return
    }
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  }

  /// Blocks until SIGINT or SIGTERM, which `SignalForwarding` turns into
  /// bytes on the pipe whose read end is `readEnd`. Its handlers are
  /// installed at once, where a dispatch signal source registers later on
  /// another thread, and a signal that came between was lost (the server
  /// then ran on until killed).
  private static func waitForStopSignal(on readEnd: Int32) {
    var request = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
    while SignalForwarding.drain().isEmpty {
      _ = poll(&request, 1, -1)
    }
  }
}
