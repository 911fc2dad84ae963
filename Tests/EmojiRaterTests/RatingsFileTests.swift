import Foundation
import Support
import Testing

@testable import EmojiRater

@Suite struct RatingsFileTests {
  static let midnight = Date(timeIntervalSince1970: 1_795_219_200)  // 2026-11-21T00:00:00Z

  @Test func writesOneVoteALineSortedByIdentifier() throws {
    var ratings = Ratings()
    ratings.set(.down, for: "2764-fe0f", at: Self.midnight + 1)
    ratings.set(.up, for: "1f600", at: Self.midnight)
    ratings.set(.up, for: "1f469-200d-1f4bb", at: Self.midnight + 7200)
    let text = String(decoding: RatingsFile.encode(ratings), as: UTF8.self)
    #expect(
      text == """
        {
          "version": 1,
          "ratings": [
            {"emoji": "1f469-200d-1f4bb", "vote": "up", "time": "2026-11-21T02:00:00Z"},
            {"emoji": "1f600", "vote": "up", "time": "2026-11-21T00:00:00Z"},
            {"emoji": "2764-fe0f", "vote": "down", "time": "2026-11-21T00:00:01Z"}
          ]
        }

        """)
    #expect(try RatingsFile.decode(RatingsFile.encode(ratings)) == ratings)
  }

  @Test func writesAnEmptyList() throws {
    let data = RatingsFile.encode(Ratings())
    #expect(String(decoding: data, as: UTF8.self) == "{\n  \"version\": 1,\n  \"ratings\": []\n}\n")
    #expect(try RatingsFile.decode(data).isEmpty)
  }

  @Test func readsHandWrittenFilesWithOtherSpacingAndTimeZones() throws {
    let text = """
      {"ratings":[{"time":"2026-11-21T01:00:00+01:00","vote":"down","emoji":"1f600","note":"ok"}],
       "version":1}
      """
    let ratings = try RatingsFile.decode(Data(text.utf8))
    #expect(ratings["1f600"] == Rating(vote: .down, time: Self.midnight))
  }

  @Test(arguments: [
    ("2026-11-21T00:00:00Z", 0.0), ("2026-11-21T01:30:00+01:30", 0), ("2026-11-20T23:00:00.999-01:00", 0),
    ("2026-11-21T00:00:59Z", 59), ("2028-02-29T00:00:00Z", 40_176_000),
  ])
  func readsTimesAsAPersonMightWriteThem(text: String, secondsAfterMidnight: Double) {
    #expect(RFC3339.parse(text) == Self.midnight + secondsAfterMidnight)
  }

  @Test(arguments: [
    "2026-02-31T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T00:00:00",
    "2026-11-21 00:00:00Z", "2026-11-21T00:00:00.Z", "2026-11-21T00:00:00+0100", "2026-11-21T00:00:00ZZ",
    "+026-11-21T00:00:00Z", "2026-11-21", "",
  ])
  func refusesWhatIsNotATime(text: String) {
    #expect(RFC3339.parse(text) == nil)
  }

  @Test func keepsTheFractionWhenAsked() {
    #expect(
      RFC3339.parse("2026-11-20T23:00:00.25-01:00", keepingFraction: true) == Self.midnight + 0.25)
    #expect(RFC3339.parse("2026-11-21T00:00:01.000001Z", keepingFraction: true) == Self.midnight + 1.000001)
  }

  @Test func writesTimesInUTCWithWholeSeconds() {
    #expect(RFC3339.format(Self.midnight + 3599.9) == "2026-11-21T00:59:59Z")
    #expect(RFC3339.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
  }

  @Test(arguments: [
    ("{\"version\": 1, \"ratings\": [", "not valid JSON (Unexpected end of file during JSON parse.)"),
    ("[1, 2]", "the file is not a JSON object"),
    ("{\"ratings\": []}", "no \"version\" field"),
    ("{\"version\": \"1\", \"ratings\": []}", "\"version\" is not a number"),
    ("{\"version\": 1.5, \"ratings\": []}", "\"version\" is 1.5, not a whole number"),
    ("{\"version\": 0, \"ratings\": []}", "format version 0 is unknown (this emoji-rater reads 1)"),
    ("{\"version\": 1}", "\"ratings\" is missing"),
    ("{\"version\": 1, \"ratings\": {}}", "\"ratings\" is not a list"),
    (entries(#""up""#), "ratings entry 2: is not an object"),
    (entries(#"{"emoji": "1f44b", "time": "2026-11-21T00:00:00Z"}"#), "ratings entry 2: \"vote\" is missing"),
    (
      entries(#"{"emoji": 128075, "vote": "up", "time": "2026-11-21T00:00:00Z"}"#),
      "ratings entry 2: \"emoji\" is not a string"
    ),
    (
      entries(#"{"emoji": "1f44b", "vote": null, "time": "2026-11-21T00:00:00Z"}"#),
      "ratings entry 2: \"vote\" is null"
    ),
    (
      entries(#"{"emoji": "1F44B", "vote": "up", "time": "2026-11-21T00:00:00Z"}"#),
      "ratings entry 2 (\"1F44B\"): \"emoji\" is not an emoji identifier"
    ),
    (
      entries(#"{"emoji": "1f44b", "vote": "sideways", "time": "2026-11-21T00:00:00Z"}"#),
      "ratings entry 2 (\"1f44b\"): \"vote\" is \"sideways\"; expected \"up\" or \"down\""
    ),
    (
      entries(#"{"emoji": "1f44b", "vote": "up", "time": "yesterday"}"#),
      "ratings entry 2 (\"1f44b\"): \"time\" is \"yesterday\"; expected a time like"
    ),
    (
      entries(#"{"emoji": "1f44b", "vote": "up", "time": "2026-02-31T00:00:00Z"}"#),
      "ratings entry 2 (\"1f44b\"): \"time\" is \"2026-02-31T00:00:00Z\"; expected a time like"
    ),
    (
      entries(#"{"emoji": "1f600", "vote": "down", "time": "2026-11-21T00:00:00Z"}"#),
      "ratings entry 2 (\"1f600\"): the emoji is rated twice (also entry 1)"
    ),
  ])
  func explainsWhatIsWrongAndWhere(text: String, message: String) {
    #expect {
      try RatingsFile.decode(Data(text.utf8))
    } throws: { error in
      (error as? RatingsFileError)?.description.hasPrefix(message) == true
    }
  }

  @Test func aNewerVersionIsRecognisedBeforeItsEntries() {
    let text = #"{"version": 2, "ratings": "a shape this build cannot know"}"#
    #expect(throws: RatingsFileError.unsupportedVersion(2)) { try RatingsFile.decode(Data(text.utf8)) }
    #expect(RatingsFileError.unsupportedVersion(2).isNewerVersion)
    #expect(!RatingsFileError.unsupportedVersion(0).isNewerVersion)
    #expect(
      RatingsFileError.unsupportedVersion(2).description
        == "format version 2 is newer than this emoji-rater reads (1)")
  }

  /// A file whose second entry is `entry`, after a valid first one.
  private static func entries(_ entry: String) -> String {
    #"{"version": 1, "ratings": [{"emoji": "1f600", "vote": "up", "time": "2026-11-21T00:00:00Z"}, "#
      + entry + "]}"
  }
}
