/// One benchmark run's figures: one mode, one trace, one terminal size, one pool.
public struct BenchResult: Codable, Equatable, Sendable {
  public var mode: String
  public var trace: String
  public var columns: Int
  public var rows: Int
  /// Emoji in the catalog (`--items` repeats it).
  public var items: Int
  /// From the start of the run (a new screen, state, layout and loader) to
  /// its first frame written, in milliseconds.
  public var firstFrameMilliseconds: Double
  /// Loads in flight at most (the pool).
  public var pool: Int
  public var seconds: Double
  public var frames: Int
  public var dropped: Int
  public var droppedShare: Double
  public var workP50: Double
  public var workP95: Double
  public var workP99: Double
  /// Where the work above goes, in milliseconds: the mean time per frame
  /// in input and state (telling the loader included), and per frame drawn
  /// drawing into the canvas and in ncurses' output.
  public var inputMean: Double
  public var drawMean: Double
  public var outputMean: Double
  public var hitchRatio: Double
  public var displayed: Int
  public var readyOnDisplay: Double
  /// The oracle prefetcher's ready-on-display for the same displays and
  /// pool, serving cells on screen first as the app must: the real
  /// prefetcher's ceiling.
  public var oracleReadyOnDisplay: Double?
  /// The same without that rule: every slot on future displays, cells that
  /// missed theirs left empty.
  public var unruledOracleReadyOnDisplay: Double?
  public var visibleLatencyP50: Double?
  public var visibleLatencyP95: Double?
  public var wasted: Int
  public var cancelled: Int
  /// Bytes the terminal received per frame drawn.
  public var bytesPerFrame: Double
  /// Cells that came on screen for the first time in the run, a second of
  /// the measured part: each needs a load, prefetched or not.
  public var newCellsPerSecond: Double
  /// The loads a second the pool finishes when every slot is busy (pool ÷
  /// mean latency, by Little's law); nil for an unbounded pool.
  public var poolLoadsPerSecond: Double?
  /// CPU time the hypervisor gave elsewhere while the run was measured, in
  /// milliseconds across all cores, and how often the main thread was
  /// preempted then (`MachineInterference`); nil where unknown.
  public var stolenMilliseconds: Double?
  public var mainThreadPreemptions: Int?
  /// The same run seen from outside the app, from the times of the keys
  /// typed and of the output on the terminal alone (`OutsideObserver`).
  public var outside: OutsideObserver.View
  /// Whether the app's dropped frames or hitch ratio part from the
  /// outside's by more than 10 % or two frames.
  public var outsideDisagrees: Bool
  /// The search trace's time to results, in milliseconds: from a keystroke
  /// to the frame that draws its query's matches (`FrameLoop.searchLatency`),
  /// and how many keystrokes had theirs drawn. nil in a scroll.
  public var resultsP50: Double? = nil
  public var resultsP99: Double? = nil
  public var searches: Int? = nil
  /// The main thread's time per keystroke (ranking included, inside a
  /// frame's budget, for a catalog short enough), in milliseconds.
  public var keystrokeP50: Double? = nil
  public var keystrokeP99: Double? = nil
  /// Where the data came from: nil for the simulated source, else the
  /// server's address; with a server, what it saw of the run
  /// (`GET /stats` before and after): requests whose client went away
  /// during their delay, and connections it accepted. Against them, the
  /// loads the app cancelled under way, and those that got no answer.
  public var source: String? = nil
  public var cancelledDuringWait: Int? = nil
  public var serverAbandoned: Int? = nil
  public var serverConnections: Int? = nil
  public var connectionErrors: Int? = nil
  /// The seed the run's trace (a family's) and latencies were drawn from.
  public var seed: UInt64? = nil
  /// At the trace's stops (`SettleMetrics`): how many were looked at, the
  /// mean share of the screen still spinners 100 ms after the last key,
  /// and the median time to a whole screen, for the app and the oracle.
  /// nil for a trace that never stops.
  public var stops: Int? = nil
  public var spinnersAtSettle: Double? = nil
  public var oracleSpinnersAtSettle: Double? = nil
  public var fullScreenMilliseconds: Double? = nil
  public var oracleFullScreenMilliseconds: Double? = nil
  /// The share of the measured time cells were on screen that they spun
  /// (`SettleMetrics.timeSpinning`), for the app and the oracle (nil
  /// against a server, whose latencies the oracle cannot know).
  public var timeSpinning: Double? = nil
  public var oracleTimeSpinning: Double? = nil
  /// The ready-on-display of an oracle that knows the trace but not each
  /// load's latency, only the distribution's (`OraclePrefetcher.blindReadyRate`):
  /// how much of the oracle's lead is knowing which load will be quick.
  public var blindOracleReadyOnDisplay: Double? = nil
  /// The most any prefetcher could have had ready that, like the app,
  /// cannot see a load's latency before it lands (`ThroughputCeiling`):
  /// the oracle's lead above it is out of every such prefetcher's reach.
  public var ceilingReadyOnDisplay: Double? = nil
  /// The ready-on-display of the app told the scroll ahead (`ToldScroll`,
  /// `emoji-rater bench --told`): its loading with a forecast that is right.
  public var toldReadyOnDisplay: Double? = nil
  /// The told run's spinners at settle and time spinning: whether what a
  /// right forecast wins in ready on display is what a person looks at,
  /// or rows flown past.
  public var toldSpinnersAtSettle: Double? = nil
  public var toldTimeSpinning: Double? = nil
  /// Where the loads started in the measured part went (`LoadFates`); nil
  /// in sync, which loads on the main thread, in no slot.
  public var loads: LoadFates? = nil

  /// Loads that took a slot, a second of the measured part; nil in sync.
  public var loadsStartedPerSecond: Double? {
    loads.map { Double($0.started) / seconds }
  }

  /// Whether the trace brought in cells faster than the pool can load them:
  /// then some must show a spinner, however the loads are ordered.
  public var isOverCapacity: Bool {
    poolLoadsPerSecond.map { newCellsPerSecond > $0 } ?? false
  }
}
