import EmojiModel
import Foundation
import Support
import Terminal
import Testing

@testable import EmojiRater

@Suite struct RatingsExportTests {
  /// A small catalog whose names need quoting, with a skin-tone variant and three groups.
  private static func catalog(names: [String: String] = [:], includeSkinTones: Bool = true) -> EmojiCatalog {
    func emoji(_ scalars: [UInt32], _ name: String, _ group: String) -> Emoji {
      let identifier = scalars.map { String($0, radix: 16) }.joined(separator: "-")
      return Emoji(
        scalars: scalars.compactMap(Unicode.Scalar.init), name: names[identifier] ?? name, group: group,
        subgroup: "", version: "1.0")
    }
    return EmojiCatalog(
      entries: [
        emoji([0x1F600], "grinning face", "Smileys & Emotion"),
        emoji([0x1F642], "slightly \"smiling\", face", "Smileys & Emotion"),
        emoji([0x1F44B], "waving hand", "People & Body"),
        emoji([0x1F44B, 0x1F3FB], "waving hand: light skin tone", "People & Body"),
        emoji([0x1F436], "dog face", "Animals & Nature"),
      ], includeSkinTones: includeSkinTones, source: "test")
  }

  private static func ratings(_ votes: [(String, Vote)]) -> Ratings {
    var ratings = Ratings()
    for (offset, (identifier, vote)) in votes.enumerated() {
      ratings.set(vote, for: identifier, at: ratingsNoon + Double(offset))
    }
    return ratings
  }

  // MARK: CSV

