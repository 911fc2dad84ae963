import EmojiModel
import Foundation
import HTTPLoading
import RatingsDatabase
import TestSupport
import Testing

@testable import EmojiRater
@testable import EmojiServer

/// The server's stream of tally changes, read by the app's own client from
/// a server started in-process with a database. (Three minutes at most: on
/// a clean clone's first run, beside every other suite on two cores, one
/// test once took two and a half.)
@Suite(.serialized, .timeLimit(.minutes(3))) struct LiveTalliesTests {
  @Test func aVoteOnTheServerIsHeardAndTheEndOfTheStreamIsSaid() async throws {
    let home = try DataHome()
    let (server, _) = try startRatingsServer(in: home)
    defer { server.stop() }
    let (stream, heard) = Self.listen(to: server.port)
    defer { stream.stop() }
    #expect(await eventually { heard.get().first == .connected }, "\(heard.get())")

    let outbox = VoteOutbox(path: home.path + "/outbox.json")
    let sender = VoteSender(
      server: ("127.0.0.1", server.port, ""),
      outbox: outbox, tokens: VoterTokens(path: home.path + "/voter.json"))
    sender.send(OutgoingVote(emoji: "1f44d", vote: .up))
    let tally = #"{"codePoints":"1f44d","down":0,"up":1}"#
    #expect(await eventually { heard.get().contains(.event(name: "tally", data: tally)) }, "\(heard.get())")
    #expect(LiveTallies.tally(in: tally)?.0 == "1f44d")
    #expect(LiveTallies.tally(in: tally)?.1 == CommunityTally(up: 1, down: 0))

    server.stop()
    #expect(
      await eventually {
        heard.get().contains { if case .disconnected = $0 { true } else { false } }
      }, "\(heard.get())")
  }

  /// A stream from a server that misbehaves ends, says why, and is not
  /// read without end: a line of 100 MB stops at 64 KB.
  @Test(arguments: [
    (MisbehavingServer.Behaviour.endlessBody, "the server sent a line over 64 KB"),
    (.garbage, "the stream failed"), (.notEmojiData, "the server ended the stream"),
  ])
  func aMisbehavingStreamEndsAndSaysWhy(behaviour: MisbehavingServer.Behaviour, reason: String) async throws {
    let server = try MisbehavingServer(behaviour)
    defer { server.stop() }
    let (stream, heard) = Self.listen(to: server.port)
    defer { stream.stop() }
    #expect(await eventually { Self.reason(in: heard) != nil }, "\(heard.get())")
    #expect(Self.reason(in: heard)?.hasPrefix(reason) == true, "\(heard.get())")
    #expect(!heard.get().contains { if case .event = $0 { true } else { false } })
  }

  /// A stream from `/events` on `port`, started, and what it has told.
  static func listen(to port: Int) -> (EventStream, LockedBox<[EventStream.Happening]>) {
    let heard = LockedBox([EventStream.Happening]())
    let stream = EventStream(host: "127.0.0.1", port: port, path: "/events") { happening in
      heard.update { $0.append(happening) }
    }
    stream.start()
    return (stream, heard)
  }

  /// Why the stream first said it ended, if it has.
  static func reason(in heard: LockedBox<[EventStream.Happening]>) -> String? {
    for case .disconnected(let why) in heard.get() { return why }
    return nil
  }

  @Test func anEventThatIsNotATallyOfAnEmojiIsLeftOut() {
    #expect(
      LiveTallies.tally(in: #"{"codePoints":"1f44d","down":2,"up":1}"#)?.1 == CommunityTally(up: 1, down: 2))
    #expect(LiveTallies.tally(in: #"{"codePoints":"\u001b[31m","down":0,"up":1}"#) == nil)
    #expect(LiveTallies.tally(in: "not json") == nil)
    #expect(LiveTallies.tally(in: #"{"codePoints":"1f44d"}"#) == nil)
  }
}
