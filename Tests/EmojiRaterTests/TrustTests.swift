import CollectionKit
import FrameTiming
import Terminal
import Testing

@testable import EmojiRater

/// Small faults that cost trust: what the screen says must be true.
@Suite struct TrustTests: ScreenTest {
  /// Japan's flag, `v` four times (all → up → down → not voted → all,
  /// two of them empty): the selection comes back to the flag, not to the
  /// first emoji.
  @Test func aFullFilterCycleComesBackToTheSameEmoji() throws {
    var state = state()
    let japan = try #require(
      (0..<screenTestCatalog.count).first { screenTestCatalog.emoji(atFlatIndex: $0).name == "flag: Japan" })
    state.restore(SessionMemory(selection: screenTestCatalog.emoji(atFlatIndex: japan).identifier))
    #expect(state.selectedItem == japan)
    for _ in 0..<4 { state.apply(.cycleFilter) }
    #expect(state.filter == .all)
    #expect(state.selectedItem == japan)
    // A move between presses starts a new row of them from where it lands.
    state.apply(.move(.first))
    for _ in 0..<4 { state.apply(.cycleFilter) }
    #expect(state.selectedItem == 0)
  }

  /// A notice about the person's data beats every figure of the HUD, at
  /// 80 columns and at 40.
  @MainActor
  @Test(arguments: [80, 40])
  func aNoticeAboutTheDataWinsOverTheHUD(columns: Int) {
    var state = state(columns: columns)
    state.notice = RatingsNotice.readOnly(file: "ratings.json").description
    var hud = HUDModel()
    hud.loading = nil
    hud.fps = 60
    let canvas = render(state, hud: hud)
    let bottom = canvas.lines[state.screen.hintRow]
    #expect(bottom.contains("another emoji-rater"), "\(bottom)")
  }
}
