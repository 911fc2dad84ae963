import Foundation
import TestSupport
import Testing

/// The loader as a person sees it: placeholders, then emoji; the cache; the
/// loading modes.
@Suite(.serialized) struct LoadingEndToEndTests {
  /// Braille spinner frames: a cell still loading.
  static let spinner = Set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

  func gridRows(_ screen: String) -> [Substring] {
    Array(screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast(3))
  }

  func showsSpinner(_ screen: String) -> Bool {
    gridRows(screen).contains { $0.contains { Self.spinner.contains($0) } }
  }

  @Test func cellsShowAPlaceholderThenTheirEmoji() throws {
    let session = try TmuxSession.app(["--latency", "1500ms"])
    let loading = try session.waitFor { showsSpinner($0) && $0.contains("loading…") }
    #expect(loading.held, "\(loading.screen)")
    #expect(!loading.screen.contains("😀"))
    let loaded = try session.waitFor { !showsSpinner($0) && $0.contains("grinning face") }
    #expect(loaded.held, "\(loaded.screen)")
    #expect(loaded.screen.contains("😀"))
  }

  @Test func cellsLoadedBeforeComeBackWithoutAPlaceholder() throws {
    let session = try TmuxSession.app(["--latency", "300ms"])
    #expect(try session.waitFor { !showsSpinner($0) && $0.contains("1/1914") }.held)
    try session.press("End")
    #expect(try session.waitFor { !showsSpinner($0) && $0.contains("flag: Wales") }.held)
    try session.press("Home")
    // The first screen back is already whole: served from the cache.
    let back = try session.waitFor { $0.contains("1/1914") }
    #expect(back.held)
    #expect(!showsSpinner(back.screen), "\(back.screen)")
    #expect(back.screen.contains("grinning face"))
  }

  @Test func mSwitchesTheLoadingModeOnScreen() throws {
    let session = try TmuxSession.app(["--latency", "0"])
    #expect(try session.waitFor { $0.contains(" prefetch │ ") }.held)
    try session.press("m")
    #expect(try session.waitFor { $0.contains(" sync │ ") }.held)
    try session.press("m")
    #expect(try session.waitFor { $0.contains(" async │ ") }.held)
    try session.press("m")
    #expect(try session.waitFor { $0.contains(" prefetch │ ") }.held)
  }

  @Test func inSyncModeQStillQuitsBetweenLoads() throws {
    let session = try TmuxSession.app(["--mode", "sync", "--latency", "200ms"])
    #expect(try session.waitFor { $0.contains(" sync │ ") }.held)
    try session.press("q")
    let ended = try session.waitForExit()
    #expect(ended.status == 0, "\(ended.screen)")
    #expect(try !session.isAlternateScreenOn())
  }

  @Test func badLoaderOptionsAreRefusedShowingTheAcceptedForms() throws {
    for (arguments, message) in [
      (["--latency", "fast"], "500-2000ms"),
      (["--mode", "turbo"], "sync, async or prefetch"),
      (["--failure-rate", "1.5"], "between 0 and 1"),
      (["--max-concurrent=-2"], "from 0 (no bound) to 10000"),
      (["--prefetch-rows", "0"], "from 1 to 10000"),
      // Huge and non-finite values: refused at once, never a trap or a hang.
      (["--latency", "99999999999999s"], "up to 60s"),
      (["--latency", "1e308ms"], "up to 60s"),
      (["--latency", "infs"], "up to 60s"),
      (["--latency", "lognormal:1s:nans"], "up to 60s"),
      (["--prefetch-rows", String(Int.max)], "from 1 to 10000"),
      (["--cache-size", String(Int.max)], "from 1 to 10000000"),
      (["--max-concurrent", String(Int.max)], "to 10000"),
      (["--items", "10000000000"], "from 1 to 10000000"),
      (["bench", "--seconds", "inf"], "at most 600"),
      (["bench", "--warm-up", "nan"], "from 0 to 600"),
    ] {
      let result = try Subprocess.run([AppBinary.path] + arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.output.contains(message), "\(arguments): \(result.output)")
    }
  }
}
