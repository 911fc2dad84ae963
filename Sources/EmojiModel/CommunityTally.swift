/// The community's votes on one emoji, as a ratings server answers them
/// with the emoji's details (`EmojiRecord`'s `up` and `down`): what a
/// loaded cell, the status line and the voting overlay show.
public struct CommunityTally: Equatable, Sendable {
  public let up: Int
  public let down: Int

  /// Counts below zero (a server is input like any other) count as none,
  /// and counts past a trillion as a trillion (their sum must not overflow).
  public init(up: Int, down: Int) {
    self.up = min(Self.largest, max(0, up))
    self.down = min(Self.largest, max(0, down))
  }

  static let largest = 1_000_000_000_000

  public var total: Int { up + down }

  /// The share of the votes that are up, 0 … 1; nil when nobody voted.
  public var upShare: Double? {
    total == 0 ? nil : Double(up) / Double(total)
  }

  /// The share as a whole percentage, for people: `93`. Never 100 while
  /// any vote is down, nor 0 while any is up, so a lone dissent shows.
  public var upPercent: Int? {
    guard let share = upShare else { return nil }
    let percent = Int((share * 100).rounded())
    if percent == 100, down > 0 { return 99 }
    if percent == 0, up > 0 { return 1 }
    return percent
  }

  /// A count in at most four columns: `87`, `999`, `1.2k`, `12k`, `999k`,
  /// `1.2M`, `12M`. Cut, not rounded, so a count never shows more than it
  /// is (999 is `999`, not `1.0k`), and a whole thousand drops its `.0`.
  public static func compact(_ count: Int) -> String {
    let count = max(0, count)
    for (unit, size) in [("M", 1_000_000), ("k", 1_000)] where count >= size {
      let whole = count / size
      if whole >= 10 { return "\(whole)\(unit)" }
      let tenth = count % size / (size / 10)
      return tenth == 0 ? "\(whole)\(unit)" : "\(whole).\(tenth)\(unit)"
    }
    return "\(count)"
  }
}

extension EmojiRecord {
  /// The community's votes, when the server counts them (an answer with
  /// neither number is from a server without a database, or an older one).
  public var tally: CommunityTally? {
    guard up != nil || down != nil else { return nil }
    return CommunityTally(up: up ?? 0, down: down ?? 0)
  }
}
