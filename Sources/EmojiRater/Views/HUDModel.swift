import FrameTiming
import Loading

/// The figures the HUD shows, taken from the frame statistics and the
/// loader. A value, so the loop redraws the HUD only when it changed and
/// tests can draw any HUD they like.
public struct HUDModel: Equatable, Sendable {
  // Every figure is over the rolling window (the last three seconds, or
  // since the loading mode changed): the HUD shows what is happening now.
  // The exit summary and `--stats-json` give the whole run's totals.

  /// Frames per second over the rolling window.
  public var fps: Double = 0
  public var dropped = 0
  public var droppedShare: Double = 0
  /// Frame work time percentiles, in milliseconds.
  public var workP50: Double = 0
  public var workP95: Double = 0
  public var workP99: Double = 0
  public var hitchRatio: Double = 0
  /// Recent frames' work times (ms) and the frame budget they are drawn against.
  public var recentWork: [Double] = []
  public var budget: Double = 1000.0 / 60
  /// The frame clock has stopped: nothing moves, the figures are the last ones.
  public var idle = false
  public var loading: Loading?

  /// The loader's figures as the HUD shows them: plain numbers, so comparing
  /// two models (every frame the HUD is drawn) stays cheap — no histograms.
  public struct Loading: Equatable, Sendable {
    public var mode: LoadingMode
    public var source: DataSource
    public var loader: LoaderCounters
    /// Ready-on-display, 0...1.
    public var readyRate: Double
    /// Visible latency p50 in milliseconds, once any cell waited.
    public var medianWait: Double?

    public init(_ summary: LoadingSummary) {
      mode = summary.mode
      source = summary.source
      loader = summary.loader
      readyRate = summary.display.readyRate
      medianWait = summary.display.medianVisibleLatency
    }
  }

  public init() {}

  public init(stats: FrameStats, loading: LoadingSummary?, idle: Bool, sparklineLength: Int = 24) {
    fps = stats.recentFPS
    dropped = stats.recentDropped
    droppedShare = stats.recentDroppedShare
    workP50 = stats.recentWorkTime(percentile: 50)
    workP95 = stats.recentWorkTime(percentile: 95)
    workP99 = stats.recentWorkTime(percentile: 99)
    hitchRatio = stats.recentHitchRatio
    recentWork = stats.recentWorkTimes(sparklineLength)
    budget = Double(stats.period) / 1e6
    self.idle = idle
    self.loading = loading.map(Loading.init)
  }

  public var hitchBand: HitchBand { HitchBand(ratio: hitchRatio) }
}
