import EmojiRater
import Testing

/// `bench --load-log`: a run's keys, displays and loads, a line each, times
/// from the trace's first key.
@MainActor
@Suite struct LoadLogTests {
  typealias Event = LoadFates.Log.Event
  typealias Display = OraclePrefetcher.Display

  @Test func aRunIsItsKeysItsDisplaysAndItsLoadsWithWhatTheAppMadeOfThem() {
    let log = LoadLog()
    let loads = LoadFates.Log(
      starts: [Event(item: 9, time: 900), Event(item: 7, time: 1_100), Event(item: 8, time: 1_200)],
      landings: [Event(item: 9, time: 1_500), Event(item: 7, time: 1_900.5)])
    log.add(
      run: "80×24\twheel\tprefetch\tseed 7\tpool 198", keys: [1_000, 1_500],
      displays: [Display(item: 7, time: 2_000, end: 2_400), Display(item: 8, time: 1_150)], log: loads,
      readings: [
        LoadReading(rank: 1e8 - 1_849.5, rowsFromScreen: 30, view: .moving),
        LoadReading(rank: 41, rowsFromScreen: 12, view: .pause),
        LoadReading(rank: -1, rowsFromScreen: 0, view: nil),
      ], from: 1_000, to: 13_000, origin: 1_000, primed: 0..<3, stops: [(lastKey: 1_500, nextKey: 2_700)],
      oracle: [8: 1_120, 7: 1_600])
    #expect(
      log.lines == [
        "run\t80×24\twheel\tprefetch\tseed 7\tpool 198\tmeasured\t0.0\t12000.0",
        "key\t0.0",
        "key\t500.0",
        "display\t7\t1000.0\t1400.0",
        // Still on screen when the run ended.
        "display\t8\t150.0\t-",
        // Started in the warm-up: no fate.
        "load\t9\t-100.0\t-\t-\t99998150.500\t30\tmoving",
        "load\t7\t100.0\t900.5\tin-time\t41\t12\tpause",
        // Its cell on screen, the load under way at the end; ranked from outside.
        "load\t8\t200.0\t-\tunder-way-at-end\t-1\t0\t-",
        // The first screen's items, loaded before the run.
        "primed\t0\t3",
        // Spinners at settle looks 100 ms after the last key.
        "stop\t500.0\t1700.0",
        // The oracle's plan, item by item.
        "oracle\t7\t600.0",
        "oracle\t8\t120.0",
      ])
    #expect(log.text.hasSuffix("\t120.0\n") && log.text.split(separator: "\n").count == 12)
  }
}
