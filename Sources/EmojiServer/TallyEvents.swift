import Foundation
import NIOCore
import NIOHTTP1
import RatingsDatabase
import Support

/// The tallies that changed since the last look, newest of each emoji
/// only: many votes on one emoji within a flush make one event.
struct TallyChanges {
  private var pending: [String: Tally] = [:]
  private var order: [String] = []

  mutating func record(_ tally: Tally, of emoji: String) {
    if pending.updateValue(tally, forKey: emoji) == nil { order.append(emoji) }
  }

  /// The changes since the last take, in the order their emoji first
  /// changed, and none held after.
  mutating func take() -> [(emoji: String, tally: Tally)] {
    defer {
      pending.removeAll(keepingCapacity: true)
      order.removeAll(keepingCapacity: true)
    }
    return order.map { ($0, pending[$0]!) }
  }

  /// One server-sent event per change: `event: tally`, its data the
  /// emoji's code points and tally as JSON.
  static func events(_ changes: [(emoji: String, tally: Tally)]) -> String {
    changes.map { change in
      #"event: tally\#ndata: {"codePoints":"\#(change.emoji)","down":\#(change.tally.down),"up":\#(change.tally.up)}\#n\#n"#
    }.joined()
  }
}

/// `GET /events`: each listener's connection, and the tallies that
/// changed, sent to all of them every `flushEvery` (so an emoji changes at
/// most four times a second on a listener's screen, however fast it is
/// voted on), with a comment line every `heartbeatEvery` so a listener
/// gone silently is found by the write that fails.
///
/// Every listener's channel is on the server's one event loop, where the
/// flush runs too.
final class TallyEvents: Sendable {
  static let flushEvery = TimeAmount.milliseconds(250)
  static let heartbeatEvery = 60  // flushes: 15 s

  private let changes = Locked(TallyChanges())
  private let listeners = Locked([ObjectIdentifier: any Channel]())
  private let flushes = Locked(0)

  /// Notes a new tally, for the next flush.
  func changed(_ tally: Tally, of emoji: String) {
    changes.withLock { $0.record(tally, of: emoji) }
  }

  var listenerCount: Int { listeners.withLock { $0.count } }

  /// Starts the flushes on `loop`.
  func start(on loop: any EventLoop) {
    loop.scheduleRepeatedTask(initialDelay: Self.flushEvery, delay: Self.flushEvery) { [self] _ in flush() }
  }

  /// Answers `request` on `channel` with the event stream's head, and
  /// keeps the channel as a listener until it closes.
  func listen(on channel: any Channel, request: HTTPRequestHead) {
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: "text/event-stream")
    headers.add(name: "Cache-Control", value: "no-cache")
    channel.write(
      HTTPServerResponsePart.head(HTTPResponseHead(version: request.version, status: .ok, headers: headers)),
      promise: nil)
    send(": listening for tally changes\n\n", to: channel)
    let key = ObjectIdentifier(channel)
    listeners.withLock { $0[key] = channel }
    channel.closeFuture.whenComplete { [self] _ in
      _ = listeners.withLock { $0.removeValue(forKey: key) }
    }
  }

  private func flush() {
    let text = TallyChanges.events(changes.withLock { $0.take() })
    let heartbeat = flushes.withLock { count in
      count += 1
      return count % Self.heartbeatEvery == 0
    }
    guard !text.isEmpty || heartbeat else { return }
    let message = text.isEmpty ? ":\n\n" : text
    for channel in listeners.withLock({ Array($0.values) }) {
      // A listener that reads nothing fills its socket's buffer; rather
      // than hold every event for it, the server lets it go (it reconnects
      // and reads the tallies afresh).
      guard channel.isWritable else {
        channel.close(promise: nil)
        continue
      }
      send(message, to: channel)
    }
  }

  private func send(_ text: String, to channel: any Channel) {
    var buffer = channel.allocator.buffer(capacity: text.utf8.count)
    buffer.writeString(text)
    channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(buffer)), promise: nil)
  }
}
