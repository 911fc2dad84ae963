import EmojiModel
import Foundation
import HTTPLoading
import Support

/// The community's votes as they change: the ratings server's `GET /events`
/// stream, read into each emoji's new tally (`tally` events).
public final class LiveTallies: Sendable {
  /// What the stream brings the app.
  public enum Change: Equatable, Sendable {
    /// An emoji's tally, by its code points.
    case tally(emoji: String, CommunityTally)
    /// The stream is back after a gap: changes made meanwhile were not heard.
    case reconnected
  }

  private let stream: EventStream

  /// Tells `handler`, on the stream's thread, each change.
  public init(
    server: (host: String, port: Int, path: String), handler: @escaping @Sendable (Change) -> Void
  ) {
    // Not at the first connection: it comes within milliseconds of the
    // start, before loads land, and marking the cells of a benchmark's
    // primed screen stale there cost prefetching a fifth of its ready
    // cells (refreshes took the slots its next rows needed).
    let everConnected = Locked(false)
    stream = EventStream(host: server.host, port: server.port, path: server.path + "/events") { happening in
      switch happening {
      case .connected:
        let again = everConnected.withLock { connected in
          defer { connected = true }
          return connected
        }
        if again { handler(.reconnected) }
      case .event(let name, let data):
        guard name == "tally", let (emoji, tally) = Self.tally(in: data) else { return }
        handler(.tally(emoji: emoji, tally))
      case .disconnected:
        break
      }
    }
  }

  public func start() { stream.start() }
  public func stop() { stream.stop() }

  /// An event's data: `{"codePoints":"1f44d","down":0,"up":1}`.
  static func tally(in data: String) -> (String, CommunityTally)? {
    struct Event: Decodable {
      var codePoints: String
      var up: Int
      var down: Int
    }
    guard let event = try? JSONDecoder().decode(Event.self, from: Data(data.utf8)),
      event.codePoints.utf8.count <= 128,
      event.codePoints.allSatisfy({ $0.isHexDigit || $0 == "-" })
    else { return nil }
    return (event.codePoints, CommunityTally(up: event.up, down: event.down))
  }
}
