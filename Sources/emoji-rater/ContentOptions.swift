import ArgumentParser
import EmojiRater
import Loading

/// What both the app and the benchmark are shown: where the data comes
/// from, how slow the simulated server is, and how many emoji there are.
/// One definition, so the two commands parse and check them alike.
struct ContentOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Where each cell's data comes from: simulated, or the address of 'emoji-rater serve' (e.g. http://127.0.0.1:8080); bench also takes serve, which starts one. (default: \(SourceChoice.given(.simulated)))",
      valueName: "source"), transform: SourceChoice.init(parsing:))
  var source = SourceChoice.given(.simulated)

  @Option(
    help: ArgumentHelp(
      "Simulated delay per item (with a server: what prefetching plans for until the loads are timed): 0, 300ms, 500-2000ms or lognormal:MEDIAN:P99. (default: \(LatencyModel.default))",
      valueName: "latency"), transform: ArgumentValue.latency)
  var latency = LatencyModel.default

  @Option(
    help: ArgumentHelp(
      "Repeat the catalog to this many items (content many screens long), e.g. 1000000.", valueName: "n"))
  var items: Int?

  func validate() throws {
    if let items, !(1...Self.maximumItems).contains(items) {
      throw ValidationError("--items must be a whole number from 1 to \(Self.maximumItems), not \(items)")
    }
  }

  /// Ten times the million the app is measured with (`make bench-scale`).
  static let maximumItems = 10_000_000

  /// `--source`: a source to load from, or (bench's `serve`) a server the
  /// benchmark starts itself.
  enum SourceChoice: Equatable, CustomStringConvertible {
    case given(DataSource)
    case ownServer

    init(parsing text: String) throws {
      if text.lowercased() == "serve" {
        self = .ownServer
        return
      }
      do { self = .given(try DataSource(parsing: text)) } catch { throw ValidationError("\(error)") }
    }

    var description: String {
      switch self {
      case .given(let source): source.description
      case .ownServer: "serve"
      }
    }
  }
}
