import Testing

@testable import EmojiRater

@Suite struct SpinnerGroupsTests {
  /// How many of `spinners` cells show another spinner frame one step on.
  func moving(_ spinners: Int, from step: Int) -> Int {
    let groups = CellView.spinnerGroups(spinners: spinners)
    return (0..<spinners).count { item in
      CellView.spinnerFrame(item: item, step: step, groups: groups)
        != CellView.spinnerFrame(item: item, step: step + 1, groups: groups)
    }
  }

  @Test func aFullSmallScreenTurnsTenTimesASecondASixthAtATime() {
    // 80×24: 300 cells. Six groups: every spinner moves on every sixth step (10 Hz).
    #expect(CellView.spinnerGroups(spinners: 300) == 6)
    #expect(moving(300, from: 0) == 50)
  }

  @Test func noStepRedrawsMoreThanTheBudgetHoweverManySpin() {
    // 200×60 after a page jump: 2,300 spinners would be 384 a step in six groups.
    #expect(CellView.spinnerGroups(spinners: 2_300) == 24)
    for spinners in [1, 599, 600, 601, 2_300, 10_000] {
      for step in 0..<50 {
        #expect(
          moving(spinners, from: step) <= CellView.spinnerBudget, "\(spinners) spinners at step \(step)")
      }
    }
  }

  @Test func everySpinnerStillTurns() {
    let groups = CellView.spinnerGroups(spinners: 10_000)
    for item in [0, 7, 9_999] {
      #expect(
        CellView.spinnerFrame(item: item, step: 0, groups: groups)
          != CellView.spinnerFrame(item: item, step: groups, groups: groups))
    }
  }
}
