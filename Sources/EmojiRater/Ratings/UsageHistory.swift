import Foundation
import Support

/// When the person last used each emoji (copied it, picked it, voted on
/// it), keyed by `Emoji.identifier` as the votes are: what the "Frequently
/// used" section is ordered by.
///
/// The order is frecency, as browsers rank history: each of an emoji's
/// last `usesKept` uses counts by its age (`weight(ofAge:)`), so an emoji
/// used a lot last month gives way to one used a few times this week, and
/// one used once long ago to almost anything.
public struct UsageHistory: Equatable, Sendable {
  /// Use times by identifier, oldest first, at most `usesKept` each.
  public private(set) var uses: [String: [Date]] = [:]

  /// The uses remembered per emoji: enough to tell a habit from a whim.
  public static let usesKept = 10
  /// The emoji remembered: far more than the section shows, so one that
  /// falls out of it can come back.
  public static let emojiKept = 200
  /// The most the section shows: about two rows at 80 columns.
  public static let shownLimit = 24

  public init() {}

  /// Records a use of the emoji with `identifier` at `time`. Past
  /// `emojiKept` emoji, the one with the lowest frecency then is forgotten.
  public mutating func record(_ identifier: String, at time: Date) {
    precondition(Ratings.isValidIdentifier(identifier), "'\(identifier)' is not an emoji identifier")
    var times = uses[identifier, default: []]
    times.append(time)
    times.sort()
    uses[identifier] = Array(times.suffix(Self.usesKept))
    guard uses.count > Self.emojiKept else { return }
    if let least = ranked(at: time).last { uses[least] = nil }
  }

  /// Forgets every use.
  public mutating func forgetAll() {
    uses = [:]
  }

  public var isEmpty: Bool { uses.isEmpty }

  /// What a use of this age counts for. Firefox's buckets for its address
  /// bar: a use this week counts ten times one a season ago.
  public static func weight(ofAge age: TimeInterval) -> Double {
    let days = age / 86_400
    switch days {
    case ..<4: return 100
    case ..<14: return 70
    case ..<31: return 50
    case ..<90: return 30
    default: return 10
    }
  }

  /// The emoji's frecency at `now`: its uses, each by its age.
  public func frecency(of identifier: String, at now: Date) -> Double {
    (uses[identifier] ?? []).reduce(0) { $0 + Self.weight(ofAge: now.timeIntervalSince($1)) }
  }

  /// Every remembered emoji, the highest frecency first; among equals the
  /// one used last first, then by identifier, so the order is stable.
  public func ranked(at now: Date) -> [String] {
    let keyed = uses.map { identifier, times in
      (identifier: identifier, score: frecency(of: identifier, at: now), last: times.last ?? .distantPast)
    }
    return keyed.sorted { a, b in
      if a.score != b.score { return a.score > b.score }
      if a.last != b.last { return a.last > b.last }
      return a.identifier.utf8.lexicographicallyPrecedes(b.identifier.utf8)
    }.map(\.identifier)
  }

  /// The emoji the section shows at `now`, first first.
  public func frequentlyUsed(at now: Date, limit: Int = shownLimit) -> [String] {
    Array(ranked(at: now).prefix(limit))
  }
}

/// The history file, beside the ratings file (`ratings.history.json`):
/// versioned JSON, one emoji a line, sorted by identifier.
///
///     {
///       "version": 1,
///       "uses": [
///         {"emoji": "1f389", "times": ["2026-11-22T02:00:00Z"]}
///       ]
///     }
enum UsageHistoryFile {
  static let version = 1

  /// `ratings.json` → `ratings.history.json`, in the same folder.
  static func path(besideRatings ratingsPath: String) -> String {
    RatingsDisk.path(besideRatings: ratingsPath, kind: "history")
  }

  static func encode(_ history: UsageHistory) -> Data {
    // By hand, as the ratings file is: identifiers are hex and dashes,
    // times a fixed spelling, so nothing needs escaping.
    let lines = history.uses.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map {
      identifier, times in
      let spelled = times.map { "\"\(RFC3339.format($0))\"" }.joined(separator: ", ")
      return "    {\"emoji\": \"\(identifier)\", \"times\": [\(spelled)]}"
    }
    let list = lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n  ]"
    return Data("{\n  \"version\": \(version),\n  \"uses\": \(list)\n}\n".utf8)
  }

  /// Reads a history file; throws a sentence saying what is wrong and,
  /// for an entry, which.
  static func decode(_ data: Data) throws(UsageHistoryFileError) -> UsageHistory {
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: data)
    } catch {
      throw UsageHistoryFileError(reason: "it is not a history file (\(Self.describe(error)))")
    }
    guard document.version == version else {
      throw UsageHistoryFileError(reason: "it is version \(document.version); this build reads \(version)")
    }
    var history = UsageHistory()
    for (index, entry) in document.uses.enumerated() {
      guard Ratings.isValidIdentifier(entry.emoji) else {
        throw UsageHistoryFileError(reason: "entry \(index + 1): \"emoji\" is not an emoji identifier")
      }
      for time in entry.times {
        guard let date = RFC3339.parse(time) else {
          throw UsageHistoryFileError(
            reason:
              "entry \(index + 1): \"\(SafeText.escaped(time))\" is not a time like 2026-11-22T02:00:00Z")
        }
        history.record(entry.emoji, at: date)
      }
    }
    return history
  }

  private struct Document: Decodable {
    var version: Int
    var uses: [Entry]
  }

  private struct Entry: Decodable {
    var emoji: String
    var times: [String]
  }

  private static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "not JSON" }
    switch error {
    case .keyNotFound(let key, _): return "\"\(key.stringValue)\" is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      let path = context.codingPath.map { $0.intValue.map { "entry \($0 + 1)" } ?? "\"\($0.stringValue)\"" }
      return path.joined(separator: ", ") + " is not what it should be"
    case .dataCorrupted: return "not JSON"
    @unknown default: return "unreadable"
    }
  }
}

/// Why a history file could not be read.
public struct UsageHistoryFileError: Error, Equatable, Sendable, CustomStringConvertible {
  public let reason: String
  public var description: String { reason }
}
