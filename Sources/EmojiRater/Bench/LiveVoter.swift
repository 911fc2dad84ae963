import EmojiModel
import Foundation
import HTTPLoading
import Support

/// A second person voting while the benchmark scrolls: `votesPerSecond`
/// votes a second on emoji on the benchmark's screen, sent to the ratings
/// server as a voter of its own, so that the app under test hears a stream
/// of tally changes for the cells it shows (`bench --live-votes`).
final class LiveVoter: Sendable {
  private let client: HTTPClient
  private let server: (host: String, port: Int, path: String)
  private let catalog: EmojiCatalog
  private let interval: Double
  private let queue = DispatchQueue(label: "emoji-rater.bench.live-voter")
  private let state = Locked((token: String?.none, onScreen: 0..<0, running: false, sent: 0, answered: 0))
  private let generator = Locked(SeededGenerator(seed: 11))

  init(server: (host: String, port: Int, path: String), catalog: EmojiCatalog, votesPerSecond: Int) {
    var configuration = HTTPClient.Configuration()
    configuration.connections = 4
    client = HTTPClient(host: server.host, port: server.port, configuration: configuration)
    self.server = server
    self.catalog = catalog
    interval = 1 / Double(max(1, votesPerSecond))
  }

  /// The catalog items on the screen now (set by the benchmark each frame).
  var onScreen: Range<Int> {
    get { state.withLock { $0.onScreen } }
    set { state.withLock { $0.onScreen = newValue } }
  }

  /// Votes sent, and answered 200.
  var counts: (sent: Int, answered: Int) { state.withLock { ($0.sent, $0.answered) } }

  /// Registers the voter (waiting for the answer), then votes until `stop`.
  func start() throws {
    let token = try VoteSender.registeredToken(
      client.sendBlocking(VoteSender.registration(basePath: server.path)), at: VoteSender.address(of: server)
    ).get()
    state.withLock {
      $0.token = token
      $0.running = true
    }
    queue.async { self.vote() }
  }

  func stop() {
    state.withLock { $0.running = false }
  }

  private func vote() {
    let (token, onScreen, running) = state.withLock { ($0.token, $0.onScreen, $0.running) }
    guard running, let token else { return }
    if !onScreen.isEmpty {
      let (item, ballot) = generator.withLock { generator in
        (Int.random(in: onScreen, using: &generator), Vote?.random(using: &generator))
      }
      let vote = OutgoingVote(emoji: catalog.emoji(atFlatIndex: item).identifier, vote: ballot)
      state.withLock { $0.sent += 1 }
      _ = client.send(vote.request(basePath: server.path, token: token)) { result in
        if case .success(let answer) = result, answer.status == 200 {
          self.state.withLock { $0.answered += 1 }
        }
      }
    }
    queue.asyncAfter(deadline: .now() + interval) { self.vote() }
  }
}

extension Optional where Wrapped == Vote {
  /// Up, down or none, a third each.
  fileprivate static func random(using generator: inout SeededGenerator) -> Vote? {
    [Vote.up, .down, nil][Int.random(in: 0..<3, using: &generator)]
  }
}
