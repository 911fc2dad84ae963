import EmojiModel
import Testing

@testable import EmojiRater

/// The community's votes in the few columns a cell and a status line have.
@Suite struct CommunityTallyTests {
  @Test(arguments: [
    (0, "0"), (87, "87"), (999, "999"), (1_000, "1k"), (1_099, "1k"), (1_234, "1.2k"), (9_999, "9.9k"),
    (10_000, "10k"), (999_999, "999k"), (1_000_000, "1M"), (1_250_000, "1.2M"), (12_345_678, "12M"),
  ])
  func aCountFitsInFourColumnsAndNeverShowsMoreThanItIs(count: Int, shown: String) {
    #expect(CommunityTally.compact(count) == shown)
  }

  @Test func theShareUpIsNoneWithoutVotesAndShowsALoneDissent() {
    #expect(CommunityTally(up: 0, down: 0).upShare == nil)
    #expect(CommunityTally(up: 0, down: 0).upPercent == nil)
    #expect(CommunityTally(up: 3, down: 1).upPercent == 75)
    #expect(CommunityTally(up: 999, down: 1).upPercent == 99, "not 100 while a vote is down")
    #expect(CommunityTally(up: 1, down: 999).upPercent == 1, "not 0 while a vote is up")
    #expect(CommunityTally(up: -4, down: 2) == CommunityTally(up: 0, down: 2), "a negative count is none")
    #expect(
      CommunityTally(up: .max, down: .max).total == 2_000_000_000_000, "no overflow, whatever a server says")
  }

  @Test func theBarRisesWithTheShareUp() {
    let bar = { (up: Int, down: Int, unicode: Bool) in
      CellView.communityBar(CommunityTally(up: up, down: down), unicode: unicode)
    }
    #expect(bar(0, 0, true) == nil)
    #expect(bar(0, 5, true) == "▁")
    #expect(bar(1, 1, true) == "▅")
    #expect(bar(5, 0, true) == "█")
    #expect(bar(0, 5, false) == "0")
    #expect(bar(1, 1, false) == "5")
    #expect(bar(5, 0, false) == "9")
  }

  @Test func theStatusLineSaysUpDownAndTheShare() {
    let tally = CommunityTally(up: 1_234, down: 87)
    #expect(StatusLineView.communityText(tally, unicode: true) == "▲1.2k ▼87 93% up")
    #expect(StatusLineView.communityText(tally, unicode: false) == "+1.2k -87 93% up")
    #expect(StatusLineView.communityText(CommunityTally(up: 0, down: 0), unicode: true) == "no votes yet")
  }

  @Test func aRecordWithoutCountsHasNoTally() {
    let catalog = EmojiCatalog.builtIn(includeSkinTones: false)
    var record = EmojiRecord(catalog.emoji(atFlatIndex: 0))
    #expect(record.tally == nil)
    record.down = 2
    #expect(record.tally == CommunityTally(up: 0, down: 2))
  }
}
