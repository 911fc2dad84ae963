import Foundation

/// A voter's say on one emoji, as `PUT /votes/{code points}` sends it.
public enum Ballot: String, Codable, Sendable, CaseIterable {
  case up, down
  /// Takes back the voter's vote.
  case none

  /// As the database keeps it: 1 up, -1 down (a cleared vote is no row).
  public var stored: Int? {
    switch self {
    case .up: 1
    case .down: -1
    case .none: nil
    }
  }

  public init(stored: Int) {
    self = stored > 0 ? .up : .down
  }
}

/// One vote as a client sends it: what, when the person cast it, and a key
/// the client makes once per vote, so that sending it again (the answer
/// was lost) counts it once.
public struct VoteRequest: Equatable, Sendable {
  /// The emoji's code points, lower-case hex joined by `-` (`1f44d-1f3fd`).
  public var emoji: String
  public var ballot: Ballot
  /// When the person voted: of two votes by one voter on one emoji, the
  /// later counts, whichever arrives last.
  public var time: Date
  /// The idempotency key: at most 128 characters.
  public var id: String

  public init(emoji: String, ballot: Ballot, time: Date, id: String) {
    self.emoji = emoji
    self.ballot = ballot
    self.time = time
    self.id = id
  }
}

extension VoteRequest {
  /// A time as every database keeps it: microseconds since 1970, UTC.
  public static func storedTime(_ time: Date) -> Int64 {
    Int64((time.timeIntervalSince1970 * 1e6).rounded())
  }

  /// Whether this vote counts over what its voter has stored on its emoji
  /// (a vote cast at `votedAt`, a clearing at `clearedAt`, each if any):
  /// the later wins, whichever arrives last.
  public func isLatest(votedAt: Int64?, clearedAt: Int64?) -> Bool {
    Self.storedTime(time) >= max(votedAt ?? .min, clearedAt ?? .min)
  }
}

/// The community's votes on one emoji.
public struct Tally: Codable, Equatable, Sendable {
  public var up: Int
  public var down: Int

  public init(up: Int = 0, down: Int = 0) {
    self.up = up
    self.down = down
  }
}

extension Tally {
  /// What replacing vote `old` with `new` (1 up, -1 down, nil none) does
  /// to a tally.
  public static func change(from old: Int?, to new: Int?) -> Tally {
    var change = Tally()
    for (value, sign) in [(old, -1), (new, 1)] {
      switch value {
      case 1?: change.up += sign
      case (-1)?: change.down += sign
      default: break
      }
    }
    return change
  }
}

/// What became of a vote sent.
public enum VoteOutcome: Equatable, Sendable {
  /// It counts now.
  case applied
  /// Its key was seen before: the first time counted, this changes nothing.
  case repeated
  /// A vote cast later by the same voter on the same emoji is stored: the
  /// later wins, and this one is acknowledged and dropped.
  case superseded
}

/// How `GET /top` orders the emoji.
public enum TopOrder: String, Sendable, CaseIterable {
  /// Most up votes first.
  case up
  /// Most down votes first.
  case down
  /// Most votes on both sides first: the smaller side, then the total.
  case controversial
}

extension TopOrder {
  /// The query for the order, its limit for each database to add, with
  /// `least` the database's function for the smaller of two numbers
  /// (SQLite's `min`, PostgreSQL's `least`). Controversial: most votes on
  /// the smaller side first, then most in all.
  public func query(least: String) -> String {
    let (filter, ordering) =
      switch self {
      case .up: ("up > 0", "up DESC")
      case .down: ("down > 0", "down DESC")
      case .controversial: ("up > 0 AND down > 0", "\(least)(up, down) DESC, up + down DESC")
      }
    return "SELECT emoji, up, down FROM tally WHERE \(filter) ORDER BY \(ordering), emoji"
  }
}

/// An emoji and its tally, as `GET /top` lists them.
public struct RankedEmoji: Equatable, Sendable {
  public var emoji: String
  public var tally: Tally

  public init(emoji: String, tally: Tally) {
    self.emoji = emoji
    self.tally = tally
  }
}

/// Who a vote is from: the database's number for a registered voter.
public struct VoterID: Hashable, Sendable {
  public let rawValue: Int64

  public init(_ rawValue: Int64) {
    self.rawValue = rawValue
  }
}
