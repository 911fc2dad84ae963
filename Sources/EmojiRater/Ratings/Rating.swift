import Foundation

/// One vote and when it was cast.
public struct Rating: Hashable, Sendable {
  public let vote: Vote
  /// Whole seconds since 1970: the file keeps seconds, and a rating read
  /// back from it must equal the one that was saved.
  public let time: Date

  public init(vote: Vote, time: Date) {
    self.vote = vote
    self.time = Date(timeIntervalSince1970: time.timeIntervalSince1970.rounded(.down))
  }
}
