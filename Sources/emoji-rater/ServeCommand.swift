import ArgumentParser
import EmojiRater
import EmojiServer
import Foundation
import Loading

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
      counted as abandoned. GET /stats answers the counts. A line of counts goes to standard \
      error every second. Ctrl-C (SIGINT) or SIGTERM stops it. Listens on loopback unless \
      --host says otherwise; --port 0 takes any free port. The first line on standard output \
      says where it listens.
      """
  )

  @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
  var host = "127.0.0.1"

  @Option(help: ArgumentHelp("The port to listen on; 0 for any free one.", valueName: "n"))
  var port = 8080

  @Option(
    help: ArgumentHelp(
      "Delay per request: 0, 300ms, 500-2000ms or lognormal:MEDIAN:P99.", valueName: "latency"))
  var latency = LatencyModel.default.description

  @Option(help: ArgumentHelp("The share of requests that fail (HTTP 503), from 0 to 1.", valueName: "rate"))
  var failureRate: Double = 0

  @Option(help: ArgumentHelp("Seed for delays and failures, to repeat a run.", valueName: "n"))
  var seed: UInt64 = 7

  func validate() throws {
    guard (0...65_535).contains(port) else {
      throw ValidationError("--port must be from 0 to 65535, not \(port)")
    }
    guard (0...1).contains(failureRate) else {
      throw ValidationError("--failure-rate must be from 0 to 1, not \(failureRate)")
    }
    _ = try latencyModel()
  }

  private func latencyModel() throws -> LatencyModel {
    do {
      return try LatencyModel(parsing: latency)
    } catch {
      throw ValidationError("--latency: \(error)")
    }
  }

  func run() throws {
    var configuration = EmojiServer.Configuration()
    configuration.host = host
    configuration.port = port
    configuration.latency = try latencyModel()
    configuration.failureRate = failureRate
    configuration.seed = seed
    let server: EmojiServer
    do {
      server = try EmojiServer(
        catalog: EmojiCatalog.builtIn(includeSkinTones: true), configuration: configuration
      ) {
        FileHandle.standardError.write(Data("emoji-rater serve: \($0)\n".utf8))
      }
    } catch {
      FileHandle.standardError.write(Data("emoji-rater serve: \(error)\n".utf8))
      throw ExitCode(2)
    }
    print("emoji-rater serve: listening on http://\(host.contains(":") ? "[\(host)]" : host):\(server.port)")
    fflush(nil)  // At once, for a script that waits for the line.
    Self.waitForStopSignal()
    server.stop()
    FileHandle.standardError.write(Data("emoji-rater serve: stopped; \(server.counts.line)\n".utf8))
  }

  /// Blocks until SIGINT or SIGTERM.
  private static func waitForStopSignal() {
    let stop = DispatchSemaphore(value: 0)
    let queue = DispatchQueue(label: "emoji-rater.serve.signals")
    let sources = [SIGINT, SIGTERM].map { signalNumber in
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
      source.setEventHandler { stop.signal() }
      source.activate()
      return source
    }
    stop.wait()
    for source in sources { source.cancel() }
  }
}
