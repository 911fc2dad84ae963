import Foundation

/// Every load of the benchmark's runs, a line each, beside the keys and the
/// displays (`bench --load-log`): what the app made of each load when it
/// took a slot (`LoadReading`) and what became of it (`LoadFates.Outcome`).
/// The fates table sums a run up; this follows it load by load, to find
/// where a change to the planner sends the pool's slots: which view and
/// which distance its late loads were started at, say.
///
/// Tab-separated lines, times in milliseconds from the trace's first key,
/// `-` where there is no value:
///
///     run       <size> <trace> <mode> seed <n> pool <n>   measured <from> <to>
///     key       <time>
///     display   <item> <came> <left>
///     load      <item> <started> <landed> <fate> <rank> <rows from screen> <view>
///     primed    <first item> <item after the last>
///     stop      <last key> <next key>
///     oracle    <item> <landed>
///
/// A load before the measured part has no fate. `primed`: the first
/// screen, loaded before the run; `stop`: the moments spinners at settle
/// looks at (100 ms after the last key); `oracle`: when the oracle's plan
/// has each item loaded, so that a stop can be read for it too.
@MainActor
public final class LoadLog {
  public private(set) var lines: [String] = []

  public init() {}

  /// One run's lines (`label` names it), its times moved to count from
  /// `origin`; `readings` go with `log.starts`, in order.
  public func add(
    run label: String, keys: [Double], displays: [OraclePrefetcher.Display], log: LoadFates.Log,
    readings: [LoadReading], from: Double, to: Double, origin: Double, primed: Range<Int> = 0..<0,
    stops: [(lastKey: Double, nextKey: Double)] = [], oracle: [Int: Double] = [:]
  ) {
    let time = { (milliseconds: Double?) in milliseconds.map { String(format: "%.1f", $0 - origin) } ?? "-" }
    lines.append(Self.line("run", label, "measured", time(from), time(to)))
    for key in keys { lines.append(Self.line("key", time(key))) }
    for display in displays {
      lines.append(
        Self.line(
          "display", "\(display.item)", time(display.time), time(display.end.isFinite ? display.end : nil)))
    }
    let outcomes = LoadFates.outcomes(log: log, displays: displays, from: from, to: to)
    for ((start, outcome), reading) in zip(zip(log.starts, outcomes), readings) {
      lines.append(
        Self.line(
          "load", "\(start.item)", time(start.time), time(outcome?.landed), outcome?.fate.rawValue ?? "-",
          reading.rank.map(Self.rank) ?? "-", reading.rowsFromScreen.map(String.init) ?? "-",
          reading.view?.rawValue ?? "-"))
    }
    if !primed.isEmpty { lines.append(Self.line("primed", "\(primed.lowerBound)", "\(primed.upperBound)")) }
    for stop in stops { lines.append(Self.line("stop", time(stop.lastKey), time(stop.nextKey))) }
    for (item, landed) in oracle.sorted(by: { $0.key < $1.key }) {
      lines.append(Self.line("oracle", "\(item)", time(landed)))
    }
  }

  /// The whole log, a line each.
  public var text: String { lines.map { $0 + "\n" }.joined() }

  private static func line(_ fields: String...) -> String { fields.joined(separator: "\t") }

  /// A rank as the ranking gave it (finite: a load ranked infinite waits):
  /// whole when it is (rows, or a band's base less a deadline in
  /// milliseconds, `LoadDeadlines`), else to a thousandth.
  private static func rank(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.3f", value)
  }
}
