import Testing

@testable import EmojiRater

/// The benchmark's outside view: frame figures from key and output times alone.
@Suite struct OutsideObserverTests {
  static let ms: UInt64 = 1_000_000
  static let period: UInt64 = 1_000_000_000 / 60

  /// A `sync` run at 60 Hz where each frame blocks 300 ms: the screen
  /// changes every 300 ms, so each gap is 283 ms late and 17 frames short.
  @Test func everyGapOfARunThatChangesEachFrame() {
    let observer = OutsideObserver(period: Self.period, judged: .everyGap)
    let outputs = (1...5).map { UInt64($0) * 300 * Self.ms }
    let view = observer.view(keys: [], outputs: outputs, from: 0, to: 1_500 * Self.ms)
    #expect(view.outputs == 5)
    #expect(view.dropped == 5 * 17)
    #expect(abs(view.hitchRatio - 5 * (300 - 16.667) / 1.5) < 0.01)
    #expect(view.longestGap == 300)
    #expect(view.hitchRatio < 1_000)
  }

  @Test func aRunThatWritesNothingIsOneLongGapOrNothingAtAll() {
    let everyGap = OutsideObserver(period: Self.period, judged: .everyGap)
      .view(keys: [], outputs: [], from: 0, to: 1_000 * Self.ms)
    #expect(everyGap.outputs == 0 && everyGap.longestGap == 1_000)
    #expect(abs(everyGap.hitchRatio - (1_000 - 16.667)) < 0.01, "the screen stood still a whole second")
    let afterKeys = OutsideObserver(period: Self.period, judged: .afterKeys)
      .view(keys: [], outputs: [], from: 0, to: 1_000 * Self.ms)
    #expect(afterKeys.dropped == 0 && afterKeys.hitchRatio == 0 && afterKeys.keyToScreenP50 == nil)
  }

  /// Keys answered within two periods are on time; a key answered 100 ms
  /// later has 66.7 ms of hitch, four whole frames; the key typed just
  /// after it, answered by the same output, is not counted again.
  @Test func theAnswerToEachKey() {
    let observer = OutsideObserver(period: Self.period, judged: .afterKeys)
    let keys = [100 * Self.ms, 300 * Self.ms, 310 * Self.ms]
    let outputs = [108 * Self.ms, 400 * Self.ms]
    let view = observer.view(keys: keys, outputs: outputs, from: 0, to: 1_000 * Self.ms)
    #expect(view.dropped == 4)
    #expect(abs(view.hitchRatio - (100 - 33.333)) < 0.01)
    #expect(view.keyToScreenP50 == 90)
    #expect(view.keyToScreenMax == 100)
  }

  /// Several frames in one read of the terminal are one output: the
  /// outside counts what it can see, and a merged read hides no gap.
  @Test func framesReadTogetherCountOnce() {
    let observer = OutsideObserver(period: Self.period, judged: .everyGap)
    let view = observer.view(
      keys: [], outputs: [10 * Self.ms, 50 * Self.ms], from: 10 * Self.ms, to: 50 * Self.ms)
    #expect(view.outputs == 2)
    #expect(view.dropped == 1)  // 40 ms: two periods and a bit, one frame missing.
    #expect(view.longestGap == 40)
  }

  @Test func theAppAndTheOutsideDisagreeBeyondTenPercentOrTwoFrames() {
    let observer = OutsideObserver(period: Self.period, judged: .everyGap)
    let view = observer.view(
      keys: [], outputs: (1...5).map { UInt64($0) * 300 * Self.ms }, from: 0, to: 1_500 * Self.ms)
    #expect(
      !observer.disagrees(view: view, appDropped: 86, appHitchRatio: view.hitchRatio * 1.05, seconds: 1.5))
    #expect(observer.disagrees(view: view, appDropped: 170, appHitchRatio: view.hitchRatio * 2, seconds: 1.5))
    // Judged after keys only, the outside is a floor: an app that counts more is fine.
    let keysOnly = OutsideObserver(period: Self.period, judged: .afterKeys)
    let floor = keysOnly.view(keys: [100 * Self.ms], outputs: [200 * Self.ms], from: 0, to: Self.ms * 1_000)
    #expect(!keysOnly.disagrees(view: floor, appDropped: 30, appHitchRatio: 500, seconds: 1))
    #expect(keysOnly.disagrees(view: floor, appDropped: 0, appHitchRatio: 0, seconds: 1))
  }
}
