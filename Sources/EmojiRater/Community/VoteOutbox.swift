import Foundation
import HTTPLoading
import Support

/// One vote on its way to the ratings server: what `PUT /votes/{emoji}`
/// sends, with the key that makes a resend count once.
public struct OutgoingVote: Codable, Equatable, Sendable {
  /// The emoji's code points (`Emoji.identifier`).
  public var emoji: String
  /// `up`, `down` or `none` (the vote taken back).
  public var vote: String
  /// When the person voted: of two votes on one emoji the later counts.
  public var time: Date
  /// The idempotency key.
  public var id: String

  public init(emoji: String, vote: Vote?, time: Date = Date(), id: String = UUID().uuidString) {
    self.emoji = emoji
    self.vote = vote?.rawValue ?? "none"
    self.time = time
    self.id = id
  }

  /// `PUT /votes/{emoji}` with this vote, as the voter with `token`.
  func request(basePath: String, token: String) -> HTTPRequest {
    HTTPRequest(
      method: "PUT", path: basePath + "/votes/" + emoji, headers: [("Authorization", "Bearer " + token)],
      body: body)
  }

  /// The request's JSON body: `{"vote": "up", "time": "2026-11-26T07:00:00Z", "id": "…"}`.
  var body: Data {
    struct Body: Encodable {
      var vote: String
      var time: String
      var id: String
    }
    return (try? JSONEncoder().encode(Body(vote: vote, time: RFC3339.format(time), id: id))) ?? Data()
  }
}

/// The votes not yet acknowledged by the ratings server, oldest first, kept
/// in `outbox.json` beside the ratings file so that a vote cast while the
/// server is away, or just before the app is killed, is sent when it can
/// be: each change is written at once (atomically, off the caller's
/// thread), as the votes themselves are.
///
/// A file that cannot be read is moved aside (`outbox.json.corrupt-…`),
/// never overwritten, and the outbox starts empty.
public final class VoteOutbox: Sendable {
  public let path: String
  /// What opening found that the person should know.
  public let notice: String?
  private let votes: Locked<[OutgoingVote]>
  private let revisions = Locked((wanted: 0, written: 0))
  private let queue = DispatchQueue(label: "emoji-rater.outbox")
  private let writer = AtomicFileWriter()

  private struct File: Codable {
    var version: Int
    var votes: [OutgoingVote]
  }

  static let fileVersion = 1

  /// The outbox beside the ratings file at `ratingsPath`.
  public static func path(besideRatings ratingsPath: String) -> String {
    (RatingsDisk.directory(of: ratingsPath) as NSString).appendingPathComponent("outbox.json")
  }

  /// Opens the outbox at `path` (none there: an empty one).
  public init(path: String, now: Date = Date()) {
    self.path = path
    var found: [OutgoingVote] = []
    var notice: String?
    do {
      if let data = try RatingsDisk.readIfPresent(path) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        if let file = try? decoder.decode(File.self, from: data), file.version == Self.fileVersion {
          found = file.votes
        } else {
          let keptAs = (try RatingsDisk.moveAside(path, at: now) as NSString).lastPathComponent
          notice = "votes waiting for the server could not be read; the file is kept as \(keptAs)"
        }
      }
    } catch {
      notice = "votes waiting for the server could not be read: \(error)"
    }
    votes = Locked(found)
    self.notice = notice
  }

  /// The votes waiting, oldest first.
  public var waiting: [OutgoingVote] { votes.withLock { $0 } }

  public var count: Int { votes.withLock { $0.count } }

  /// Adds a vote, and writes the outbox.
  public func add(_ vote: OutgoingVote) {
    votes.withLock { $0.append(vote) }
    save()
  }

  /// Takes out the vote with key `id` (acknowledged, or refused for good),
  /// and writes the outbox.
  public func remove(id: String) {
    votes.withLock { $0.removeAll { $0.id == id } }
    save()
  }

  /// Waits for every change so far to be on disk (or to have failed).
  public func flush() {
    queue.sync {}
  }

  /// Writes the outbox as it is now, once for any changes made before the
  /// write starts. A failed write is tried again with the next change.
  private func save() {
    revisions.withLock { $0.wanted += 1 }
    queue.async { [self] in
      let (wanted, written) = revisions.withLock { ($0.wanted, $0.written) }
      guard wanted > written else { return }
      let encoder = JSONEncoder()
      encoder.dateEncodingStrategy = .secondsSince1970
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      guard let data = try? encoder.encode(File(version: Self.fileVersion, votes: waiting)) else { return }
      do {
        try writer.write(data, to: path)
        revisions.withLock { $0.written = wanted }
      } catch {
        // Kept in memory; the next change writes it again.
      }
    }
  }
}
