import Foundation
import TestSupport
import Testing

/// `$XDG_CONFIG_HOME/emoji-rater/config.toml` with the real binary: its
/// settings are the app's defaults, the command line wins, a bad line
/// stops every command that reads it, and `emoji-rater config` says where
/// each setting came from.
@Suite(.serialized)
struct ConfigEndToEndTests {
  /// A config folder of the test's own, holding `text` as the config file.
  private func configHome(_ text: String) throws -> DataHome {
    let home = try DataHome()
    try FileManager.default.createDirectory(
      atPath: home.path + "/emoji-rater", withIntermediateDirectories: true)
    try text.write(toFile: home.path + "/emoji-rater/config.toml", atomically: true, encoding: .utf8)
    return home
  }

  /// `emoji-rater ARGUMENTS` with the config folder `home`.
  private func run(_ arguments: [String], config home: DataHome) throws -> Subprocess.Result {
    try Subprocess.run(
      ["env", "XDG_CONFIG_HOME=\(home.path)", "XDG_DATA_HOME=\(home.path)", AppBinary.path] + arguments)
  }

  /// The example: a default server, so a plain `emoji-rater`
  /// shows the community's tallies; and a loading mode the command line
  /// overrides.
  @Test func aDefaultServerInTheFileMakesThePlainAppTheServersClient() throws {
    let server = try ServeProcess(["--latency", "0"])
    defer { server.stop() }
    #expect(server.voteAsNewVoter("up", on: "1f600", id: "c0") == 200, "\(server.output)")
    let home = try configHome(
      """
      # A person's own defaults.
      server = "\(server.address)"
      mode = "async"
      """)
    let session = try TmuxSession.app([], environment: ["XDG_CONFIG_HOME": home.path])
    defer { session.kill() }
    let shown = try session.waitFor { $0.contains("grinning face · ▲1 ▼0 100% up") }
    #expect(shown.held, "\(shown.screen)")
    try session.press("q")
    #expect(try session.waitForExit().status == 0)

    let report = try run(["config", "--mode", "sync"], config: home)
    #expect(report.status == 0, "\(report.output)")
    let lines = report.output.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true)
    }
    #expect(
      lines.contains(["server", "\(server.address)", "config", "file,", "line", "2"]), "\(report.output)")
    #expect(lines.contains(["mode", "sync", "command", "line"]), "\(report.output)")
    #expect(lines.contains(["fps", "60", "default"]), "\(report.output)")
  }

  /// A line no option takes stops the app before the screen is touched,
  /// and `export` (which reads only `ratings`) too, naming the line; help
  /// still answers.
  @Test func aBadLineIsNamedAndStopsEveryCommandThatReadsTheFile() throws {
    let home = try configHome("skin-tones = true\n\nmode = \"fast\"\n")
    for arguments in [[], ["export"], ["config"]] {
      let result = try run(arguments, config: home)
      #expect(result.status == 2, "\(arguments): \(result.output)")
      #expect(
        result.output.contains(
          "/emoji-rater/config.toml:3: mode = \"fast\": The value 'fast' is invalid for '--mode"),
        "\(arguments): \(result.output)")
    }
    let help = try run(["--help"], config: home)
    #expect(help.status == 0 && help.output.contains("USAGE: emoji-rater"), "\(help.output)")
    // bench reads no setting, so the file does not stop it.
    let bench = try run(["bench", "--modes", "none"], config: home)
    #expect(bench.status == 2 && bench.output.contains("--modes"), "\(bench.output)")
    #expect(!bench.output.contains("config.toml"), "\(bench.output)")
  }

  /// A setting that clashes with the command line is said as the options
  /// clash, with where the other came from.
  @Test func aClashWithTheCommandLineSaysTheFileIsInIt() throws {
    let home = try configHome("server = \"http://127.0.0.1:9\"\n")
    let result = try run(["--failure-rate", "0.5"], config: home)
    #expect(result.status == 2)
    #expect(result.output.contains("--failure-rate is the simulated source's"), "\(result.output)")
    #expect(result.output.contains("Some of these options are the config file's"), "\(result.output)")
  }

  /// Every option of the app has its setting, by the same name (`server`
  /// for `--source`), so a new option cannot be left out of the file.
  @Test func everyOptionOfTheAppHasASetting() throws {
    let help = try Subprocess.run([AppBinary.path, "help", "browse"])
    let options = Set(
      help.output.matches(of: /\n  --(?:\[no-\])?([a-z][a-z-]*)/).map { String($0.1) }
    ).subtracting(["help", "version"])
    let home = try configHome("")
    let report = try run(["config"], config: home)
    let settings = Set(
      report.output.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first }.map(
        String.init))
    #expect(options.count > 15, "\(help.output)")
    #expect(settings == options.subtracting(["source"]).union(["server"]), "\(report.output)")
  }
}
