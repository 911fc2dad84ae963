/// What the loader has done, for the HUD and the benchmark. Plain counts,
/// as docs/hud.md defines them.
public struct LoaderCounters: Equatable, Sendable {
  /// Loads waiting for a free slot in the pool.
  public var queued = 0
  /// Loads waiting out their latency.
  public var inFlight = 0
  public var completed = 0
  /// Loads that brought no item, for whatever reason.
  public var failed = 0
  /// Of those, the ones that got no answer at all (refused, lost, timed
  /// out), as against a server that answered with a failure.
  public var connectionErrors = 0
  public var cancelledBeforeStart = 0
  public var cancelledDuringWait = 0
  /// Requests answered from the cache, with no load.
  public var cacheHits = 0
  /// Completed loads evicted before anyone displayed them.
  public var wasted = 0
  /// Loads made on the main thread, blocking it (`sync` mode).
  public var synchronous = 0

  public init() {}

  public var cancelled: Int { cancelledBeforeStart + cancelledDuringWait }
  /// Loads asked for and not yet over, queued or in flight. Read it from
  /// one copy of the counters: the loads start on the pool's threads, so
  /// two readings of `counters` can split the same load between queued
  /// and in flight, and count it twice.
  public var outstanding: Int { queued + inFlight }
}
