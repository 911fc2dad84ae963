/// What the grid shows (`v` cycles): every emoji, or only those voted up,
/// voted down, or not voted yet.
public enum VoteFilter: String, CaseIterable, Codable, Equatable, Sendable {
  case all
  case up
  case down
  case notVoted = "not-voted"

  public var next: VoteFilter {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// Whether an emoji with this vote shows.
  public func keeps(_ vote: Vote?) -> Bool {
    switch self {
    case .all: true
    case .up: vote == .up
    case .down: vote == .down
    case .notVoted: vote == nil
    }
  }

  /// For the status line: "voted up", "not voted yet".
  public var label: String {
    switch self {
    case .all: "all"
    case .up: "voted up"
    case .down: "voted down"
    case .notVoted: "not voted yet"
    }
  }
}
