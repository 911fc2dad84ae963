import EmojiModel
import Foundation
import Testing

@testable import EmojiRater

@Suite struct EmojiCatalogTests {
  @Test func builtInCatalogShowsBaseEmojiInUnicodeGroups() {
    let catalog = EmojiCatalog.builtIn(includeSkinTones: false)
    #expect(catalog.count == 1914)
    #expect(
      catalog.sections.map(\.name) == [
        "Smileys & Emotion", "People & Body", "Animals & Nature", "Food & Drink", "Travel & Places",
        "Activities", "Objects", "Symbols", "Flags",
      ])
    #expect(catalog[0, 0].string == "😀")
    #expect(catalog.sections.allSatisfy { $0.emoji.allSatisfy { !$0.hasSkinTone } })
  }

  @Test func skinToneVariantsBelongToTheirBase() {
    let catalog = EmojiCatalog.builtIn(includeSkinTones: false)
    let people = catalog.sections[1].emoji
    let wave = people.first { $0.name == "waving hand" }
    #expect(
      wave?.skinToneVariants.map(\.name) == [
        "waving hand: light skin tone", "waving hand: medium-light skin tone",
        "waving hand: medium skin tone",
        "waving hand: medium-dark skin tone", "waving hand: dark skin tone",
      ])
    // Two-tone handshakes have no base of their own: they join the one before them.
    let handshake = people.first { $0.name == "handshake" }
    #expect(handshake?.skinToneVariants.count == 25)
  }

  @Test func skinTonesOptionShowsEveryVariantAfterItsBase() {
    let catalog = EmojiCatalog.builtIn(includeSkinTones: true)
    #expect(catalog.count == 3944)
    let people = catalog.sections[1].emoji.map(\.name)
    let wave = try! #require(people.firstIndex(of: "waving hand"))
    #expect(people[wave + 1] == "waving hand: light skin tone")
  }

  @Test func loadsAnotherCopyFromAPath() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("emoji-\(UUID()).txt")
    try EmojiTestParserTests.sample.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let catalog = try EmojiCatalog.load(path: file.path, includeSkinTones: false)
    #expect(catalog.count == 3)
    #expect(catalog.source == file.path)
  }

  @Test func aMissingFileIsAnErrorNamingIt() {
    #expect {
      try EmojiCatalog.load(path: "/nonexistent/emoji-test.txt", includeSkinTones: false)
    } throws: { error in
      (error as? CatalogError)?.description.hasPrefix("/nonexistent/emoji-test.txt: cannot read") == true
    }
  }
}

@Suite struct RepeatedCatalogTests {
  @Test func aCatalogRepeatsToAnyCountWithNamedRounds() {
    let base = EmojiCatalog.builtIn(includeSkinTones: false)
    let big = base.repeated(toCount: 5_000)
    #expect(big.count == 5_000)
    #expect(big.sections[9].name == "Smileys & Emotion · 2")
    #expect(big.emoji(atFlatIndex: 0).name == "grinning face")
    #expect(big.emoji(atFlatIndex: 1_914).name == "grinning face")
    #expect(big.emoji(atFlatIndex: 4_999).name == base.emoji(atFlatIndex: 5_000 - 2 * 1_914 - 1).name)
    #expect(base.repeated(toCount: 10).sections.map(\.emoji.count) == [10])
  }

  @Test func aMillionItemsShareTheCatalogsArrays() {
    let million = EmojiCatalog.builtIn(includeSkinTones: true).repeated(toCount: 1_000_000)
    #expect(million.count == 1_000_000)
    #expect(million.emoji(atFlatIndex: 999_999).name.isEmpty == false)
  }
}
