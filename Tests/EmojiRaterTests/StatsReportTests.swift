import Foundation
import FrameTiming
import Loading
import Testing

@testable import EmojiRater

@Suite struct StatsReportTests {
  func sampleStats() -> FrameStats {
    var stats = FrameStats()
    let ms: UInt64 = 1_000_000
    stats.record(FrameSample(start: 0, work: FrameWork(syncLoad: 300 * ms, draw: ms)))
    stats.record(
      FrameSample(start: 301 * ms, lateness: 284 * ms, missedFrames: 17, work: FrameWork(draw: ms)))
    return stats
  }

  @Test func theReportCarriesTheFiguresAndTheCauses() throws {
    var loader = LoaderCounters()
    loader.completed = 40
    var display = DisplayCounters()
    display.displayed = 10
    display.readyOnDisplay = 9
    display.visibleLatency.record(milliseconds: 250)
    let report = StatsReport(
      stats: sampleStats(), loading: LoadingSummary(mode: .sync, loader: loader, display: display))
    #expect(report.frames.dropped == 17)
    #expect(report.frames.droppedByCause == ["sync load": 17])
    #expect(report.frames.hitchBand == "critical")
    #expect(report.loading?.readyRate == 0.9)
    #expect(report.loading?.visibleLatencyMilliseconds["p50"] == 250)
    // It round-trips through its JSON.
    let decoded = try JSONDecoder().decode(StatsReport.self, from: try report.json())
    #expect(decoded == report)
  }

  @Test func aPathThatCannotBeWrittenIsRefusedUpFront() {
    #expect(throws: StatsPathError.self) { try StatsReport.checkWritable("/nonexistent-folder/stats.json") }
    #expect(throws: StatsPathError.self) { try StatsReport.checkWritable(NSTemporaryDirectory()) }
    #expect(throws: Never.self) { try StatsReport.checkWritable(NSTemporaryDirectory() + "/stats.json") }
  }

  @Test func writingReplacesTheFileWhole() throws {
    let path = NSTemporaryDirectory() + "/stats-\(UUID()).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "old and much longer content than the report will ever be".write(
      toFile: path, atomically: true, encoding: .utf8)
    try StatsReport(stats: sampleStats(), loading: nil).write(to: path)
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(try JSONDecoder().decode(StatsReport.self, from: data).frames.frames == 2)
  }
}

/// `--source`: what it accepts, and what it refuses with a reason.
struct DataSourceTests {
  @Test func simulatedAndServerAddressesAreSources() throws {
    #expect(try DataSource(parsing: "simulated") == .simulated)
    #expect(try DataSource(parsing: "SIMULATED") == .simulated)
    let source = try DataSource(parsing: "http://127.0.0.1:8080")
    #expect(source.description == "http://127.0.0.1:8080")
    let api = try DataSource(parsing: "http://emoji.example/api/")
    #expect(api.description == "http://emoji.example/api/")
    #expect(api.server?.host == "emoji.example")
    #expect(api.server?.port == 80)
    #expect(api.server?.path == "/api", "emoji are asked for at /api/emoji/…")
    #expect(try DataSource(parsing: "http://[::1]:9000").server?.host == "::1")
    #expect(DataSource.simulated.server == nil)
  }

  @Test(arguments: [
    ("ftp://127.0.0.1/", "ftp: is not supported; use http://"),
    ("https://emoji.example", "https:// is not supported yet (no TLS in this build)"),
    ("http://127.0.0.1:99999", "its port is not from 1 to 65535"),
    ("127.0.0.1:8080", "it is not an address like http://127.0.0.1:8080"),
    ("not a url", "it is not an address like http://127.0.0.1:8080"),
    ("http://", "it names no host"),
    ("http://127.0.0.1:8080/?q=1", "query or fragment"),
  ])
  func whatIsNoServerAddressIsRefusedSayingWhy(text: String, reason: String) {
    #expect {
      try DataSource(parsing: text)
    } throws: { error in
      "\(error)".hasPrefix("'\(text)' is not a source: ") && "\(error)".contains(reason)
    }
  }
}
