import ArgumentParser
import EmojiRater
import Loading

/// What both the app and the benchmark are shown: where the data comes
/// from, how slow the simulated server is, and how many emoji there are.
/// One definition, so the two commands parse and check them alike.
struct ContentOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Where each cell's data comes from: simulated, or the address of 'emoji-rater serve' (e.g. http://127.0.0.1:8080); bench also takes serve, which starts one.",
      valueName: "source"))
  var source = "simulated"

  @Option(
    help: ArgumentHelp(
      "Simulated delay per item (with a server: what prefetching plans for until the loads are timed): 0, 300ms, 500-2000ms or lognormal:MEDIAN:P99.",
      valueName: "latency"))
  var latency = LatencyModel.default.description

  @Option(
    help: ArgumentHelp(
      "Repeat the catalog to this many items (content many screens long), e.g. 1000000.", valueName: "n"))
  var items: Int?

  func validate() throws {
    _ = try latencyModel()
    if source.lowercased() != Self.startOwnServer { _ = try dataSource() }
    if let items, !(1...Self.maximumItems).contains(items) {
      throw ValidationError("--items must be a whole number from 1 to \(Self.maximumItems), not \(items)")
    }
  }

  /// Ten times the million the app is measured with (`make bench-scale`).
  static let maximumItems = 10_000_000

  /// `bench --source serve`: the benchmark starts a server of its own.
  static let startOwnServer = "serve"

  func dataSource() throws -> DataSource {
    do {
      return try DataSource(parsing: source)
    } catch {
      throw ValidationError("--source: \(error)")
    }
  }

  func latencyModel() throws -> LatencyModel {
    do {
      return try LatencyModel(parsing: latency)
    } catch {
      throw ValidationError("--latency: \(error)")
    }
  }
}
