/// What `emoji-rater serve` has done, for `GET /stats` and its log line.
public struct ServerCounts: Codable, Equatable, Sendable {
  /// Emoji sent (HTTP 200).
  public var served = 0
  /// Loads failed on purpose, at the failure rate (HTTP 503).
  public var failed = 0
  /// Requests whose client went away during the delay: the delay stopped there.
  public var abandoned = 0
  /// Requests for no emoji the catalog has, or no path the server knows (HTTP 404).
  public var notFound = 0
  /// Requests waiting out their delay now.
  public var inFlight = 0
  /// Connections accepted since the start.
  public var connections = 0

  public init() {}

  /// One line for the log: `served 120, failed 3, abandoned 14, in flight 6, …`.
  public var line: String {
    "served \(served), failed \(failed), abandoned \(abandoned), in flight \(inFlight), "
      + "not found \(notFound), connections \(connections)"
  }
}
