import EmojiRater
import Testing

/// Where a run's loads went, from the loading controller's log of loads
/// and landings and the display log (times in milliseconds).
@Suite struct LoadFatesTests {
  typealias Event = LoadFates.Log.Event
  typealias Display = OraclePrefetcher.Display

  /// One load of `item` started at `start`, landing at `landing` (nil: not
  /// by the run's end at 10 s), the item shown as `displays` says.
  static func fates(start: Double = 1_000, landing: Double?, displays: [Display]) -> LoadFates {
    let log = LoadFates.Log(
      starts: [Event(item: 5, time: start)], landings: landing.map { [Event(item: 5, time: $0)] } ?? [])
    return LoadFates(log: log, displays: displays, from: 0, to: 10_000)
  }

  @Test func aLoadThatLandsBeforeItsCellComesIsInTime() {
    let fates = Self.fates(landing: 1_800, displays: [Display(item: 5, time: 2_000, end: 2_500)])
    #expect(fates.started == 1 && fates.inTime == 1)
  }

  @Test func aCellThatCameFirstWasLateWhetherOrNotItsLoadLandedInTheRun() {
    #expect(Self.fates(landing: 2_100, displays: [Display(item: 5, time: 2_000)]).late == 1)
    #expect(Self.fates(landing: nil, displays: [Display(item: 5, time: 2_000, end: 2_500)]).late == 1)
  }

  @Test func aLoadWhoseCellNeverCameWasNeverShownOrStillUnderWay() {
    #expect(Self.fates(landing: 1_900, displays: []).neverShown == 1)
    #expect(Self.fates(landing: nil, displays: []).underWayAtEnd == 1)
    // Shown before the load started only: that display was no part of it.
    #expect(Self.fates(landing: 1_900, displays: [Display(item: 5, time: 100, end: 900)]).neverShown == 1)
  }

  @Test func aLoadForACellOnScreenLandsInViewOrAfterItLeft() {
    let onScreen = Display(item: 5, time: 500, end: 3_000)
    #expect(Self.fates(landing: 2_000, displays: [onScreen]).onScreenLandedInView == 1)
    #expect(Self.fates(landing: 3_500, displays: [onScreen]).onScreenLandedAfterItLeft == 1)
    #expect(Self.fates(landing: nil, displays: [onScreen]).onScreenLandedAfterItLeft == 1)
    // Still on screen when the run ended, the load with it.
    #expect(Self.fates(landing: nil, displays: [Display(item: 5, time: 500)]).underWayAtEnd == 1)
  }

  @Test func onlyLoadsStartedInTheMeasuredPartCountAndEachTakesTheFirstLandingAfterIt() {
    // Loaded, evicted, loaded again: two loads, two landings.
    let log = LoadFates.Log(
      starts: [Event(item: 1, time: 500), Event(item: 1, time: 3_000), Event(item: 2, time: 9_900)],
      landings: [Event(item: 1, time: 1_200), Event(item: 1, time: 4_000), Event(item: 2, time: 10_500)])
    let displays = [Display(item: 1, time: 2_000, end: 2_400), Display(item: 1, time: 3_500)]
    let fates = LoadFates(log: log, displays: displays, from: 1_000, to: 10_000)
    // The first load started before the measured part; the second came after
    // its cell (late: it landed at 4 s, shown from 3.5 s); the third landed
    // after the run's end.
    #expect(fates.started == 2)
    #expect(fates.late == 1 && fates.underWayAtEnd == 1)
    #expect(fates.shares == [0, 0.5, 0, 0, 0, 0, 0.5])
  }

  /// A load cancelled under way (its cell left behind a scroll) gave its
  /// slot back then: it takes no later load's landing as its own, and is
  /// counted apart, whatever its cell did.
  @Test func aLoadCancelledBeforeItLandedIsCancelledNotLandedByTheNextLoad() {
    let log = LoadFates.Log(
      starts: [Event(item: 1, time: 1_000), Event(item: 1, time: 5_000), Event(item: 2, time: 1_000)],
      landings: [Event(item: 1, time: 6_000), Event(item: 2, time: 1_900)],
      cancellations: [Event(item: 1, time: 2_100), Event(item: 2, time: 2_500), Event(item: 3, time: 9_000)])
    // Item 1 on screen from 0.5 s to 2 s, and again from 8 s; item 2's
    // cancellation came after its landing (too late to stop it).
    let displays = [
      Display(item: 1, time: 500, end: 2_000), Display(item: 1, time: 8_000), Display(item: 2, time: 3_000),
    ]
    let outcomes = LoadFates.outcomes(log: log, displays: displays, from: 0, to: 10_000)
    #expect(
      outcomes == [
        LoadFates.Outcome(.cancelled, landed: nil), LoadFates.Outcome(.inTime, landed: 6_000),
        LoadFates.Outcome(.inTime, landed: 1_900),
      ])
    let fates = LoadFates(log: log, displays: displays, from: 0, to: 10_000)
    #expect(fates.started == 3 && fates.cancelled == 1 && fates.inTime == 2)
    // Cancelled after the run's end: under way at its end.
    let late = LoadFates(log: log, displays: displays, from: 0, to: 2_050)
    #expect(late.cancelled == 0 && late.onScreenLandedAfterItLeft == 1)
  }

  /// The benchmark's load log (`LoadLog`) gives each load its own fate
  /// and landing, in the order the loads started; the counts add them up.
  @Test func eachLoadsOutcomeIsItsFateAndWhenItLanded() {
    let log = LoadFates.Log(
      starts: [Event(item: 1, time: 500), Event(item: 1, time: 3_000), Event(item: 2, time: 3_100)],
      landings: [Event(item: 1, time: 1_200), Event(item: 1, time: 4_000), Event(item: 2, time: 3_900)])
    let displays = [Display(item: 1, time: 2_000, end: 2_400), Display(item: 1, time: 3_500)]
    let outcomes = LoadFates.outcomes(log: log, displays: displays, from: 1_000, to: 10_000)
    #expect(
      outcomes == [
        nil, LoadFates.Outcome(.late, landed: 4_000), LoadFates.Outcome(.neverShown, landed: 3_900),
      ])
    let fates = LoadFates(log: log, displays: displays, from: 1_000, to: 10_000)
    #expect(fates.started == 2 && fates.late == 1 && fates.neverShown == 1)
  }
}
