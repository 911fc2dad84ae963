import Foundation

/// The benchmark's results as one plain-text table, the modes of each trace
/// on adjacent lines so they read side by side.
public enum BenchTable {
  public static func render(_ results: [BenchResult]) -> String {
    let scrolls = results.filter { $0.trace != ScrollTrace.search.rawValue }
    let searches = results.filter { $0.trace == ScrollTrace.search.rawValue }
    var parts: [String] = []
    if !scrolls.isEmpty { parts.append(renderScrolls(scrolls)) }
    if let loads = renderLoads(scrolls) { parts.append(loads) }
    if !searches.isEmpty { parts.append(renderSearches(searches)) }
    return parts.joined(separator: "\n\n")
  }

  /// The search trace: the frames while typing, and the time from a
  /// keystroke to its matches on screen.
  static func renderSearches(_ results: [BenchResult]) -> String {
    let header = [
      "size", "items", "trace", "mode", "frames", "dropped", "work p50/p95/p99 ms", "in/draw/out ms",
      "hitch ms/s", "keystrokes", "keystroke p50/p99 ms", "results p50/p99 ms",
    ]
    var rows: [[String]] = [header]
    for result in results {
      rows.append([
        "\(result.columns)x\(result.rows)", String(result.items), result.trace, result.mode,
        String(result.frames),
        String(format: "%d (%.1f%%)", result.dropped, result.droppedShare * 100),
        String(format: "%.2f/%.2f/%.2f", result.workP50, result.workP95, result.workP99),
        String(format: "%.2f/%.2f/%.2f", result.inputMean, result.drawMean, result.outputMean),
        String(format: "%.1f", result.hitchRatio), result.searches.map(String.init) ?? "-",
        "\(format(result.keystrokeP50, digits: 2))/\(format(result.keystrokeP99, digits: 2))",
        "\(format(result.resultsP50, digits: 1))/\(format(result.resultsP99, digits: 1))",
      ])
    }
    return
      (aligned(rows, leftAligned: [0, 2, 3]) + [
        "",
        "search: '/\(ScrollTrace.searchQuery)' typed a letter every 150 ms, then Esc. keystroke: the main thread's",
        "time to take a letter (ranking the catalog, up to \(AppState.inlineSearchLimit) items; beyond, ranked off the main",
        "thread). results: from the frame that takes a keystroke to the end of the frame that draws its matches.",
      ]).joined(separator: "\n")
  }

  /// Where each run's loads went (`LoadFates`): the runs that loaded in a pool.
  static func renderLoads(_ results: [BenchResult]) -> String? {
    let rows = results.compactMap { result -> [String]? in
      guard let loads = result.loads else { return nil }
      return [
        "\(result.columns)x\(result.rows)", result.trace, String(result.pool), result.mode,
        String(format: "%.0f", result.loadsStartedPerSecond ?? 0),
      ] + loads.shares.map { String(format: "%.0f%%", $0 * 100) }
    }
    guard !rows.isEmpty else { return nil }
    return LoadFates.table(rows).joined(separator: "\n")
  }

