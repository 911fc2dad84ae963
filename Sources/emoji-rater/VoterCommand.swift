import ArgumentParser
import EmojiRater
import Foundation
import Support

/// `emoji-rater voter`: who this person votes as on a ratings server.
struct VoterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "voter",
    abstract: "Say whether you have a voter on a ratings server, or register a new one (--new).",
    discussion: """
      With --source, the app sends each vote to the ratings server as a voter it registers \
      on the first vote there. The voter's token is kept in voter.json beside the ratings \
      file, readable by you alone, and never printed. --new registers a new voter now: the \
      votes you send from then on are the new voter's (the old one's stay counted). A copy \
      of the app running now goes on as the old voter until it starts again.
      """
  )

  @Option(
    help: ArgumentHelp(
      "The ratings server, as --source gives it (e.g. http://127.0.0.1:8080).", valueName: "url"),
    transform: { text in
      do { return try DataSource(parsing: text) } catch { throw ValidationError("\(error)") }
    })
  var source: DataSource

  @Flag(help: "Register a new voter now, and vote as it from then on.")
  var new = false

  @OptionGroup var ratings: RatingsOption

  func validate() throws {
    guard source.server != nil else {
      throw ValidationError("--source must be a ratings server's address, such as http://127.0.0.1:8080")
    }
  }

  func run() throws {
    guard let server = source.server else { return }
    let ratingsPath: String
    do {
      ratingsPath = try ratings.location.path(environment: ProcessInfo.processInfo.environment)
    } catch {
      StandardError.write("emoji-rater voter: \(error)")
      throw ExitCode(2)
    }
    let tokens = VoterTokens(path: VoterTokens.path(besideRatings: ratingsPath))
    let address = VoteSender.address(of: server)
    if new {
      if ratings.location == .standard {
        // As the app makes it on its first start, should this come first.
        try? FileManager.default.createDirectory(
          atPath: (ratingsPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      }
      do {
        try VoteSender.registerNewVoter(at: server, tokens: tokens)
      } catch {
        StandardError.write("emoji-rater voter: \(error)")
        throw ExitCode(1)
      }
      print("registered a new voter at \(address); its token is in \(tokens.path)")
      return
    }
    let waiting = VoteOutbox(path: VoteOutbox.path(besideRatings: ratingsPath)).count
    let voter =
      tokens.token(for: address) == nil
      ? "no voter at \(address) yet: the first vote sent there registers one"
      : "you vote at \(address) as the voter whose token is in \(tokens.path)"
    print(voter)
    print(waiting == 1 ? "1 vote waits to be sent" : "\(waiting) votes wait to be sent")
  }
}
