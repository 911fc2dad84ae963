import Foundation
import TestSupport
import Testing

/// `emoji-rater bench`, run as a script would: no terminal, JSON out.
@Suite struct BenchEndToEndTests {
  @Test func aShortBenchPrintsARowPerModeAndTraceAndSyncDropsMore() throws {
    let result = try Subprocess.run([
      AppBinary.path, "bench", "--json", "--seconds", "0.6", "--warm-up", "0.3", "--sizes", "80x24",
      "--small-pool", "0", "--latency", "300ms",
    ])
    #expect(result.status == 0, "\(result.output)")
    let data = Data(result.output.utf8)
    let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let pairs = Set(rows.compactMap { row in (row["mode"] as? String).map { "\($0) \(row["trace"] ?? "")" } })
    let expected = ["sync", "async", "prefetch"].flatMap { mode in
      ["steady", "burst", "reversal", "pages"].map { "\(mode) \($0)" }
    }
    #expect(pairs == Set(expected))
    // What the capacity note under the table is worked out from.
    for row in rows {
      #expect(row["newCellsPerSecond"] as? Double != nil, "\(row)")
      #expect(row["poolLoadsPerSecond"] as? Double != nil, "\(row)")
      // What tells the machine's interruptions from the app's (Linux has both counters).
      #expect((row["stolenMilliseconds"] as? Double).map { $0 >= 0 } == true, "\(row)")
      #expect((row["mainThreadPreemptions"] as? Int).map { $0 >= 0 } == true, "\(row)")
    }
    for trace in ["steady", "burst", "reversal", "pages"] {
      let dropped = { (mode: String) in
        rows.first { $0["mode"] as? String == mode && $0["trace"] as? String == trace }?["droppedShare"]
          as? Double
      }
      let sync = try #require(dropped("sync"))
      let prefetch = try #require(dropped("prefetch"))
      #expect(sync > prefetch, "\(trace): sync dropped \(sync), prefetch \(prefetch)")
    }
  }

  @Test func badBenchOptionsAreRefused() throws {
    for (arguments, message) in [
      (["--traces", "zigzag"], "steady, burst, reversal, pages"),
      (["--modes", "turbo"], "sync, async, prefetch"),
      (["--sizes", "10x3"], "80x24"),
    ] {
      let result = try Subprocess.run([AppBinary.path, "bench"] + arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.output.contains(message), "\(arguments): \(result.output)")
    }
  }
}
