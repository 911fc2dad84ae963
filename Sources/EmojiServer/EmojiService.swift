import EmojiModel
import Foundation
import Loading
import Support

/// What every connection of the server shares: each emoji's answer,
/// encoded once; how long each request waits and whether it fails, drawn
/// from one seeded generator (so a run can be repeated); and the counts.
final class EmojiService: Sendable {
  /// Each emoji's JSON, by its code points (`1f469-200d-1f4bb`): every
  /// emoji a vote can be for, skin-tone variants included.
  private let records: [String: Data]
  private let latency: LatencyModel
  private let failureRate: Double
  private let random: Locked<SeededGenerator>
  let counts = Locked(ServerCounts())

  init(catalog: EmojiCatalog, latency: LatencyModel, failureRate: Double, seed: UInt64) {
    var records: [String: Data] = [:]
    for section in catalog.sections {
      for emoji in section.votableEmoji {
        records[emoji.identifier] = try? Self.encoder.encode(EmojiRecord(emoji))
      }
    }
    self.records = records
    self.latency = latency
    self.failureRate = failureRate
    random = Locked(SeededGenerator(seed: seed))
  }

  /// The JSON of the emoji with these code points, if there is one.
  func record(_ codePoints: Substring) -> Data? {
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
