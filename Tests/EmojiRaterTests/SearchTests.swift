import CollectionKit
import Terminal
import TestSupport
import Testing

@testable import EmojiRater

/// Finding emoji by name: `/`, typing, n and N, Esc.
@Suite struct SearchTests: ScreenTest {
  static let catalog = screenTestCatalog

  func typing(_ text: String) -> [Command] {
    [.startSearch] + text.map { .searchInput($0) }
  }

  @Test func everyWordMatchesInAnyOrderIgnoringCase() {
    var search = Search(origin: 0)
    search.setQuery("Face CAT", in: Self.catalog)
    let found = search.matches.map { Self.catalog.emoji(atFlatIndex: $0) }
    #expect(found.map(\.name).contains("cat face"))
    #expect(!found.map(\.name).contains("dog face"))
    for emoji in found {
      let words = ([emoji.name] + emoji.keywords).map { $0.lowercased() }
      #expect(
        words.contains { $0.contains("cat") } && words.contains { $0.contains("face") }, "\(emoji.name)")
    }
  }

  /// What people call an emoji finds it, not its Unicode name alone
  /// (CLDR's English keywords).
  @Test(arguments: [
    ("laugh", ["face with tears of joy", "rolling on the floor laughing"]),
    ("tear", ["face with tears of joy", "crying face"]),
    ("heart", ["red heart"]),
    ("thumbs up", ["thumbs up"]),
  ])
  func keywordsFindWhatNamesMiss(query: String, expected: [String]) {
    var search = Search(origin: 0)
    search.setQuery(query, in: Self.catalog)
    let names = Set(search.matches.map { Self.catalog.emoji(atFlatIndex: $0).name })
    for name in expected { #expect(names.contains(name), "\(query) finds \(name)") }
  }

  /// The status line says what else people call the selected emoji: the
  /// keywords its name does not already say.
  @MainActor @Test func theStatusLineShowsWhatElsePeopleCallIt() {
    let all = Self.catalog.sections.flatMap(\.emoji)
    let joy = all.first { $0.name == "face with tears of joy" }!
    #expect(StatusLineView.alsoCalled(joy) == ["laugh"])
    #expect(StatusLineView.alsoCalled(all.first { $0.name == "grinning face" }!).isEmpty)
    var state = state(columns: 120, rows: 10)
    while state.selectedEmoji?.name != "face with tears of joy" { state.apply(.move(.right)) }
    let canvas = render(state)
    #expect(
      canvas.text.contains("face with tears of joy · Smileys & Emotion › face-smiling · 8/1914 · also laugh"))
  }

  @Test func everyEmojiWithKeywordsInCLDRHasThem() {
    let all = Self.catalog.sections.flatMap(\.emoji)
    let without = all.filter(\.keywords.isEmpty)
    // CLDR 41 predates Emoji 15.1: those have their name only.
    #expect(without.allSatisfy { (Double($0.version) ?? 0) >= 15 }, "\(without.prefix(5).map(\.name))")
    #expect(all.first { $0.name == "face with tears of joy" }?.keywords.contains("laugh") == true)
    #expect(EmojiKeywords.builtIn.count > 3_900)
  }

  @Test func typingJumpsToTheFirstMatchFromWhereTheSearchBegan() {
    let state = state([.move(.down)] + typing("cat"))
    #expect(state.selectedEmoji.map { Search.matches("cat", $0) } == true)
    #expect(state.search?.isEditing == true)
    // Every match lies after where the search began, or it wrapped round.
    let origin = 15
    #expect(state.selectedFlatIndex! >= origin)
  }

  @Test func nAndNStepThroughTheMatchesAndWrap() throws {
    var state = state(typing("heart") + [.confirmSearch])
    let matches = try #require(state.search?.matches)
    #expect(matches.count > 3)
    #expect(state.selectedFlatIndex == matches[0])
    state.apply(.nextMatch(forward: true))
    #expect(state.selectedFlatIndex == matches[1])
    state.apply(.nextMatch(forward: false))
    state.apply(.nextMatch(forward: false))
    #expect(state.selectedFlatIndex == matches.last, "wraps to the last")
  }

  @Test func nothingMatchingGoesBackToTheStartAndEscClears() {
    var state = state([.move(.right)] + typing("zzzz"))
    #expect(state.search?.matches.isEmpty == true)
    #expect(state.selection == IndexPath(item: 1, section: 0))
    state.apply(.searchBackspace)
    state.apply(.closeOverlay)
    #expect(state.search == nil)
  }

  @Test func theSearchPromptTakesEveryKeyItCanType() {
    let key = { (key: Key) in KeyBindings.command(for: .key(key), helpShown: false, searching: true) }
    #expect(key(.character("q")) == .searchInput("q"), "q is a letter here, not quit")
    #expect(key(.character("n")) == .searchInput("n"))
    #expect(key(.backspace) == .searchBackspace)
    #expect(key(.enter) == .confirmSearch)
    #expect(key(.escape) == .closeOverlay)
    #expect(KeyBindings.command(for: .key(.character("/")), helpShown: false) == .startSearch)
    #expect(KeyBindings.command(for: .key(.character("y")), helpShown: false) == .copySelection)
  }

  @Test func theClipboardSequenceIsOSC52WithBase64() {
    #expect(String(decoding: Clipboard.osc52("😀"), as: UTF8.self) == "\u{1B}]52;c;8J+YgA==\u{07}")
  }

  @MainActor
  @Test func thePromptOnTheBottomLine() {
    for (commands, name) in [
      (typing("cat fa"), "search-typing-80x8"), (typing("cat") + [.confirmSearch], "search-done-80x8"),
      (typing("xqz"), "search-none-80x8"),
    ] {
      let canvas = render(state(rows: 8, commands))
      #expect(Snapshot.mismatch(canvas.text, named: name) == nil)
    }
  }

  @Test func aPasteGoesIntoTheSearchCleanedAndCapped() {
    let hostile = "cat\u{1B}[2J\nface" + String(repeating: "x", count: 5_000)
    let state = state([.startSearch, .paste(Paste(text: hostile))])
    let query = state.search?.query ?? ""
    #expect(query.hasPrefix("cat[2J face"))
    #expect(query.count == Search.maximumQueryLength)
    #expect(state.message == "the search keeps its first \(Search.maximumQueryLength) characters")
    #expect(!query.unicodeScalars.contains { $0.value < 0x20 })
  }

  @Test func aPasteOutsideTheSearchChangesNothingButSaysWhereItGoes() {
    let before = state()
    let after = state([.paste(Paste(text: "q+v/jjj"))])
    #expect(after.selection == before.selection)
    #expect(after.votes.isEmpty && after.filter == .all && after.search == nil && !after.wantsQuit)
    #expect(after.message == "a paste goes into the search: press / first")
  }

  @Test func typingPastTheLimitIsRefusedWithANote() {
    var state = state(typing(String(repeating: "a", count: Search.maximumQueryLength)))
    #expect(state.message == nil)
    state.apply(.searchInput("b"))
    #expect(state.search?.query.count == Search.maximumQueryLength)
    #expect(state.message != nil)
  }
}
