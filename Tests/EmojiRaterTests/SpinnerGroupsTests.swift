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

  /// A count hovering about a threshold keeps its groups: each change of
  /// groups moves every spinner on screen at once.
  @Test func theGroupsChangeOnlyWhenTheCountLeavesItsBand() {
    // Up as soon as the budget needs it.
    #expect(CellView.spinnerGroups(spinners: 601, keeping: 6) == 12)
    #expect(CellView.spinnerGroups(spinners: 1_201, keeping: 12) == 24)
    #expect(CellView.spinnerGroups(spinners: 2_300, keeping: 6) == 24)
    // Down only once half as many groups would keep within half the budget.
    for spinners in [1_177, 1_200, 1_267, 601] {
      #expect(CellView.spinnerGroups(spinners: spinners, keeping: 24) == 24, "\(spinners)")
    }
    #expect(CellView.spinnerGroups(spinners: 600, keeping: 24) == 12)
    #expect(CellView.spinnerGroups(spinners: 450, keeping: 12) == 12)
    #expect(CellView.spinnerGroups(spinners: 300, keeping: 24) == 6)
    #expect(CellView.spinnerGroups(spinners: 0, keeping: 24) == 6)
    // From the fewest, the same as counting afresh.
    for spinners in [0, 300, 600, 601, 1_200, 1_201, 5_000] {
      #expect(
        CellView.spinnerGroups(spinners: spinners, keeping: 6) == CellView.spinnerGroups(spinners: spinners))
    }
  }
}
