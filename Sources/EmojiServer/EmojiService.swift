import EmojiModel
import Foundation
import Loading
import Logging
import RatingsDatabase
import Support

/// What every connection of the server shares: each emoji's answer,
/// encoded once; how long each request waits and whether it fails, drawn
/// from one seeded generator (so a run can be repeated); the counts; and,
/// with a database, the routes on the community's ratings.
final class EmojiService: Sendable {
  /// Each emoji's details, and the same as JSON, by its code points
  /// (`1f469-200d-1f4bb`): every emoji a vote can be for, skin-tone
  /// variants included.
  private let records: [String: RecordJSON]
  /// The routes on the community's ratings; nil without a database.
  let ratings: RatingsAPI?
  private let latency: LatencyModel
  private let failureRate: Double
  private let random: Locked<SeededGenerator>
  let counts = Locked(ServerCounts())
  /// Where each request (at debug level) and each failure go.
  let logger: Logger
  /// What `GET /metrics` answers.
  let metrics: ServerMetrics
  /// `GET /events`' listeners and the tallies that changed.
  let events: TallyEvents

  init(
    catalog: EmojiCatalog, latency: LatencyModel, failureRate: Double, seed: UInt64,
    database: (any RatingsDatabase)?, ratingsLimits: RatingsLimits, logger: Logger
  ) {
    let records = Dictionary(
      catalog.sections.flatMap(\.votableEmoji).map { emoji in
        (emoji.identifier, RecordJSON(EmojiRecord(emoji)))
      }, uniquingKeysWith: { first, _ in first })
    self.records = records
    self.logger = logger
    let metrics = ServerMetrics()
    self.metrics = metrics
    let events = TallyEvents()
    self.events = events
    ratings = database.map { database in
      RatingsAPI(
        database: database, limits: ratingsLimits, isVotable: { records[$0] != nil }, logger: logger,
        metrics: metrics, events: events)
    }
    self.latency = latency
    self.failureRate = failureRate
    random = Locked(SeededGenerator(seed: seed))
  }

  /// The emoji with these code points, and its JSON, if there is one.
  func record(_ codePoints: Substring) -> RecordJSON? {
    records[codePoints.lowercased()]
  }

  /// How long the next request waits, in milliseconds, and whether it then fails.
  func draw() -> (milliseconds: Double, fails: Bool) {
    random.withLock { generator in
      (latency.sample(using: &generator), Double.random(in: 0..<1, using: &generator) < failureRate)
    }
  }

  /// How every answer is written: keys in order, slashes as they are.
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  func count(_ change: (inout ServerCounts) -> Void) {
    counts.withLock(change)
  }
}
