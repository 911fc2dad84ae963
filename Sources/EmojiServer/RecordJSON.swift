import EmojiModel
import Foundation
import RatingsDatabase

/// An emoji's details and its answer as JSON, encoded once when the server
/// starts, with a tally written in for each read: the encoder's own
/// output, cut where the two numbers go, so an answer costs a few copies
/// rather than an encoding.
struct RecordJSON: Sendable {
  /// The answer without a tally (a server with no database).
  let plain: Data
  /// The details (those of an answer with the caller's own vote, too).
  let record: EmojiRecord
  /// The answer before `down`'s number, between it and `up`'s, and after:
  /// the keys are sorted, so `down` comes first.
  private let pieces: (beforeDown: Data, between: Data, afterUp: Data)?

  /// Numbers no tally reaches, to find where a tally's go.
  private static let (downMark, upMark) = (1_987_654_321, 1_234_567_891)

  init(_ record: EmojiRecord) {
    self.record = record
    plain = Answer.json(record)
    var marked = record
    (marked.up, marked.down) = (Self.upMark, Self.downMark)
    pieces = Self.cut(Answer.json(marked))
  }

  private static func cut(_ json: Data) -> (Data, Data, Data)? {
    let down = Data(String(downMark).utf8)
    let up = Data(String(upMark).utf8)
    guard let downRange = json.range(of: down), let upRange = json.range(of: up),
      downRange.upperBound <= upRange.lowerBound,
      json.range(of: down, in: downRange.upperBound..<json.endIndex) == nil,
      json.range(of: up, in: upRange.upperBound..<json.endIndex) == nil
    else { return nil }
    return (
      json[..<downRange.lowerBound], json[downRange.upperBound..<upRange.lowerBound],
      json[upRange.upperBound...]
    )
  }

  /// The answer with `tally` as its `up` and `down`.
  func with(_ tally: Tally) -> Data {
    guard let pieces else {
      var tallied = record
      (tallied.up, tallied.down) = (tally.up, tally.down)
      return Answer.json(tallied)
    }
    var json = pieces.beforeDown
    json.append(contentsOf: String(tally.down).utf8)
    json.append(pieces.between)
    json.append(contentsOf: String(tally.up).utf8)
    json.append(pieces.afterUp)
    return json
  }
}
