import Foundation
import TestSupport
import Testing

/// The app loading over HTTP from `emoji-rater serve`, both real binaries:
/// the server in the background on a free loopback port, the app in tmux.
/// Each test stops its servers (SIGTERM) before it ends.
@Suite(.serialized, .timeLimit(.minutes(1))) struct ServerEndToEndTests {
  /// Cells that leave the screen while their request waits cancel it on the
  /// wire: the server counts at least as many requests abandoned as the app
  /// cancelled during their wait (more: those still waiting when it quits).
  @Test func aFastScrollAbandonsTheRequestsItCancels() throws {
    let server = try ServeProcess(["--latency", "2s"])
    defer { server.stop() }
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("stats-\(UUID()).json")
    defer { try? FileManager.default.removeItem(at: report) }
    let session = try TmuxSession.app([
      "--source", server.address, "--mode", "async", "--stats-json", report.path,
    ])
    // The first screen whole (nothing queued or loading): a request handed
    // to the connection pool a moment before it is cancelled may never
    // reach the server, and the count would be off by a race.
    let started = try session.waitFor(timeout: 15) { screen in
      screen.contains("│ http │") && screen.contains("😀") && !screen.contains { "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏".contains($0) }
    }
    #expect(started.held, "the HUD says the data comes over HTTP: \(started.screen)")
    for _ in 0..<4 {
      try session.press("NPage")
      usleep(300_000)  // Each page's cells ask for their data, then leave before it comes.
    }
    try session.press("q")
    #expect(try session.waitForExit().status == 0)
    let loading = try #require(try Self.loadingReport(report))
    let cancelled = try #require(loading["cancelledDuringWait"] as? Int)
    #expect(cancelled > 0, "pages left while loading: \(loading)")
    #expect(loading["source"] as? String == server.address)
    var abandoned = 0
    for _ in 0..<200 {
      abandoned = server.stats()?["abandoned"] ?? 0
      if abandoned >= cancelled { break }
      usleep(20_000)
    }
    #expect(
      abandoned >= cancelled, "the server saw \(abandoned) requests abandoned; the app cancelled \(cancelled)"
    )
  }

  /// A server that goes away turns new cells into ✗ at once, with the app
  /// still answering keys; back on the same port, the cells load when they
  /// are displayed again.
  @Test func aServerThatGoesAwayAndComesBack() throws {
    let server = try ServeProcess(["--latency", "0"])
    let port = server.port
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("stats-\(UUID()).json")
    defer { try? FileManager.default.removeItem(at: report) }
    let session = try TmuxSession.app([
      "--source", server.address, "--mode", "async", "--stats-json", report.path,
    ])
    #expect(try session.waitFor { $0.contains("😀") && !Self.grid(of: $0).contains("✗") }.held)
    #expect(server.stop() == 0, "SIGTERM stops the server cleanly: \(server.output)")
    try session.press("NPage")
    let failed = try session.waitFor { Self.grid(of: $0).contains("✗") }
    #expect(failed.held, "cells with no server fail: \(failed.screen)")
    try session.press("?")
    #expect(try session.waitFor { $0.contains("next / previous section") }.held, "the app still answers")
    try session.press("Escape")

    let again = try ServeProcess(["--latency", "0"], port: port)
    defer { again.stop() }
    // Away (to the end, far from them) and back by the same keys: the failed
    // cells are displayed again, and retry. A frame apart each, or the keys
    // would cancel out in one.
    for key in ["G", "g", "NPage"] {
      try session.press(key)
      usleep(300_000)
    }
    // The HUD keeps counting the failures (✗N): the grid is what loads again.
    let loaded = try session.waitFor {
      !Self.grid(of: $0).contains("✗") && !$0.contains("next / previous section")
    }
    #expect(loaded.held, "the cells load once the server is back: \(loaded.screen)")
    try session.press("q")
    let ended = try session.waitForExit()
    #expect(ended.status == 0)
    let summary = ended.screen.replacingOccurrences(of: "\n", with: "")  // As one line, unwrapped.
    #expect(summary.contains("(async, from http://127.0.0.1:\(port)), "), "\(ended.screen)")
    #expect(summary.contains(" loads unanswered"), "\(ended.screen)")
    let loading = try #require(try Self.loadingReport(report))
    #expect((loading["connectionErrors"] as? Int ?? 0) > 0, "counted apart as unreached: \(loading)")
  }

  /// No server at the address yet: the app starts all the same, and its
  /// cells show ✗ (each retries when it is displayed again).
  @Test func aServerThatIsNotThereAtStartIsNoError() throws {
    let absent = try ServeProcess()
    let address = absent.address
    absent.stop()
    let session = try TmuxSession.app(["--source", address])
    let failed = try session.waitFor { $0.contains("✗") && $0.contains("│ http │") }
    #expect(failed.held, "\(failed.screen)")
    try session.press("q")
    #expect(try session.waitForExit().status == 0)
  }

  @Test func aSourceThatIsNoServerAddressIsRefusedWithStatus2() throws {
    for source in ["ftp://127.0.0.1/", "not a url", "http://"] {
      let result = try Subprocess.run([AppBinary.path, "--source", source])
      #expect(result.status == 2, "\(source): \(result.output)")
      #expect(result.output.contains("'--source <source>': '\(source)' is not a source"), "\(result.output)")
    }
    let failing = try Subprocess.run([
      AppBinary.path, "--source", "http://127.0.0.1:8080", "--failure-rate", "0.1",
    ])
    #expect(failing.status == 2)
    #expect(failing.output.contains("give it to 'emoji-rater serve' instead"), "\(failing.output)")
  }

  @Test func aPortInUseOrOutOfRangeIsRefusedWithStatus2() throws {
    let server = try ServeProcess()
    defer { server.stop() }
    let home = try DataHome()
    let inUse = try Subprocess.run([
      AppBinary.path, "serve", "--port", String(server.port), "--database", home.path + "/server.sqlite",
    ])
    #expect(inUse.status == 2)
    #expect(inUse.output.contains("port \(server.port) on 127.0.0.1 is in use"), "\(inUse.output)")
    let outOfRange = try Subprocess.run([AppBinary.path, "serve", "--port", "70000"])
    #expect(outOfRange.status == 2)
    #expect(outOfRange.output.contains("--port must be from 0 to 65535"), "\(outOfRange.output)")
  }

  /// Votes outlive the server: a voter registered and voted, the server
  /// stopped and started again on the same file, the tally and the
  /// voter's own vote are there.
  @Test func votesAreKeptAcrossARestart() throws {
    let home = try DataHome()
    let database = home.path + "/server.sqlite"
    let first = try ServeProcess(["--latency", "0", "--database", database])
    let token = try #require(
      first.request("POST", "/voters")?.json["token"] as? String, "\(first.output)")
    let vote = first.request(
      "PUT", "/votes/1f389", token: token,
      body: #"{"vote": "up", "time": "2026-11-26T07:00:00Z", "id": "party-1"}"#)
    #expect(vote?.status == 200 && vote?.json["up"] as? Int == 1, "\(first.output)")
    #expect(first.stop() == 0)

    let second = try ServeProcess(["--latency", "0", "--database", database])
    defer { second.stop() }
    let read = second.request("GET", "/emoji/1f389", token: token)
    #expect(read?.json["up"] as? Int == 1 && read?.json["mine"] as? String == "up", "\(second.output)")
  }

  /// The community's votes where people look: two voters vote on 😀 and
  /// one on 😃 through the server; the app, loading from it, shows each
  /// voted cell's bar and the selection's counts on the status line.
  @Test func theCommunitysVotesShowInTheGrid() throws {
    let server = try ServeProcess(["--latency", "0"])
    defer { server.stop() }
    for (index, (emoji, vote)) in [("1f600", "up"), ("1f600", "up"), ("1f603", "down")].enumerated() {
      #expect(server.voteAsNewVoter(vote, on: emoji, id: "v\(index)") == 200, "\(server.output)")
    }
    let session = try TmuxSession.app(["--source", server.address, "--mode", "async"], columns: 80, rows: 24)
    defer { session.kill() }
    // The first row: 😀 all up, 😃 all down; the selected 😀 has its
    // bracket. Its cells load one by one, 😃's maybe after the status line
    // shows 😀's counts, so the test waits for both.
    let shown = try session.waitFor {
      $0.contains("grinning face · ▲2 ▼0 100% up") && $0.contains("[😀 ] 😃 ▁ 😄   ")
    }
    #expect(shown.held, "\(shown.screen)")
    try session.press("Right")
    let moved = try session.waitFor { $0.contains("grinning face with big eyes · ▲0 ▼1 0% up") }
    #expect(moved.held, "\(moved.screen)")
    #expect(moved.screen.contains(" 😀 █[😃 ]"), "\(moved.screen)")
    // A vote of one's own goes to the server, and its answer's tally shows at once.
    try session.press("+")
    let voted = try session.waitFor { $0.contains("grinning face with big eyes · ▲1 ▼1 50% up") }
    #expect(voted.held, "\(voted.screen)")
    try session.press("q")
    #expect(try session.waitForExit().status == 0)
  }

  /// The grid in the community's order: most voted up first, then most
  /// argued over, then the catalog's again.
  @Test func theCommunitysOrder() throws {
    let server = try ServeProcess(["--latency", "0"])
    defer { server.stop() }
    // 🎉 two up; 👍 one up and one down; 😀 one down.
    let votes = [("1f389", "up"), ("1f389", "up"), ("1f44d", "up"), ("1f44d", "down"), ("1f600", "down")]
    for (index, (emoji, vote)) in votes.enumerated() {
      #expect(server.voteAsNewVoter(vote, on: emoji, id: "o\(index)") == 200, "\(server.output)")
    }
    let session = try TmuxSession.app(
      ["--source", server.address, "--mode", "async", "--order", "top"], columns: 80, rows: 24)
    defer { session.kill() }
    // The status line names the first cell once it has loaded; the second
    // may still be loading then, so the wait is for both.
    let top = try session.waitFor {
      $0.contains("Most voted up by the community (2)") && $0.contains("party popper")
        && $0.contains("[🎉 ] 👍")
    }
    #expect(top.held, "\(top.screen)")
    #expect(top.screen.contains("[🎉 ] 👍"), "\(top.screen)")
    try session.press("o")
    let argued = try session.waitFor { $0.contains("Most argued over by the community (1)") }
    #expect(argued.held, "\(argued.screen)")
    // The catalog's order again, the emoji selected kept.
    try session.press("o")
    let catalog = try session.waitFor { $0.contains("People & Body (") && $0.contains("thumbs up ·") }
    #expect(catalog.held, "\(catalog.screen)")
    try session.press("q")
    #expect(try session.waitForExit().status == 0)

    let refused = try Subprocess.run([AppBinary.path, "--order", "top"])
    #expect(refused.status == 2)
    #expect(refused.output.contains("--order top is the community's order: it needs a ratings server"))
  }

  /// The log says nothing while nothing happens (it once wrote a line a
  /// second), a line per request at debug level, and the counts at the stop.
  @Test func theLogIsQuietWhenIdleAndSaysEachRequestAtDebug() throws {
    let quiet = try ServeProcess(["--latency", "0"])
    usleep(2_500_000)
    #expect(quiet.output.split(separator: "\n").count == 1, "only where it listens: \(quiet.output)")
    #expect(quiet.stop() == 0)
    #expect(
      quiet.output.contains("info emoji-rater.serve: [emoji_rater] stopped; served 0"), "\(quiet.output)")

    let chatty = try ServeProcess(["--latency", "0", "--log-level", "debug"])
    defer { chatty.stop() }
    #expect(chatty.request("GET", "/emoji/1f602")?.status == 200)
    #expect(
      chatty.output.contains("debug emoji-rater.serve: [EmojiServer] GET /emoji/1f602 200 in"),
      "\(chatty.output)")
  }

  /// Two servers on one PostgreSQL, as a deployment that outgrew one
  /// machine: votes sent to either, both answer the same tallies, and
  /// tell them to their listeners.
  @Test func twoServersOnOnePostgreSQLAnswerAlike() throws {
    let postgres = try PostgresServer()
    defer { postgres.stop() }
    let url = try postgres.makeDatabase()
    let first = try ServeProcess(["--latency", "0", "--database", url])
    defer { first.stop() }
    let second = try ServeProcess(["--latency", "0", "--database", url])
    defer { second.stop() }
    // One listening to the second server hears the votes sent to either.
    let listener = try RawClient(port: second.port)
    defer { listener.close() }
    listener.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
    #expect(listener.read(until: "listening for tally changes", within: 5).contains("200 OK"))
    var tokens: [String] = []
    for server in [first, second, first] {
      tokens.append(
        try #require(server.request("POST", "/voters")?.json["token"] as? String, "\(server.output)"))
    }
    // Each token votes through both servers: the later vote, wherever sent, counts.
    for (index, token) in tokens.enumerated() {
      for (step, server) in [first, second].enumerated() {
        let ballot = (index + step) % 2 == 0 ? "up" : "down"
        let body =
          #"{"vote": "\#(ballot)", "time": "2026-11-26T07:0\#(step):00Z", "id": "\#(index)-\#(step)"}"#
        #expect(server.request("PUT", "/votes/1f389", token: token, body: body)?.status == 200)
      }
    }
    // Each answers a read from the tallies it has heard of: the other's
    // votes a few milliseconds after they commit.
    func tally(_ server: ServeProcess, becomes up: Int, _ down: Int) -> Bool {
      for _ in 0..<200 {
        let json = server.request("GET", "/emoji/1f389")?.json
        if json?["up"] as? Int == up && json?["down"] as? Int == down { return true }
        usleep(50_000)
      }
      return false
    }
    #expect(tally(first, becomes: 1, 2) && tally(second, becomes: 1, 2))
    // The last change through the first server only: the second's readers and listener hear it too.
    let clearing = #"{"vote": "none", "time": "2026-11-26T07:05:00Z", "id": "last"}"#
    #expect(first.request("PUT", "/votes/1f389", token: tokens[1], body: clearing)?.status == 200)
    #expect(tally(second, becomes: 0, 2))
    let last = #"data: {"codePoints":"1f389","down":2,"up":0}"#
    let heard = listener.read(until: last, within: 5)
    #expect(heard.contains(last), "\(heard)")
  }

  @Test func aPostgreSQLThatIsNotThereIsRefusedWithStatus2() throws {
    let port = try PostgresServer.freePort()
    let result = try Subprocess.run([
      AppBinary.path, "serve", "--port", "0", "--database", "postgres://emoji@127.0.0.1:\(port)/ratings",
    ])
    #expect(result.status == 2)
    #expect(
      result.output.contains(
        "no answer from the ratings database at postgres://emoji@127.0.0.1:\(port)/ratings"),
      "\(result.output)")
  }

  @Test func aDatabaseFileThatIsNoDatabaseIsRefusedAndKept() throws {
    let home = try DataHome()
    let path = home.path + "/server.sqlite"
    let text = String(repeating: "my notes, not a database\n", count: 50)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try Subprocess.run([AppBinary.path, "serve", "--port", "0", "--database", path])
    #expect(result.status == 2)
    #expect(result.output.contains("\(path) is not a SQLite database; move it aside"), "\(result.output)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
  }

  @Test func aSecondServerOnOneSQLiteFileIsRefusedAndTheFirstServesOn() throws {
    let home = try DataHome()
    let path = home.path + "/server.sqlite"
    let first = try ServeProcess(["--latency", "0", "--database", path])
    let second = try Subprocess.run([AppBinary.path, "serve", "--port", "0", "--database", path])
    #expect(second.status == 2)
    #expect(second.output.contains("another server is serving \(path)"), "\(second.output)")
    #expect(first.request("GET", "/emoji/1f602")?.json["up"] as? Int == 0)
  }

  /// SIGTERM the moment the server says it listens, as a script that
  /// starts one for a job and stops it would: it stops cleanly each time.
  /// Its handlers once registered after that line, on another thread, and
  /// about one stop in twenty was lost; the server ran on until killed.
  @Test func aStopAskedTheMomentItListensStopsIt() throws {
    for _ in 0..<20 {
      let server = try ServeProcess(["--latency", "0"])
      #expect(server.stop() == 0, "\(server.output)")
    }
  }

  /// The screen without the HUD's line, which counts failed loads (✗N)
  /// for the whole run.
  static func grid(of screen: String) -> String {
    var lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
    return lines.dropLast().joined(separator: "\n")
  }

  static func loadingReport(_ file: URL) throws -> [String: Any]? {
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    return json?["loading"] as? [String: Any]
  }
}
