import CollectionKit
import Loading
import Testing

@testable import EmojiRater

/// The loader's ranking is remade when the view moves at once, but when
/// only the speed changes (every frame of a pause) at most ten times a second.
@Suite struct LoadDeadlinesTests {
  let ms: UInt64 = 1_000_000
  /// 10 rows a second down, 20 rows on screen from row 10; loads of 0.5 to
  /// 2 s: three in ten within 0.95 s, three in four within 1.625 s, nine in
  /// ten within 1.85 s.
  let deadlines = LoadDeadlines(
    shown: .all, layout: GridLayout(sectionItemCounts: [1_000], width: 80), visibleRows: 10..<30,
    forecast: ScrollForecast(speed: 10),
    direction: .down, turnedRecently: false, paceKnown: true,
    leads: .init(latency: LatencyModel.uniform(500...2_000)))

  @Test func theSameViewKeepsItsRanking() {
    #expect(deadlines.canReuseRanking(madeWith: deadlines, after: 5_000 * ms))
    #expect(!deadlines.canReuseRanking(madeWith: nil, after: 0), "no ranking yet")
  }

  @Test func aMovedViewIsRankedAgainAtOnce() {
    var moved = deadlines
    moved.visibleRows = 11..<31
    #expect(!moved.canReuseRanking(madeWith: deadlines, after: 1 * ms))
    var turned = deadlines
    turned.direction = .up
    #expect(!turned.canReuseRanking(madeWith: deadlines, after: 1 * ms))
  }

  @Test func aChangeOfSpeedAloneWaitsATenthOfASecond() {
    var slower = deadlines
    slower.forecast.speed = 6
    #expect(slower.canReuseRanking(madeWith: deadlines, after: 99 * ms))
    #expect(!slower.canReuseRanking(madeWith: deadlines, after: 100 * ms))
  }

  /// `deadlines` on a view that has not moved for a stop's gap, in a list
  /// of `itemCount` cells.
  func stillView(itemCount: Int = 1_000) -> LoadDeadlines {
    var still = deadlines
    still.layout = GridLayout(sectionItemCounts: [itemCount], width: 80)
    still.forecast = ScrollForecast(speed: 0)
    still.direction = .none
    still.isStill = true
    return still
  }

  func urgency(_ deadlines: LoadDeadlines, row: Int) -> Double {
    deadlines.urgency(of: deadlines.layout.flatIndex(of: deadlines.layout.indexPath(row: row, column: 0)!))
  }

  @Test func cellsOnScreenThatCanMakeItGoFirst() {
    #expect(urgency(deadlines, row: 29) == -1, "on screen for 2 s more")
    #expect(urgency(deadlines, row: 20) == .infinity, "leaves in 1.1 s: too soon")
    #expect(urgency(deadlines, row: 5) == .infinity, "behind a scroll that keeps its way: waits")
  }

  /// A row the scroll has just left waits while it keeps its way (its
  /// load would land after it left, for nobody); once the scroll turned
  /// or jumped lately, the person may come back, and it goes after every
  /// row ahead, nearest first.
  @Test func aRowBehindTheScrollGoesOnlyIfThePersonMayComeBack() {
    #expect(urgency(deadlines, row: 9) == .infinity, "just left, the scroll going on down")
    var comingBack = deadlines
    comingBack.mayComeBack = true
    #expect(urgency(comingBack, row: 9) == LoadDeadlines.behindTheScroll + 1)
    #expect(urgency(comingBack, row: 9) > urgency(comingBack, row: 50), "after the rows ahead")
    #expect(urgency(comingBack, row: 9) < urgency(comingBack, row: 5), "nearest first")
  }

  @Test func onAScrollThatKeepsItsWaySurePrefetchesGoSoonestFirstThenTheLikeliest() {
    #expect(urgency(deadlines, row: 38) == .infinity, "comes in 0.9 s: too soon")
    #expect(urgency(deadlines, row: 48) == 1_900)
    #expect(urgency(deadlines, row: 50) == 2_100)
    #expect(urgency(deadlines, row: 50) < urgency(deadlines, row: 45), "sure before unsure")
    #expect(urgency(deadlines, row: 45) < urgency(deadlines, row: 40), "1.6 s before 1.1 s")
  }

