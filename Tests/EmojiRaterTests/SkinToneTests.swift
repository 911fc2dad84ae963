import EmojiModel
import Terminal
import TestSupport
import Testing

@testable import EmojiRater

/// One skin tone for every emoji that has them: which variant an emoji
/// takes, how `t` steps through the tones, and that the grid, the status
/// line and a pick all show the toned one.
@MainActor
@Suite struct SkinToneTests: ScreenTest {
  func emoji(_ name: String) -> Emoji {
    screenTestCatalog.sections.flatMap(\.emoji).first { $0.name == name }!
  }

  @Test func anEmojiTakesTheVariantWhoseEveryPersonHasTheTone() {
    #expect(emoji("thumbs up").inTone(.medium).string == "👍🏽")
    #expect(emoji("thumbs up").inTone(nil).string == "👍")
    // Two people: both in the tone, not one of the mixed pairs.
    #expect(emoji("people holding hands").inTone(.dark).string == "🧑🏿‍🤝‍🧑🏿")
    #expect(emoji("grinning face").inTone(.dark).string == "😀", "no tones: itself")
    #expect(SkinTone.allCases.map(\.modifier.value) == [0x1F3FB, 0x1F3FC, 0x1F3FD, 0x1F3FE, 0x1F3FF])
  }

  @Test func tStepsFromNoneThroughTheFiveAndBack() {
    var state = state()
    var seen: [SkinTone?] = []
    for _ in 0..<6 {
      #expect(state.apply(.cycleSkinTone) == [])
      seen.append(state.skinTone)
    }
    #expect(seen == [.light, .mediumLight, .medium, .mediumDark, .dark, nil])
    state.apply(.cycleSkinTone)
    #expect(state.message == "every emoji with skin tones in light skin tone (t for the next)")
    #expect(state.memory.skinTone == .light, "remembered for the next run")
    var next = self.state()
    next.restore(state.memory)
    #expect(next.skinTone == .light)
  }

  @Test func aPickPrintsTheToned() {
    var state = state()
    state.picker = Picker()
    state.apply(.skinTone(.mediumDark))
    // 👋 is the first of People & Body: Tab to it, and Enter.
    state.apply(.move(.nextSection))
    #expect(state.selectedEmoji?.name == "waving hand")
    // Printed in the tone; counted as a use of the emoji itself.
    #expect(
      state.apply(.choose) == [
        .recordUse(items: [state.selectedItem!]),
        .finishPick(.chosen([emoji("waving hand").inTone(.mediumDark)])),
      ])
  }

  /// The grid and the status line in the tone: at 80 columns, People &
  /// Body's first rows, each hand toned (here as a terminal that cannot
  /// draw the tones whole sees it: the hand and the tone's number).
  @Test func theGridAndTheStatusLineShowTheTone() {
    var state = state(columns: 80, rows: 8, [.move(.nextSection)])
    state.apply(.skinTone(.medium))
    let canvas = render(state)
    #expect(Snapshot.mismatch(canvas.text, named: "skin-tone-medium-80x8") == nil)
    #expect(canvas.text.contains("[👋3]"), "\(canvas.text)")
    #expect(canvas.text.contains("waving hand: medium skin tone ·"), "\(canvas.text)")
  }
}
