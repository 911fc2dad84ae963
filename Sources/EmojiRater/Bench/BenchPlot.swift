import Foundation

/// The benchmark as a picture (`emoji-rater bench --plot FILE.svg`): a panel
/// for each terminal size and trace, and in each, per run (mode and pool),
/// the frame work percentiles against the frame budget and ready-on-display
/// against the oracle's. Plain SVG text, made here, with no dependency.
public enum BenchPlot {
  static let labelWidth = 118.0
  static let workWidth = 160.0
  static let gap = 25.0
  static let readyWidth = 120.0
  static let panelWidth = labelWidth + workWidth + gap + readyWidth + 60
  static let margin = 30.0
  static let barHeight = 14.0
  static let rowStep = 22.0
  /// Frame work runs from 0.01 ms to 1 s: a log scale, so sync's blocked
  /// frames and prefetch's idle ones both show.
  static let workRange = (low: 0.01, high: 1_000.0)

  /// The SVG for `results`, at `framesPerSecond` (the budget line).
  public static func svg(_ results: [BenchResult], framesPerSecond: Int = 60) -> String {
    let sizes = unique(results.map { "\($0.columns)x\($0.rows)" })
    let traces = unique(results.map(\.trace))
    let most = sizes.flatMap { size in traces.map { trace in runs(results, size, trace).count } }.max() ?? 0
    let panelHeight = 40 + Double(most) * rowStep + 40
    let width = margin * 2 + panelWidth * Double(traces.count)
    let height = margin + 30 + panelHeight * Double(sizes.count)
    let budget = 1_000 / Double(framesPerSecond)
    var svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width))" height="\(format(height))" \
      viewBox="0 0 \(format(width)) \(format(height))" font-family="DejaVu Sans, sans-serif" font-size="11">
      <rect width="100%" height="100%" fill="white"/>
      <text x="\(format(margin))" y="24" font-size="15" font-weight="bold">emoji-rater bench: frame work \
      (p50 dark, p95, p99 light; the red line is the \(format(budget)) ms frame budget) and ready on display \
      (the black mark is the oracle's)</text>

      """
    for (row, size) in sizes.enumerated() {
      for (column, trace) in traces.enumerated() {
        let shown = runs(results, size, trace)
        guard !shown.isEmpty else { continue }
        let x = margin + panelWidth * Double(column)
        let y = margin + 30 + panelHeight * Double(row)
        svg += panel(shown, title: "\(size) · \(trace)", x: x, y: y, budget: budget)
      }
    }
    return svg + "</svg>\n"
  }

  private static func runs(_ results: [BenchResult], _ size: String, _ trace: String) -> [BenchResult] {
    results.filter { "\($0.columns)x\($0.rows)" == size && $0.trace == trace }
  }

  private static func panel(_ runs: [BenchResult], title: String, x: Double, y: Double, budget: Double)
    -> String
  {
    let workX = x + labelWidth
    let readyX = workX + workWidth + gap
    let top = y + 22
    let bottom = top + Double(runs.count) * rowStep
    let budgetX = workX + workPosition(budget) * workWidth
    var text = """
      <g class="panel">
      <text x="\(format(x))" y="\(format(y))" font-size="13" font-weight="bold">\(escape(title))</text>
      <text x="\(format(workX))" y="\(format(y + 14))" fill="#555">frame work, ms</text>
      <text x="\(format(readyX))" y="\(format(y + 14))" fill="#555">ready on display</text>
      <line x1="\(format(budgetX))" y1="\(format(top - 4))" x2="\(format(budgetX))" y2="\(format(bottom))" \
      stroke="#c0392b" stroke-dasharray="3,2"/>

      """
    for tick in [0.01, 0.1, 1, 10, 100, 1_000] {
      let tickX = workX + workPosition(tick) * workWidth
      let label = tick >= 1_000 ? "1 s" : tick < 1 ? String(tick) : String(Int(tick))
      text += """
        <text x="\(format(tickX))" y="\(format(bottom + 12))" font-size="9" fill="#777" text-anchor="middle">\(label)</text>

        """
    }
    for share in [0.0, 0.5, 1.0] {
      text += """
        <text x="\(format(readyX + share * readyWidth))" y="\(format(bottom + 12))" font-size="9" fill="#777" \
        text-anchor="middle">\(percent(share))</text>

        """
    }
    for (index, run) in runs.enumerated() {
      let rowTop = top + Double(index) * rowStep
      let label = "\(run.mode), pool \(run.pool)"
      text += """
        <g class="run" data-mode="\(escape(run.mode))" data-pool="\(run.pool)">
        <text x="\(format(x))" y="\(format(rowTop + barHeight - 3))">\(escape(label))</text>
        \(bar(x: workX, y: rowTop, length: workPosition(run.workP99) * workWidth, color: "#d5e3f0", title: "p99 \(format(run.workP99)) ms"))
        \(bar(x: workX, y: rowTop, length: workPosition(run.workP95) * workWidth, color: "#93b5d8", title: "p95 \(format(run.workP95)) ms"))
        \(bar(x: workX, y: rowTop, length: workPosition(run.workP50) * workWidth, color: "#2e6da4", title: "p50 \(format(run.workP50)) ms"))
        \(bar(x: readyX, y: rowTop, length: run.readyOnDisplay * readyWidth, color: "#3c9a5f", title: "ready \(percent(run.readyOnDisplay))"))
        <text x="\(format(readyX + readyWidth + 6))" y="\(format(rowTop + barHeight - 3))">\(percent(run.readyOnDisplay))</text>

        """
      if let oracle = run.oracleReadyOnDisplay {
        let mark = readyX + oracle * readyWidth
        text += """
          <line x1="\(format(mark))" y1="\(format(rowTop - 2))" x2="\(format(mark))" y2="\(format(rowTop + barHeight + 2))" \
          stroke="black" stroke-width="2"><title>oracle \(percent(oracle))</title></line>

          """
      }
      text += "</g>\n"
    }
    return text + "</g>\n"
  }

  private static func bar(x: Double, y: Double, length: Double, color: String, title: String) -> String {
    """
    <rect x="\(format(x))" y="\(format(y))" width="\(format(max(1, length)))" height="\(format(barHeight))" \
    fill="\(color)"><title>\(escape(title))</title></rect>
    """
  }

  /// Where `milliseconds` falls on the work axis, from 0 to 1.
  static func workPosition(_ milliseconds: Double) -> Double {
    let clamped = min(max(milliseconds, workRange.low), workRange.high)
    return log10(clamped / workRange.low) / log10(workRange.high / workRange.low)
  }

  private static func unique(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }

  private static func format(_ value: Double) -> String {
    String(format: "%.2f", value)
  }

  private static func percent(_ share: Double) -> String {
    "\(Int((share * 100).rounded()))%"
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
