import RatingsDatabase
import Testing

@testable import EmojiServer

/// Changes between flushes: the newest of each emoji, once.
@Suite struct TallyChangesTests {
  @Test func manyVotesOnOneEmojiMakeOneEvent() {
    var changes = TallyChanges()
    for up in 1...10 { changes.record(Tally(up: up, down: 0), of: "1f44d") }
    changes.record(Tally(up: 0, down: 1), of: "1f4a9")
    let taken = changes.take()
    #expect(taken.map(\.emoji) == ["1f44d", "1f4a9"])
    #expect(taken.first?.tally == Tally(up: 10, down: 0))
    #expect(changes.take().isEmpty, "nothing is sent twice")
  }

  @Test func eachChangeIsAServerSentEvent() {
    let text = TallyChanges.events([("1f44d", Tally(up: 3, down: 1))])
    #expect(text == "event: tally\ndata: {\"codePoints\":\"1f44d\",\"down\":1,\"up\":3}\n\n")
  }
}
