import EmojiData
import EmojiModel
import Testing

@testable import EmojiRater

@Suite struct EmojiTestParserTests {
  static let sample = """
    # emoji-test.txt
    # group: Smileys & Emotion

    # subgroup: face-smiling
    1F600                                      ; fully-qualified     # 😀 E1.0 grinning face
    263A FE0F                                  ; fully-qualified     # ☺️ E0.6 smiling face
    263A                                       ; unqualified         # ☺ E0.6 smiling face

    # group: People & Body
    # subgroup: hand-fingers-open
    1F44B                                      ; fully-qualified     # 👋 E0.6 waving hand
    1F44B 1F3FB                                ; fully-qualified     # 👋🏻 E1.0 waving hand: light skin tone

    # group: Component
    # subgroup: skin-tone
    1F3FB                                      ; component           # 🏻 E1.0 light skin tone
    """

  @Test func keepsOnlyFullyQualifiedEntriesWithTheirGroupAndSubgroup() throws {
    let emoji = try EmojiTestParser.parse(Self.sample, source: "sample.txt")
    #expect(
      emoji.map(\.name) == ["grinning face", "smiling face", "waving hand", "waving hand: light skin tone"])
    #expect(emoji[0].group == "Smileys & Emotion")
    #expect(emoji[0].subgroup == "face-smiling")
    #expect(emoji[0].version == "1.0")
    #expect(emoji[1].scalars == ["\u{263A}", "\u{FE0F}"])
    #expect(emoji[2].group == "People & Body")
    #expect(emoji[3].codePoints == "U+1F44B U+1F3FB")
  }

  @Test func acceptsWindowsLineEndings() throws {
    let crlf = Self.sample.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(try EmojiTestParser.parse(crlf, source: "crlf.txt").count == 4)
  }

  @Test(arguments: [
    ("1F600 fully-qualified # 😀 E1.0 grinning face", "found no ';'"),
    ("1F600 ; fully-qualified 😀 E1.0 grinning face", "found no '#'"),
    ("1F6ZZ ; fully-qualified # 😀 E1.0 grinning face", "'1F6ZZ' is not a code point"),
    ("1F600 ; very-qualified # 😀 E1.0 grinning face", "unknown status 'very-qualified'"),
    ("1F600 ; fully-qualified # 😀 grinning face", "expected '# emoji E<version> name'"),
    ("1F600 ; fully-qualified # 😃 E1.0 grinning face", "does not match its code points"),
    ("110000 ; fully-qualified # x E1.0 beyond unicode", "is not a code point"),
  ])
  func refusesAMalformedLineNamingFileAndLine(line: String, reason: String) {
    let text =
      "# group: G\n# subgroup: s\n1F603 ; fully-qualified # 😃 E0.6 grinning face with big eyes\n"
      + line + "\n"
    #expect {
      try EmojiTestParser.parse(text, source: "bad.txt")
    } throws: { error in
      guard let error = error as? CatalogError else { return false }
      return error.file == "bad.txt" && error.line == 4 && error.reason.contains(reason)
        && error.description.hasPrefix("bad.txt:4: ")
    }
  }

  @Test func refusesAnEntryBeforeAnyGroup() {
    #expect(
      throws: CatalogError(
        file: "f", line: 1, reason: "an entry before any '# group:' and '# subgroup:' heading")
    ) {
      try EmojiTestParser.parse("1F600 ; fully-qualified # 😀 E1.0 grinning face", source: "f")
    }
  }

  @Test func refusesAFileWithNoEmoji() {
    #expect(throws: CatalogError.self) {
      try EmojiTestParser.parse("# just a comment\n\n", source: "empty.txt")
    }
  }

  @Test func parsesTheWholeBuiltInFile() throws {
    let text = embeddedEmojiTestText.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    let emoji = try EmojiTestParser.parse(text, source: "built-in")
    // Unicode 15.0's own "Status Counts" at the end of the file.
    #expect(emoji.count == 3944)
    #expect(emoji.filter { !$0.hasSkinTone }.count == 1914)
    #expect(Set(emoji.map(\.group)).count == 9)
    #expect(emoji.first?.name == "grinning face")
    #expect(emoji.last?.name == "flag: Wales")
  }
}
