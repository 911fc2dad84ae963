import Testing

@testable import EmojiRater

/// The benchmark's reading of what the machine took from a run.
@Suite struct MachineInterferenceTests {
  @Test func stealIsTheEighthFigureOfTheFirstLine() {
    let procStat = """
      cpu  640325 0 109110 2744868 11389 0 1363 8640 0 0
      cpu0 320000 0 54000 1372000 5600 0 700 4321 0 0
      intr 12345
      """
    #expect(MachineInterference.stealTicks(procStat: procStat) == 8640)
  }

  @Test func aKernelWithoutTheStealColumnSaysNothing() {
    #expect(MachineInterference.stealTicks(procStat: "cpu  1 2 3 4\n") == nil)
    #expect(MachineInterference.stealTicks(procStat: "intr 12345\n") == nil)
    #expect(MachineInterference.stealTicks(procStat: "") == nil)
  }

  @Test func aDifferenceIsKnownOnlyWhereBothReadingsAre() {
    let before = MachineInterference(stolenMilliseconds: 100, mainThreadPreemptions: 7)
    let after = MachineInterference(stolenMilliseconds: 130, mainThreadPreemptions: nil)
    #expect(after.since(before) == MachineInterference(stolenMilliseconds: 30, mainThreadPreemptions: nil))
  }
}