  @Test func csvHasAHeaderAndQuotesOnlyFieldsThatNeedIt() {
    let export = RatingsExport(
      ratings: Self.ratings([("1f600", .up), ("1f642", .down)]), catalog: Self.catalog())
    #expect(
      export.csv == """
        emoji,name,code_points,vote,time
        😀,grinning face,U+1F600,up,2026-11-21T12:00:00Z
        🙂,"slightly ""smiling"", face",U+1F642,down,2026-11-21T12:00:01Z

        """)
    #expect(export.rendered(as: .csv) == export.csv)
  }

  @Test(arguments: [
    ("line\nbreak", "\"line\nbreak\""), ("carriage\rreturn", "\"carriage\rreturn\""),
    ("crlf\r\nend", "\"crlf\r\nend\""), ("\"", "\"\"\"\""), ("plain; text", "plain; text"),
  ])
  func csvQuotesLineBreaksAndQuotesByScalar(name: String, field: String) {
    let export = RatingsExport(
      ratings: Self.ratings([("1f436", .up)]), catalog: Self.catalog(names: ["1f436": name]))
    #expect(export.csv.hasSuffix("\n🐶,\(field),U+1F436,up,2026-11-21T12:00:00Z\n"))
  }

  /// A name from a hostile `--emoji-data` file: no cell a spreadsheet
  /// would run as a formula, no byte a terminal would obey.
  @Test(arguments: [
    ("=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""), ("@SUM(A1)", "'@SUM(A1)"),
    ("+1", "'+1"), ("-1", "'-1"), ("a\u{1B}]52;c;aGk=\u{07}b", "a]52;c;aGk=b"),
    ("x\u{9B}31m\u{202E}y", "x31my"),
  ])
  func csvCellsAreNeitherFormulasNorTerminalControls(name: String, field: String) {
    let export = RatingsExport(
      ratings: Self.ratings([("1f436", .up)]), catalog: Self.catalog(names: ["1f436": name]))
    #expect(export.csv.hasSuffix("\n🐶,\(field),U+1F436,up,2026-11-21T12:00:00Z\n"))
  }

  @Test func jsonEscapesC1ControlsAndDirectionOverrides() {
    let export = RatingsExport(
      ratings: Self.ratings([("1f436", .up)]),
      catalog: Self.catalog(names: ["1f436": "a\u{9B}b\u{202E}c\u{1B}"]))
    #expect(export.json.contains(#""name": "a\u009bb\u202ec\u001b""#))
    #expect(!export.json.unicodeScalars.contains { SafeText.isUnsafe($0) && $0 != "\n" })
  }

  /// An identifier that decodes to ESC ] 52 … (set the clipboard) is no
  /// emoji: the file holding it is not read as ratings at all.
  @Test func anIdentifierOfControlCharactersIsRefused() {
    #expect(!Ratings.isValidIdentifier("1b-5d-35-32"))
    #expect(!Ratings.isValidIdentifier("9b"))
    #expect(!Ratings.isValidIdentifier("202e"))
    #expect(Ratings.isValidIdentifier("1f469-200d-1f4bb"))
    let file =
      #"{"version": 1, "ratings": [{"emoji": "1b-5d-35-32", "vote": "up", "time": "2026-11-21T00:00:00Z"}]}"#
    #expect(throws: RatingsFileError.self) { try RatingsFile.decode(Data(file.utf8)) }
  }

  @Test func realNamesWithCommasAreQuoted() {
    let export = RatingsExport(
      ratings: Self.ratings([("1f468-200d-1f469-200d-1f466", .up)]),
      catalog: .builtIn(includeSkinTones: true))
    #expect(
      export.csv.hasSuffix(
        "\n👨‍👩‍👦,\"family: man, woman, boy\",U+1F468 U+200D U+1F469 U+200D U+1F466,up,2026-11-21T12:00:00Z\n"))
  }

  // MARK: Order

  @Test(arguments: [true, false])
  func rowsFollowTheCatalogWithVariantsAfterTheirBase(includeSkinTones: Bool) {
    // Cast in the reverse of catalog order, so neither time nor identifier order could pass.
    let ratings = Self.ratings([
      ("1f436", .up), ("1f44b-1f3fb", .down), ("1f44b", .up), ("1f642", .down), ("1f600", .up),
    ])
    let export = RatingsExport(ratings: ratings, catalog: Self.catalog(includeSkinTones: includeSkinTones))
    #expect(
      export.rows.map(\.codePoints) == ["U+1F600", "U+1F642", "U+1F44B", "U+1F44B U+1F3FB", "U+1F436"])
    #expect(export.rows[3].name == "waving hand: light skin tone")
    #expect(export.rows[3].vote == .down)
    #expect(export.rows[3].time == ratingsNoon + 1)
  }

  @Test func builtInCatalogOrderIsGroupThenPosition() {
    // Flags (last group) cast first, a smiley (first group) last.
    let ratings = Self.ratings([("1f1fa-1f1f8", .up), ("1f44b-1f3ff", .down), ("1f600", .up)])
    let export = RatingsExport(ratings: ratings, catalog: .builtIn(includeSkinTones: true))
    #expect(
      export.rows.map(\.name) == ["grinning face", "waving hand: dark skin tone", "flag: United States"])
  }

  @Test func ratingsOfUnknownEmojiComeLastWithCodePointsFromTheirIdentifier() {
    let ratings = Self.ratings([("1fae9", .down), ("1f600", .up), ("1f600-200d-1f525", .up)])
    let export = RatingsExport(ratings: ratings, catalog: Self.catalog())
    #expect(export.rows.map(\.name) == ["grinning face", "", ""])
    #expect(
      export.rows[1]
        == .init(
          emoji: "😀\u{200D}🔥", name: "", codePoints: "U+1F600 U+200D U+1F525", vote: .up,
          time: ratingsNoon + 2)
    )
    #expect(export.rows[2].codePoints == "U+1FAE9")
    #expect(export.rows[2].emoji.unicodeScalars.map(\.value) == [0x1FAE9])
    #expect(export.csv.hasSuffix("\n\u{1FAE9},,U+1FAE9,down,2026-11-21T12:00:00Z\n"))
  }

  // MARK: JSON

  @Test func jsonParsesBackToTheSameRowsInTheSameOrder() throws {
    let awkward = "back\\slash \"quoted\"\ttab\u{1}control, comma / slash"
    let ratings = Self.ratings([("1f436", .down), ("1f600", .up), ("1fae9", .up)])
    let export = RatingsExport(ratings: ratings, catalog: Self.catalog(names: ["1f436": awkward]))
    let json = export.rendered(as: .json)
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: String]])
    #expect(
      parsed == [
        [
          "emoji": "😀", "name": "grinning face", "codePoints": "U+1F600", "vote": "up",
          "time": "2026-11-21T12:00:01Z",
        ],
        [
          "emoji": "🐶", "name": awkward, "codePoints": "U+1F436", "vote": "down",
          "time": "2026-11-21T12:00:00Z",
        ],
        [
          "emoji": "\u{1FAE9}", "name": "", "codePoints": "U+1FAE9", "vote": "up",
          "time": "2026-11-21T12:00:02Z",
        ],
      ])
    // Fields in the CSV's order, one a line, for people reading it.
    #expect(
      json.hasPrefix(
        """
        [
          {
            "emoji": "😀",
            "name": "grinning face",
            "codePoints": "U+1F600",
            "vote": "up",
            "time": "2026-11-21T12:00:01Z"
          },
        """))
    #expect(json.hasSuffix("}\n]\n"))
  }

  // MARK: Empty

  @Test func noRatingsGiveJustTheHeaderOrAnEmptyArray() throws {
    let export = RatingsExport(ratings: Ratings(), catalog: .builtIn(includeSkinTones: true))
    #expect(export.rows.isEmpty)
    #expect(export.rendered(as: .csv) == "emoji,name,code_points,vote,time\n")
    #expect(export.rendered(as: .json) == "[]\n")
    #expect(try JSONSerialization.jsonObject(with: Data(export.json.utf8)) as? [Any] != nil)
  }

  @Test func formatsAreNamedAsTheCommandLineTakesThem() {
    #expect(RatingsExport.Format.allCases.map(\.rawValue) == ["csv", "json"])
  }
}

