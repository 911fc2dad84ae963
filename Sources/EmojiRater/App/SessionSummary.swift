import Foundation
import FrameTiming

/// The line printed when the app exits, so a run leaves its figures behind:
///
///     emoji-rater: 1834 frames, dropped 3 (0.2%), work p50 0.4 ms p99 1.2 ms,
///     hitch 0.8 ms/s, ready on display 93% (prefetch)
///
/// and, loading from a server, `(prefetch, from http://127.0.0.1:8080)`
/// and how many loads got no answer from it.
public enum SessionSummary {
  public static func line(stats: FrameStats, loading: LoadingSummary?) -> String {
    var parts = [
      "\(stats.frames) frames",
      String(format: "dropped %d (%.1f%%)", stats.dropped, stats.droppedShare * 100),
      String(
        format: "work p50 %.1f ms p99 %.1f ms", stats.workTime(percentile: 50), stats.workTime(percentile: 99)
      ),
      String(format: "hitch %.1f ms/s", stats.hitchRatio),
    ]
    if let loading {
      let ready = String(format: "%.0f%%", loading.display.readyRate * 100)
      // The source only when it is a server: the simulated one goes without saying.
      let source = loading.source == .simulated ? "" : ", from \(loading.source)"
      parts.append("ready on display \(ready) (\(loading.mode.rawValue)\(source))")
      if loading.loader.connectionErrors > 0 {
        parts.append("\(loading.loader.connectionErrors) loads unanswered")
      }
    }
    return "emoji-rater: " + parts.joined(separator: ", ")
  }
}
