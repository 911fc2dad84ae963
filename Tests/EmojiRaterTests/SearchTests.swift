import CollectionKit
import EmojiModel
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

  func names(_ query: String) -> [String] {
    SearchRanking.ranked(query, in: Self.catalog).map { Self.catalog.emoji(atFlatIndex: $0).name }
  }

  @Test func everyWordMatchesInAnyOrderIgnoringCase() {
    let found = names("Face CAT")
    #expect(found.contains("cat face"))
    #expect(!found.contains("dog face"))
    for name in found {
      let emoji = Self.catalog.sections.flatMap(\.emoji).first { $0.name == name }!
      let words = ([emoji.name] + emoji.keywords).map { $0.lowercased() }
      #expect(words.contains { $0.contains("cat") } && words.contains { $0.contains("face") }, "\(name)")
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
    let found = Set(names(query))
    for name in expected { #expect(found.contains(name), "\(query) finds \(name)") }
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

  /// What the grid shows is what `state` shows: its emoji, in order.
  func shownNames(_ state: AppState) -> [String] {
    (0..<state.layout.itemCount).map {
      state.fullCatalog.emoji(atFlatIndex: state.shown.catalogItem($0)).name
    }
  }

  @Test func typingNarrowsTheGridToTheMatchesBestFirst() {
    let state = state([.move(.down)] + typing("laugh"))
    #expect(shownNames(state) == names("laugh"))
    #expect(state.sections == [GridSection(name: "Best matches for “laugh”", count: names("laugh").count)])
    #expect(state.selectedFlatIndex == 0, "the best match is selected")
    #expect(state.search?.isEditing == true)
    #expect(state.search?.matchCount == names("laugh").count)
    // Each letter ranks again: "la" is broader, "laugh" narrower.
    let broader = self.state(typing("la"))
    #expect(broader.layout.itemCount > state.layout.itemCount)
  }

  @Test func nAndNStepThroughTheMatchesAndWrap() throws {
    var state = state(typing("heart") + [.confirmSearch])
    let count = state.layout.itemCount
    #expect(count > 3)
    #expect(state.selectedFlatIndex == 0)
    state.apply(.nextMatch(forward: true))
    #expect(state.selectedFlatIndex == 1)
    state.apply(.nextMatch(forward: false))
    state.apply(.nextMatch(forward: false))
    #expect(state.selectedFlatIndex == count - 1, "wraps to the last")
    state.apply(.nextMatch(forward: true))
    #expect(state.selectedFlatIndex == 0, "and round to the first")
  }

  @Test func nothingMatchingEmptiesTheGridAndBackspacingBringsItBack() {
    var state = state([.move(.right)] + typing("qxqx"))
    #expect(state.search?.matchCount == 0)
    #expect(state.layout.itemCount == 0 && state.selection == nil)
    for _ in 0..<4 { state.apply(.searchBackspace) }
    #expect(state.layout.itemCount == Self.catalog.count, "no words: the whole grid")
    #expect(state.selection == IndexPath(item: 1, section: 0), "where the search began")
    state.apply(.closeOverlay)
    #expect(state.search == nil)
  }

  @Test func escWhileTypingGoesBackWhereTheSearchBegan() {
    var state = state([.move(.down), .move(.right)] + typing("laugh"))
    state.apply(.closeOverlay)
    #expect(state.search == nil)
    #expect(state.layout.itemCount == Self.catalog.count)
    #expect(state.selectedFlatIndex == 16)
  }

  @Test func escAfterChoosingKeepsTheMatchAmongItsNeighbours() throws {
    var state = state(typing("laugh") + [.confirmSearch, .nextMatch(forward: true)])
    let chosen = try #require(state.selectedItem)
    state.apply(.closeOverlay)
    #expect(state.search == nil)
    #expect(state.layout.itemCount == Self.catalog.count)
    #expect(state.selectedItem == chosen)
    #expect(state.selectedFlatIndex == chosen, "the whole grid is in catalog order again")
  }

  @Test func aVoteOnAMatchLandsOnThatEmoji() throws {
    var state = state(typing("tears of joy") + [.confirmSearch])
    let effects = state.apply(.vote(.up))
    let joy = try #require(
      (0..<Self.catalog.count).first {
        Self.catalog.emoji(atFlatIndex: $0).name == "face with tears of joy"
      })
    #expect(state.selectedEmoji?.name == "face with tears of joy")
    #expect(state.votes == [joy: .up])
    #expect(
      effects == [.persistVote(.init(item: joy, vote: .up, previous: nil)), .recordUse(items: [joy])],
      "handed to the store, and counted as a use")
  }

  /// The search looks only among what the filter keeps, and a new filter
  /// ranks the query again.
  @Test func searchAndTheVoteFilterCombine() {
    // Votes up on 😀 (item 0) and 😂 (item 7), then "face" among votes up.
    var state = state(
      [.vote(.up)] + Array(repeating: .move(.right), count: 7) + [.vote(.up), .cycleFilter] + typing("joy")
        + [.confirmSearch])
    #expect(shownNames(state) == ["face with tears of joy"])
    state.apply(.cycleFilter)  // voted down: none
    #expect(state.filter == .down && state.layout.itemCount == 0)
    #expect(state.search?.answered == "joy")
    state.apply(.cycleFilter)  // not voted: the other joyful ones
    #expect(!shownNames(state).contains("face with tears of joy") && state.layout.itemCount > 0)
    state.apply(.cycleFilter)  // all
    #expect(shownNames(state) == names("joy"))
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
      (typing("xqz"), "search-none-80x8"), (typing("laugh"), "search-laugh-80x8"),
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
    var after = state()
    let effects = after.apply(.paste(Paste(text: "q+v/jjj")))
    #expect(after.selection == before.selection)
    #expect(after.votes.isEmpty && after.filter == .all && after.search == nil && effects.isEmpty)
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
