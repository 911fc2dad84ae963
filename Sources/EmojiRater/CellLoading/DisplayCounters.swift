import FrameTiming

/// How cells met their data, counted as they come on screen (as docs/hud.md
/// defines them): ready on display, or shown after a visible wait.
public struct DisplayCounters: Equatable, Sendable {
  /// Cells that came on screen.
  public var displayed = 0
  /// Of those, cells whose data was already loaded at that moment.
  public var readyOnDisplay = 0
  /// Milliseconds from a cell coming on screen to its content, for each cell
  /// whose content arrived while it was still on screen (0 when ready).
  public var visibleLatency = LatencyRecorder()

  public init() {}

  /// The prefetcher's score, 0...1.
  public var readyRate: Double {
    displayed == 0 ? 0 : Double(readyOnDisplay) / Double(displayed)
  }

  /// The median visible latency, in milliseconds.
  public var medianVisibleLatency: Double? { visibleLatency.percentile(50) }
}
