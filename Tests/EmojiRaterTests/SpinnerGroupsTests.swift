import Testing

@testable import EmojiRater

@Suite struct SpinnerGroupsTests {
  /// How many of `spinners` cells, `columns` a row, show another spinner
  /// frame one step on.
  func moving(_ spinners: Int, columns: Int = 15, from step: Int) -> Int {
    let groups = CellView.spinnerGroups(spinners: spinners)
    return (0..<spinners).count { item in
      CellView.spinnerFrame(item: item, row: item / columns, step: step, groups: groups)
        != CellView.spinnerFrame(item: item, row: item / columns, step: step + 1, groups: groups)
    }
  }

  /// Whether `item` (15 a row) shows another spinner frame one step on.
  func movesOn(_ item: Int, at step: Int, groups: Int) -> Bool {
    CellView.spinnerFrame(item: item, row: item / 15, step: step, groups: groups)
      != CellView.spinnerFrame(item: item, row: item / 15, step: step + 1, groups: groups)
  }

  /// Rows take turns: a step redraws whole rows, not a cell in every row.
  @Test func aStepMovesTheSpinnersOfAFewWholeRows() {
    let groups = CellView.spinnerGroups(spinners: 300)
    for step in 0..<12 {
      let rows = Set((0..<300).filter { movesOn($0, at: step, groups: groups) }.map { $0 / 15 })
      #expect(rows.count <= 4, "20 rows in 6 groups: \(rows.sorted()) at step \(step)")
      #expect(
        rows.allSatisfy { row in (0..<15).allSatisfy { movesOn(row * 15 + $0, at: step, groups: groups) } })
    }
  }

  @Test func aFullSmallScreenTurnsTenTimesASecondASixthAtATime() {
    // 80×24: 300 cells, 20 rows. Six groups: every spinner moves on every sixth step (10 Hz),
    // three or four rows at a time.
    #expect(CellView.spinnerGroups(spinners: 300) == 6)
    #expect((0..<6).map { moving(300, from: $0) }.reduce(0, +) == 300)
    #expect((0..<6).allSatisfy { [45, 60].contains(moving(300, from: $0)) })
  }

  @Test func noStepRedrawsMoreThanTheBudgetAndARowHoweverManySpin() {
    // 200×60 after a page jump: 2,300 spinners would be 384 a step in six groups.
    #expect(CellView.spinnerGroups(spinners: 2_300) == 24)
    for spinners in [1, 599, 600, 601, 2_300, 10_000] {
      for step in 0..<50 {
        #expect(
          moving(spinners, columns: 40, from: step) <= CellView.spinnerBudget + 40,
          "\(spinners) spinners at step \(step)")
      }
    }
  }

  @Test func everySpinnerStillTurns() {
    let groups = CellView.spinnerGroups(spinners: 10_000)
    for item in [0, 7, 9_999] {
      #expect(
        CellView.spinnerFrame(item: item, row: item / 40, step: 0, groups: groups)
          != CellView.spinnerFrame(item: item, row: item / 40, step: groups, groups: groups))
    }
  }
}
