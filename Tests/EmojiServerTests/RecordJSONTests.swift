import EmojiModel
import Foundation
import RatingsDatabase
import Testing

@testable import EmojiServer

/// A read's answer, its tally written into the JSON encoded at start, is
/// byte for byte what encoding the record with that tally gives.
@Suite struct RecordJSONTests {
  static let records = EmojiCatalog.builtIn(includeSkinTones: true).sections.flatMap(\.votableEmoji).map(
    EmojiRecord.init)

  @Test func everyEmojisAnswerWithATallyIsTheEncodersOwn() throws {
    #expect(Self.records.count > 3000)
    for (index, record) in Self.records.enumerated() {
      let tally = Tally(up: index * 7 % 1000, down: index % 13)
      var tallied = record
      (tallied.up, tallied.down) = (tally.up, tally.down)
      let json = RecordJSON(record)
      #expect(json.with(tally) == Answer.json(tallied), "\(record.codePoints)")
      #expect(json.plain == Answer.json(record), "\(record.codePoints)")
    }
  }

  @Test func talliesOfEveryWidthFitIn() throws {
    let json = RecordJSON(Self.records[0])
    for tally in [Tally(), Tally(up: 1_987_654_321, down: 1_234_567_891), Tally(up: Int.max, down: 9)] {
      let decoded = try JSONDecoder().decode(EmojiRecord.self, from: json.with(tally))
      #expect(decoded.up == tally.up)
      #expect(decoded.down == tally.down)
      #expect(decoded.name == Self.records[0].name)
    }
  }
}
