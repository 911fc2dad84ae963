import EmojiModel
import Prometheus
import RatingsDatabase
import Support

/// What `GET /metrics` tells a Prometheus that scrapes the server: the
/// requests by route and status and how long they took, the votes by
/// what became of them, the voters registered, and the server's counts
/// (`ServerCounts`: served, abandoned, timed out, …).
final class ServerMetrics: Sendable {
  let registry = PrometheusCollectorRegistry()
  /// The counts as last told to the registry: its counters only go up, by
  /// what the counts gained since.
  private let told = Locked(ServerCounts())

  /// Bucket bounds for a request's time: a read from memory takes well
  /// under a millisecond, an emoji's answer waits out `--latency` (up to
  /// seconds).
  static let durationBuckets: [Duration] = [
    .microseconds(250), .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10),
    .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
    .seconds(1), .seconds(2.5), .seconds(5),
  ]

  private static func name(_ metric: String, unit: String, help: String) -> MetricNameDescriptor {
    MetricNameDescriptor(namespace: "emoji_rater", metricName: metric, unitName: unit, helpText: help)
  }

  /// A route and a status a request was answered with.
  private struct Answered: Hashable {
    var route: String
    var status: UInt
  }
  /// The counter and histogram each route and status counts in, found in
  /// the registry once: finding them takes longer than a read's answer.
  private let answeredMetrics = Locked([Answered: (requests: Counter, duration: DurationHistogram)]())

  /// A request on `route` answered `status` after `duration`.
  func answered(route: String, status: UInt, after duration: Duration) {
    let key = Answered(route: route, status: status)
    let metrics = answeredMetrics.withLock { known in
      if let found = known[key] { return found }
      let made = (
        requests: registry.makeCounter(
          descriptor: Self.name("requests", unit: "total", help: "Requests answered, by route and status."),
          labels: [("route", route), ("status", String(status))]),
        duration: registry.makeDurationHistogram(
          descriptor: Self.name(
            "request_duration", unit: "seconds", help: "From a request whole to its answer sent."),
          labels: [("route", route)], buckets: Self.durationBuckets)
      )
      known[key] = made
      return made
    }
    metrics.requests.increment()
    metrics.duration.record(duration)
  }

  /// A vote sent, and what became of it.
  func voted(_ outcome: VoteOutcome) {
    registry.makeCounter(
      descriptor: Self.name("votes", unit: "total", help: "Votes sent, by what became of them."),
      labels: [("outcome", "\(outcome)")]
    ).increment()
  }

  func registeredVoter() {
    registry.makeCounter(
      descriptor: Self.name("voters_registered", unit: "total", help: "Voters registered.")
    )
    .increment()
  }

  /// The text to answer, with `counts` told first.
  func exposition(with counts: ServerCounts) -> String {
    let gained = told.withLock { told in
      defer { told = counts }
      return counts.since(told)
    }
    let countsHelp: [(String, Int, String)] = [
      ("emoji_served", gained.served, "Emoji answered after their delay."),
      ("emoji_failed", gained.failed, "Emoji requests failed on purpose (--failure-rate)."),
      ("emoji_abandoned", gained.abandoned, "Emoji requests whose client left during the delay."),
      ("not_found", gained.notFound, "Requests for no emoji or path the server has."),
      ("connections", gained.connections, "Connections accepted."),
      ("timed_out", gained.timedOut, "Connections closed for a slow request or too long idle."),
      ("refused", gained.refused, "Connections closed as they opened: their address held too many."),
    ]
    for (metric, gain, help) in countsHelp {
      let counter = registry.makeCounter(descriptor: Self.name(metric, unit: "total", help: help))
      if gain > 0 { counter.increment(by: Int64(gain)) }
    }
    registry.makeGauge(
      descriptor: Self.name(
        "in_flight", unit: "requests", help: "Emoji requests waiting out their delay now.")
    ).set(Double(counts.inFlight))
    return registry.emitToString()
  }
}