@Suite struct RatingsExportStatsTests {
  @Test(arguments: [true, false])
  func totalsPerGroupAddUpToEveryVote(includeSkinTones: Bool) {
    let catalog = EmojiCatalog.builtIn(includeSkinTones: includeSkinTones)
    var ratings = Ratings()
    let votes: [(String, Vote)] = [
      ("1f600", .up), ("1f642", .down), ("1f44b", .up), ("1f44b-1f3fb", .up), ("1f436", .down),
      ("1f1fa-1f1f8", .up), ("1faff", .down),  // the last is no emoji yet: newer than any catalog
    ]
    for (identifier, vote) in votes { ratings.set(vote, for: identifier, at: ratingsNoon) }
    let stats = RatingsStats(ratings: ratings, catalog: catalog)

    #expect(stats.groups.map(\.name) == catalog.sections.map(\.name))
    let smileys = stats.groups[0]
    #expect((smileys.up, smileys.down, smileys.notVoted) == (1, 1, smileys.emoji - 2))
    #expect((stats.groups[1].up, stats.groups[1].down) == (2, 0))
    #expect(stats.notInCatalog == .init(name: RatingsStats.notInCatalogName, emoji: 1, up: 0, down: 1))

    let lines = stats.groups + [stats.notInCatalog]
    #expect(stats.total.emoji == lines.map(\.emoji).reduce(0, +))
    #expect(stats.total.up == lines.map(\.up).reduce(0, +))
    #expect(stats.total.down == lines.map(\.down).reduce(0, +))
    #expect((stats.total.up, stats.total.down) == (ratings.count(of: .up), ratings.count(of: .down)))
    // Variants count whether or not the catalog shows them: 3,944 emoji plus the unknown one.
    #expect(stats.total.emoji == 3944 + 1)
    #expect(stats.total.notVoted == stats.total.emoji - ratings.count)
  }

  @Test func tableIsAlignedWithATotalLine() {
    var ratings = Ratings()
    ratings.set(.up, for: "1f600", at: ratingsNoon)
    ratings.set(.down, for: "1f44b", at: ratingsNoon)
    let catalog = EmojiCatalog(
      entries: [
        Emoji(
          scalars: ["\u{1F600}"], name: "grinning face", group: "Smileys & Emotion", subgroup: "", version: ""
        ),
        Emoji(
          scalars: ["\u{1F642}"], name: "slightly smiling face", group: "Smileys & Emotion", subgroup: "",
          version: ""),
        Emoji(scalars: ["\u{1F44B}"], name: "waving hand", group: "People & Body", subgroup: "", version: ""),
      ], includeSkinTones: true, source: "test")
    #expect(
      RatingsStats(ratings: ratings, catalog: catalog).table == """
        Group              Emoji  Up  Down  Not voted
        Smileys & Emotion      2   1     0          1
        People & Body          1   0     1          0
        Total                  3   1     1          1

        """)

    ratings.set(.up, for: "1fae9", at: ratingsNoon)
    #expect(
      RatingsStats(ratings: ratings, catalog: catalog).table == """
        Group                Emoji  Up  Down  Not voted
        Smileys & Emotion        2   1     0          1
        People & Body            1   0     1          0
        Not in this catalog      1   1     0          0
        Total                    4   2     1          1

        """)
  }

  @Test func noRatingsLeaveEveryEmojiNotVoted() {
    let catalog = EmojiCatalog.builtIn(includeSkinTones: true)
    let stats = RatingsStats(ratings: Ratings(), catalog: catalog)
    #expect(stats.groups.allSatisfy { $0.up == 0 && $0.down == 0 && $0.notVoted == $0.emoji })
    #expect(stats.total == .init(name: RatingsStats.totalName, emoji: catalog.count))
    #expect(!stats.table.contains(RatingsStats.notInCatalogName))
  }
}