  /// Rows of cells in columns, names left-aligned, numbers right-aligned.
  static func aligned(_ rows: [[String]], leftAligned: Set<Int>) -> [String] {
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { index, cell in
        leftAligned.contains(index)
          ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[index] - cell.count) + cell
      }.joined(separator: "  ")
    }
  }

  static func renderScrolls(_ results: [BenchResult]) -> String {
    let header = [
      "size", "items", "trace", "pool", "mode", "frames", "dropped", "work p50/p95/p99 ms", "in/draw/out ms",
      "hitch ms/s", "outside drop/hitch", "key→screen p50/p95 ms",
      "ready",
      "oracle", "unruled", "settle spin/oracle", "whole ms/oracle",
      "wait p50/p95 ms", "wasted", "cancelled", "bytes/frame", "start ms",
    ]
    // With a server: which source, and what the server saw against what the app did.
    let served = results.contains { $0.source != nil }
    let serverHeader = ["source", "cut/abandoned", "unreached", "connections"]
    var rows: [[String]] = [header + (served ? serverHeader : [])]
    for result in results {
      let serverCells = [
        result.source == nil ? "simulated" : "http",
        "\(result.cancelledDuringWait.map(String.init) ?? "-")/\(result.serverAbandoned.map(String.init) ?? "-")",
        result.connectionErrors.map(String.init) ?? "-", result.serverConnections.map(String.init) ?? "-",
      ]
      rows.append(
        [
          "\(result.columns)x\(result.rows)", String(result.items), result.trace, String(result.pool),
          result.mode,
          String(result.frames),
          String(format: "%d (%.1f%%)", result.dropped, result.droppedShare * 100),
          String(format: "%.2f/%.2f/%.2f", result.workP50, result.workP95, result.workP99),
          String(format: "%.2f/%.2f/%.2f", result.inputMean, result.drawMean, result.outputMean),
          String(format: "%.1f", result.hitchRatio),
          String(
            format: "%d/%.1f%@", result.outside.dropped, result.outside.hitchRatio,
            result.outsideDisagrees ? " !" : ""),
          "\(format(result.outside.keyToScreenP50, digits: 1))/\(format(result.outside.keyToScreenP95, digits: 1))",
          result.displayed == 0 ? "-" : String(format: "%.0f%%", result.readyOnDisplay * 100),
          percent(result.oracleReadyOnDisplay), percent(result.unruledOracleReadyOnDisplay),
          settleSpinners(result), settleWhole(result),
          "\(format(result.visibleLatencyP50))/\(format(result.visibleLatencyP95))", String(result.wasted),
          String(result.cancelled), String(format: "%.0f", result.bytesPerFrame),
          String(format: "%.1f", result.firstFrameMilliseconds),
        ] + (served ? serverCells : []))
    }
    // Names left-aligned, numbers (items and from "frames" on) right-aligned.
    let table = aligned(rows, leftAligned: [0, 2, 3, 4, header.count]).joined(separator: "\n")
    return ([table] + outsideNotes(results) + capacityNotes(results) + (served ? serverNotes : []))
      .joined(separator: "\n")
  }

  static let serverNotes = [
    "",
    "http: each load a request to 'emoji-rater serve' on loopback. cut: loads the app cancelled while their",
    "request was under way; abandoned: requests the server saw their client leave during the delay (the",
    "two part by the requests cut before or after it); unreached: loads with no answer (refused, lost,",
    "timed out); connections: accepted by the server in the run.",
  ]

  /// What the outside columns are, and which runs they disagree with.
  static func outsideNotes(_ results: [BenchResult]) -> [String] {
    var notes = [
      "",
      "outside: dropped frames and hitch ms/s from the times of the keys typed and the output on the terminal",
      "alone; sync judged on every gap (its screen changes each frame), the other modes only on the answer to",
      "each key (a floor: the app also counts late frames no key waited for). key→screen: from a key typed to",
      "the first output after it.",
    ]
    let apart = results.filter(\.outsideDisagrees)
    if !apart.isEmpty {
      notes.append("! the app and the outside part by more than 10% or two frames:")
      notes += apart.map { "  \($0.columns)x\($0.rows) \($0.trace) \($0.mode), pool \($0.pool)" }
    }
    return notes
  }

  /// A note under the table for each trace, size and pool whose new cells
  /// came faster than the pool can load them, so that a low "ready" there
  /// reads as the pool's limit rather than the prefetcher's. Each is noted
  /// once, from its first run that used the pool (sync loads on the main
  /// thread, without it).
  static func capacityNotes(_ results: [BenchResult]) -> [String] {
    var noted = Set<String>()
    var notes: [String] = []
    for result in results where result.mode != "sync" && result.isOverCapacity {
      let run = "\(result.columns)x\(result.rows) \(result.trace), pool \(result.pool)"
      guard noted.insert(run).inserted, let loads = result.poolLoadsPerSecond else { continue }
      let cells = Int(result.newCellsPerSecond.rounded())
      notes.append("  \(run): \(cells) new cells a second, the pool loads \(Int(loads.rounded()))")
    }
    guard !notes.isEmpty else { return [] }
    return [
      "",
      "Over capacity: new cells came on screen faster than the pool can load them (pool ÷ mean latency),",
      "so some show a spinner however the loads are ordered. With cells on screen served first, a screen",
      "that keeps its cells longer than a load takes leaves prefetching no slot: ready falls towards 0%,",
      "the oracle's too.",
    ] + notes
  }

  /// At the trace's stops: the share still spinners, the app's and the oracle's.
  private static func settleSpinners(_ result: BenchResult) -> String {
    guard result.stops != nil else { return "-" }
    return "\(percent(result.spinnersAtSettle))/\(percent(result.oracleSpinnersAtSettle))"
  }

  /// At the trace's stops: the median time to a whole screen (`>`: not
  /// whole before the next key), the app's and the oracle's.
  private static func settleWhole(_ result: BenchResult) -> String {
    guard result.stops != nil else { return "-" }
    let app: String = result.fullScreenMilliseconds.map { format($0) } ?? ">"
    let oracle: String = result.oracleFullScreenMilliseconds.map { format($0) } ?? ">"
    return "\(app)/\(oracle)"
  }

  private static func percent(_ share: Double?) -> String {
    share.map { String(format: "%.0f%%", $0 * 100) } ?? "-"
  }

  private static func format(_ value: Double?, digits: Int = 0) -> String {
    guard let value else { return "-" }
    return digits == 0 ? String(Int(value.rounded())) : String(format: "%.\(digits)f", value)
  }
}
