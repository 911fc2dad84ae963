import Foundation
import RatingsDatabase
import TestSupport
import Testing

/// The person's votes reach the ratings server the emoji come from, and
/// none is lost or counted twice: both real binaries, the server in the
/// background, the app in tmux, the server's SQLite file read beside it.
@Suite(.serialized, .timeLimit(.minutes(2))) struct VoteOutboxEndToEndTests {
  /// Votes cast while the server is away wait, the bottom line says how
  /// many, and all go once it is back.
  @Test func votesCastWhileTheServerIsAwayAllArriveOnce() throws {
    let home = try DataHome()
    let database = home.path + "/server.sqlite"
    let server = try ServeProcess(["--latency", "0", "--database", database])
    let port = server.port
    let session = try TmuxSession.app(["--source", server.address, "--mode", "async"], columns: 80, rows: 24)
    defer { session.kill() }
    #expect(try session.waitFor { $0.contains("grinning face ·") }.held)
    try session.press("+")
    #expect(
      eventually { (try? Self.count("SELECT count(*) FROM vote", in: database)) == 1 }, "the first vote")
    #expect(server.stop() == 0)

    let votes = 50
    for _ in 0..<votes {
      try session.press("Right")
      try session.press("+")
    }
    let waiting = try session.waitFor(timeout: 15) { $0.contains("\(votes) votes waiting for the server") }
    #expect(waiting.held, "\(waiting.screen)")

    let again = try ServeProcess(["--latency", "0", "--database", database], port: port)
    defer { again.stop() }
    // The count falls as they go, to none.
    let sent = try session.waitFor(timeout: 40) { !$0.contains("waiting for the server") }
    #expect(sent.held, "\(sent.screen)")
    #expect(again.stop() == 0)
    #expect(try Self.count("SELECT count(*) FROM request", in: database) == votes + 1, "each vote once")
    #expect(try Self.count("SELECT count(*) FROM vote WHERE value = 1", in: database) == votes + 1)
    #expect(try Self.count("SELECT count(DISTINCT voter_id) FROM request", in: database) == 1, "as one voter")
    try session.press("q")
    #expect(try session.waitForExit().status == 0)
  }

  /// The app killed with votes waiting: the next run sends them.
  @Test func votesLeftWaitingByAKilledAppAreSentByTheNextRun() throws {
    let home = try DataHome()
    let database = home.path + "/server.sqlite"
    let dataHome = home.path + "/app"
    try FileManager.default.createDirectory(atPath: dataHome, withIntermediateDirectories: true)
    let away = try ServeProcess(["--latency", "0", "--database", database])
    let (address, port) = (away.address, away.port)
    #expect(away.stop() == 0)

    let first = try TmuxSession.app(
      ["--source", address, "--mode", "async"], environment: ["XDG_DATA_HOME": dataHome])
    defer { first.kill() }
    #expect(try first.waitFor { $0.contains("Smileys") }.held)
    for key in ["+", "Right", "-", "Right", "+"] { try first.press(key) }
    #expect(try first.waitFor(timeout: 15) { $0.contains("3 votes waiting for the server") }.held)
    let pid = try #require(first.appPID())
    kill(pid, SIGKILL)

    let server = try ServeProcess(["--latency", "0", "--database", database], port: port)
    defer { server.stop() }
    let second = try TmuxSession.app(
      ["--source", address, "--mode", "async"], environment: ["XDG_DATA_HOME": dataHome])
    defer { second.kill() }
    #expect(
      eventually { (try? Self.count("SELECT count(*) FROM request", in: database)) == 3 }, "\(server.output)")
    #expect(try Self.count("SELECT count(*) FROM vote WHERE value = -1", in: database) == 1)
    // Each acknowledged vote leaves the outbox on disk.
    let outbox = dataHome + "/emoji-rater/outbox.json"
    #expect(eventually { Self.waitingVotes(in: outbox) == 0 }, "\(Self.waitingVotes(in: outbox) ?? -1)")
    try second.press("q")
    #expect(try second.waitForExit().status == 0)
  }

  /// The votes in the outbox file at `path`; nil if it cannot be read.
  static func waitingVotes(in path: String) -> Int? {
    guard let data = FileManager.default.contents(atPath: path),
      let file = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return (file["votes"] as? [Any])?.count
  }

  /// Two people, each with a voter of their own, on one server: a vote in
  /// one app shows in the other's, as it comes (how soon is the
  /// benchmark's to measure, not a test's), and both screens say what the
  /// database holds.
  @Test func aVoteInOneAppShowsInAnother() throws {
    let home = try DataHome()
    let database = home.path + "/server.sqlite"
    let server = try ServeProcess(["--latency", "0", "--database", database])
    defer { server.stop() }
    let sessions = try ["ana", "bob"].map { name in
      try FileManager.default.createDirectory(
        atPath: home.path + "/" + name, withIntermediateDirectories: true)
      return try TmuxSession.app(
        ["--source", server.address, "--mode", "async"],
        environment: ["XDG_DATA_HOME": home.path + "/" + name])
    }
    defer { for session in sessions { session.kill() } }
    for session in sessions {
      #expect(try session.waitFor { $0.contains("grinning face · no votes yet") }.held)
    }
    try sessions[0].press("+")
    let seen = try sessions[1].waitFor(timeout: 10) { $0.contains("grinning face · ▲1 ▼0 100% up") }
    #expect(seen.held, "\(seen.screen)")
    try sessions[1].press("-")
    for session in sessions {
      let both = try session.waitFor(timeout: 10) { $0.contains("grinning face · ▲1 ▼1 50% up") }
      #expect(both.held, "\(both.screen)")
    }
    #expect(
      try Self.count("SELECT count(DISTINCT voter_id) FROM vote WHERE emoji = '1f600'", in: database) == 2)
    for session in sessions { try session.press("q") }
  }

  /// A vote made while the app's stream of changes was away (the server
  /// restarted): the screen shows it all the same once the stream is back,
  /// the cells on it loaded afresh.
  @Test func aChangeMissedWhileTheServerWasAwayShowsOnceItIsBack() throws {
    let home = try DataHome()
    let database = home.path + "/server.sqlite"
    let first = try ServeProcess(["--latency", "0", "--database", database])
    let port = first.port
    let session = try TmuxSession.app(["--source", first.address, "--mode", "async"], columns: 80, rows: 24)
    defer { session.kill() }
    #expect(try session.waitFor { $0.contains("grinning face · no votes yet") }.held)
    #expect(first.stop() == 0)
    usleep(1_500_000)  // The app's first try to reconnect finds nobody: its next comes seconds later.
    let again = try ServeProcess(["--latency", "0", "--database", database], port: port)
    defer { again.stop() }
    #expect(again.voteAsNewVoter("up", on: "1f600", id: "while-away") == 200, "\(again.output)")
    let shown = try session.waitFor(timeout: 40) { $0.contains("grinning face · ▲1 ▼0 100% up") }
    #expect(shown.held, "\(shown.screen)")
    try session.press("q")
  }

  /// `emoji-rater voter --new` registers afresh and keeps the token for its
  /// owner alone; no output shows a token.
  @Test func aNewVoterOnRequestWithItsTokenNeverPrinted() throws {
    let home = try DataHome()
    let database = home.path + "/server.sqlite"
    let server = try ServeProcess(["--latency", "0", "--database", database])
    defer { server.stop() }
    let ratings = home.path + "/app/ratings.json"
    try FileManager.default.createDirectory(atPath: home.path + "/app", withIntermediateDirectories: true)
    let voter = [AppBinary.path, "voter", "--source", server.address, "--ratings", ratings]
    let before = try Subprocess.run(voter)
    #expect(
      before.status == 0 && before.output.contains("no voter at \(server.address) yet"), "\(before.output)")
    let registered = try Subprocess.run(voter + ["--new"])
    #expect(registered.status == 0, "\(registered.output)")
    let tokens = home.path + "/app/voter.json"
    let file = try String(contentsOfFile: tokens, encoding: .utf8)
    let token = try #require(file.split(separator: "\"").first { $0.count == 64 })
    #expect(!registered.output.contains(token), "the token is never printed: \(registered.output)")
    let mode = try FileManager.default.attributesOfItem(atPath: tokens)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(try Self.count("SELECT count(*) FROM voter", in: database) == 1)
    let after = try Subprocess.run(voter)
    #expect(after.output.contains("you vote at \(server.address) as the voter"), "\(after.output)")
    #expect(!after.output.contains(token))
    // A second --new is another voter.
    #expect(try Subprocess.run(voter + ["--new"]).status == 0)
    #expect(try Self.count("SELECT count(*) FROM voter", in: database) == 2)
    #expect(!(try String(contentsOfFile: tokens, encoding: .utf8)).contains(token))
  }

  static func count(_ sql: String, in database: String) throws -> Int {
    try SQLiteRatingsDatabase(path: database, access: .alongside).count(sql: sql)
  }

  /// Polls `condition` for up to 20 s.
  func eventually(_ condition: () -> Bool) -> Bool {
    for _ in 0..<200 {
      if condition() { return true }
      usleep(100_000)
    }
    return false
  }
}