  /// The window reaches past the 18 rows the lead time asks for only to
  /// fill slots nothing else wants: its rows there go after every row the
  /// lead asks for, even one that may not make it, soonest first; one too
  /// soon waits as ever.
  @Test func rowsPastTheLeadGoAfterEveryRowTheLeadAsksFor() {
    var filling = deadlines
    filling.leadReach = 18
    #expect(urgency(filling, row: 45) == LoadDeadlines.unsure - 1_600, "16 rows off, within the lead")
    #expect(urgency(filling, row: 50) == LoadDeadlines.fillingIdleSlots + 2_100, "21 rows off: past it")
    #expect(urgency(filling, row: 45) < urgency(filling, row: 50), "the lead's unsure row first")
    #expect(urgency(filling, row: 50) < urgency(filling, row: 55), "soonest first")
    #expect(urgency(filling, row: 55) < LoadDeadlines.behindTheScroll, "before the rows behind")
    #expect(urgency(filling, row: 29) == -1, "the screen as ever")
    filling.leadReach = 5
    #expect(urgency(filling, row: 38) == .infinity, "past the lead, but too soon to make it")
    #expect(urgency(deadlines, row: 50) == 2_100, "no lead reach: a sure row by its deadline")
  }

  /// A scroll just begun: its first step read as 10 rows a second, which
  /// it may well not keep. While it goes on nothing goes, not even the
  /// cells it brings on screen, gone before their loads land; once it has
  /// paused a tenth of a second, the screen is still: visible first, then
  /// by distance.
  @Test func beforeTheScrollsPaceIsKnownNothingGoesUntilItPauses() {
    var begun = deadlines
    begun.paceKnown = false
    #expect(urgency(begun, row: 29) == .infinity, "on screen, but the scroll goes on")
    #expect(urgency(begun, row: 30) == .infinity)
    #expect(urgency(begun, row: 48) == .infinity, "sure at 10 rows a second, but that is a guess")
    #expect(urgency(begun, row: 5) == .infinity)
    #expect(!begun.canReuseRanking(madeWith: deadlines, after: 1 * ms), "ranked again once the pace is known")
    var paused = begun
    paused.isStill = true
    #expect(urgency(paused, row: 29) == -1)
    #expect(urgency(paused, row: 31) == 2)
    #expect(urgency(paused, row: 48) == 19)
    #expect(!paused.canReuseRanking(madeWith: begun, after: 1 * ms), "ranked again once it pauses")
  }

  /// Bursts: the one under way goes 5 rows more at 10 rows a second, then
  /// the scroll makes 4 rows a second over bursts and pauses. A row 13
  /// ahead comes in 0.5 + 2 s, not 1.3 s: sure, not too soon.
  @Test func rowsPastTheBurstComeAtTheScrollsPaceOverItsPauses() {
    var bursty = deadlines
    bursty.forecast = ScrollForecast(speed: 10, rowsLeftInBurst: 5, cycleSpeed: 4)
    #expect(urgency(bursty, row: 34) == .infinity, "within the burst, in 0.5 s: too soon")
    #expect(urgency(bursty, row: 42) == 2_500)
    #expect(urgency(bursty, row: 20) == -1, "on screen for 0.5 + 1.5 s more")
  }

  @Test func afterATurnEveryPrefetchGoesSoonestFirst() {
    var turned = deadlines
    turned.turnedRecently = true
    #expect(urgency(turned, row: 40) == 1_100)
    #expect(urgency(turned, row: 45) == 1_600)
    #expect(urgency(turned, row: 50) == 2_100)
  }

  /// A held key's selection 8 rows from the bottom edge: every deadline
  /// is 0.8 s later, as the view moves only once the selection is there.
  @Test func theSelectionsRunToTheEdgeComesBeforeEveryDeadline() {
    var running = deadlines
    running.slack = 8
    #expect(urgency(running, row: 30) == .infinity, "comes in 0.9 s: too soon")
    #expect(urgency(running, row: 31) == LoadDeadlines.unsure - 1_000, "in 1 s, not 0.2 s")
    #expect(urgency(running, row: 40) == 1_900, "in 1.9 s: sure")
    #expect(urgency(running, row: 20) == -1, "on screen for 1.9 s more: can make it")
  }

  /// A still screen after scrolling down: the rows below, where the
  /// scroll likely resumes, before the two above; the cells on screen
  /// first, unless the pauses so far say the next burst comes before
  /// their loads land (they would land after it took them away).
  @Test func aStillScreenLoadsTheWayTheScrollResumes() {
    var still = stillView()
    #expect(urgency(still, row: 29) == -1)
    #expect(urgency(still, row: 31) == 2)
    #expect(urgency(still, row: 8) == LoadDeadlines.behindTheScroll + 2, "after every row below")
    still.likelyDirection = .up
    #expect(urgency(still, row: 8) == 2)
    #expect(urgency(still, row: 31) == LoadDeadlines.behindTheScroll + 2)
    // The pauses so far say this one ends in half a second, before a load
    // lands (1.25 s, one in two), and that the next burst goes 40 rows
    // down: the cells on screen would be gone by then; the rows it stops
    // on go first, before the rows it flies past.
    var shortPause = still
    shortPause.likelyDirection = .down
    shortPause.stopOutlook = StopOutlook(restLeft: 0.5, burstRows: [40], nextPause: 1, screenRows: 20)
    #expect(urgency(shortPause, row: 29) == .infinity, "the next burst takes it before its load lands")
    #expect(urgency(shortPause, row: 55) == -1.25, "seen for the next pause but its first 0.75 s")
    #expect(urgency(shortPause, row: 31) == 2, "flown past: by distance, after")
    #expect(
      !shortPause.canReuseRanking(madeWith: still, after: 1 * ms), "ranked again when the pause runs long")
  }

  /// A held key's stop, its pauses not yet read: the rows its next run,
  /// at the last runs' 30 rows a second, brings in 1.85 s or later (56
  /// rows past the screen and more) go after the screen and before the nearest
  /// rows, soonest first: a load started now makes it however soon the key
  /// is held again. Before any run's pace is read, by distance alone.
  @Test func aHeldKeysStopLoadsTheRowsALoadSurelyMakesBeforeTheNearest() {
    var still = stillView(itemCount: 5_000)
    #expect(urgency(still, row: 86) == 57, "no pace read: by distance")
    still.burstSpeed = 30
    #expect(urgency(still, row: 29) == -1, "the screen first")
    let sure = urgency(still, row: 86)
    #expect(sure > -1 && sure < 0, "comes in 1.9 s: after the screen, before every row by distance")
    #expect(sure < urgency(still, row: 88), "1.9 s before 1.97 s")
    #expect(urgency(still, row: 84) == 55, "comes in 1.83 s: by distance, after")
    #expect(urgency(still, row: 31) == 2)
    #expect(urgency(still, row: 8) == LoadDeadlines.behindTheScroll + 2, "behind: as before")
  }

  /// A still screen scrolled to: when slots are short, its cells go those
  /// a resumed scroll keeps longest first (a held key's stop: the bottom
  /// rows, where the selection is), before every prefetch. A list just
  /// shown is read from its top: its cells rank alike, and go in the order
  /// asked for.
  @Test func aScreenScrolledToLoadsTheRowsAScrollKeepsFirst() {
    var still = stillView()
    #expect(urgency(still, row: 10) == urgency(still, row: 29), "a list just shown")
    still.scrolledHere = true
    #expect(urgency(still, row: 29) < urgency(still, row: 20))
    #expect(urgency(still, row: 20) < urgency(still, row: 10))
    #expect((-2 ..< -1).contains(urgency(still, row: 29)) && (-2 ..< -1).contains(urgency(still, row: 10)))
    #expect(urgency(still, row: 31) == 2, "prefetches after")
    still.likelyDirection = .up
    #expect(urgency(still, row: 10) < urgency(still, row: 29), "going up, the top rows stay")
    // Moving, every cell that can still make it goes alike, in the order
    // asked for: the soonest gone first, as the earliest deadline.
    var moving = deadlines
    moving.scrolledHere = true
    #expect(urgency(moving, row: 29) == -1 && urgency(moving, row: 26) == -1)
  }

  /// A burst just ended, the scroll not yet counted as stopped: the
  /// forecast still goes at 10 rows a second. Where the pauses outlast a
  /// load (1.5 s, against 1.25 s one in two), the screen is read as a
  /// pause at once, its cells by how long they will be seen; where they
  /// are shorter (a wheel's half second), as a slow scroll, whose top row
  /// leaves before a load lands.
  @Test func aPauseLongerThanALoadIsReadAsOneAsSoonAsItsBurstEnds() {
    var ended = deadlines
    ended.isStill = true
    ended.stopOutlook = StopOutlook(restLeft: 1.5, burstRows: [10], nextPause: 1.5, screenRows: 20)
    #expect(ended.view == .pause)
    #expect(urgency(ended, row: 10) == -1.25, "the top row: seen for the last 0.25 s of this pause")
    var flicking = ended
    flicking.stopOutlook = StopOutlook(restLeft: 0.5, burstRows: [10], nextPause: 0.5, screenRows: 20)
    #expect(flicking.view == .moving)
    #expect(urgency(flicking, row: 10) == .infinity, "leaves in 0.1 s: too soon")
  }

  /// A short pause (0.5 s left) before bursts of 20 rows at 100 rows a
  /// second, 20 rows a second over bursts and pauses: the rows the next
  /// burst flies past come before a load lands and wait; a row 36 past
  /// the screen comes in 1.5 s, in time for some loads, and goes after
  /// every row sure to make it; one 60 past, in 2.7 s, by distance.
  @Test func aRowTheNextBurstFliesPastGoesByWhenItComes() {
    var still = stillView(itemCount: 5_000)
    still.stopOutlook = StopOutlook(
      restLeft: 0.5, burstRows: [20], nextPause: 0.1, screenRows: 20, burstSpeed: 100, cycleSpeed: 20)
    #expect(urgency(still, row: 30) == .infinity, "comes in 0.51 s")
    #expect(abs(urgency(still, row: 65) - (LoadDeadlines.unsure - 1_500)) < 1e-6)
    #expect(urgency(still, row: 89) == 60)
    #expect(urgency(still, row: 8) == LoadDeadlines.behindTheScroll + 2, "behind: as before")
    #expect(urgency(still, row: 89) < urgency(still, row: 65))
  }

  /// A long pause, a short burst: at the bottom of the screen a cell is
  /// seen now and after the burst, at the top only now, and just past the
  /// screen only after it.
  @Test func aStillScreenLoadsWhereItsCellsWillBeSeenLongest() {
    var still = stillView()
    still.stopOutlook = StopOutlook(restLeft: 2.25, burstRows: [10], nextPause: 3, screenRows: 20)
    let bottom = urgency(still, row: 29)
    let top = urgency(still, row: 10)
    let justPast = urgency(still, row: 30)
    #expect(bottom == -1 - (1 + 3), "1 s of this pause, all the next")
    #expect(top == -1 - 1, "1 s of this pause")
    #expect(justPast == -1 - 3, "all the next pause")
    #expect(bottom < justPast && justPast < top)
  }

  /// The screen End leads to (rows 50 to 59), on a still view: after the
  /// window's first screen if the person jumped lately, else it waits; and
  /// while the view moves it waits.
  @Test func aJumpScreenGoesOnAStillViewAfterAJump() {
    var still = stillView()
    still.window = still.layout.flatRange(ofRows: 8..<32)
    still.jumpScreens = [50..<60]
    #expect(urgency(still, row: 55) == .infinity, "no jump lately")
    still.jumpedRecently = true
    #expect(urgency(still, row: 55) == 20, "as far as a screen away")
    #expect(urgency(still, row: 31) == 2, "the window's rows: by distance")
    var moving = still
    moving.isStill = false
    #expect(urgency(moving, row: 55) == .infinity)
  }

  /// The screens the jump keys lead to go in the order named: those a key
  /// away before those two keys away, each screen whole before the next.
  @Test func theJumpScreensGoInTheOrderNamed() {
    var still = stillView()
    still.jumpedRecently = true
    still.window = still.layout.flatRange(ofRows: 8..<52)
    still.jumpScreens = [55..<60, 62..<66, 52..<55]
    let (first, second, third) = (urgency(still, row: 59), urgency(still, row: 62), urgency(still, row: 52))
    #expect(first == 20, "as far as a screen away")
    #expect(first < second && second < third)
    #expect(third < urgency(still, row: 51), "before the window's second screen")
  }

  /// The screens a search is left for (catalog items past the grid's
  /// thousand): after the window's first screen, in the order named (the
  /// screen Esc shows now first, the next match's last). A cell there that
  /// is also in the grid, where the view ranks it never (row 38 comes too
  /// soon), is asked for with its screen.
  @Test func theScreensASearchIsLeftForGoInTheOrderNamed() {
    var search = deadlines
    let soon = search.layout.flatIndex(of: search.layout.indexPath(row: 38, column: 0)!)
    #expect(urgency(search, row: 38) == .infinity)
    search.searchExit = [5_000: 0, 5_001: 1, soon: 2]
    #expect(search.urgency(of: 5_000) == 20, "as far as a screen away")
    #expect(search.urgency(of: 5_000) < search.urgency(of: 5_001))
    #expect(search.urgency(of: 5_001) < search.urgency(of: soon))
    #expect(search.urgency(of: soon) < 21, "before the window's second screen")
    #expect(search.urgency(of: 6_000) == .infinity, "neither shown nor where Esc leads")
  }
}
