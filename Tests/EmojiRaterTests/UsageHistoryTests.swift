import Foundation
import Support
import TestSupport
import Testing

@testable import EmojiRater

#if canImport(Glibc)
  import Glibc
#endif

/// The usage history behind "Frequently used": frecency with an injected
/// clock, what is kept, the file, and the store's durability.
@Suite struct UsageHistoryTests {
  static let start = Date(timeIntervalSince1970: 1_795_000_000)
  static let day: TimeInterval = 86_400

  func history(_ uses: [(String, TimeInterval)]) -> UsageHistory {
    var history = UsageHistory()
    for (identifier, daysAgo) in uses { history.record(identifier, at: Self.start - daysAgo * Self.day) }
    return history
  }

  @Test func recentUsesCountMoreThanOldOnes() {
    // Five uses two months ago against two this week: this week's win.
    let history = history(
      [("1f602", 60), ("1f602", 61), ("1f602", 62), ("1f602", 63), ("1f602", 64), ("1f389", 1), ("1f389", 2)])
    #expect(history.frecency(of: "1f602", at: Self.start) == 5 * 30)
    #expect(history.frecency(of: "1f389", at: Self.start) == 2 * 100)
    #expect(history.frequentlyUsed(at: Self.start) == ["1f389", "1f602"])
    // A season later both have aged: the one used more leads again.
    let later = Self.start + 120 * Self.day
    #expect(history.frequentlyUsed(at: later) == ["1f602", "1f389"])
  }

  @Test func amongEqualsTheOneUsedLastComesFirst() {
    let history = history([("1f600", 3), ("1f44d", 1), ("2764-fe0f", 2)])
    #expect(history.frequentlyUsed(at: Self.start) == ["1f44d", "2764-fe0f", "1f600"])
  }

  @Test func theWeightsStepDownWithAge() {
    let weights = [0, 3.9, 4, 13, 14, 30, 31, 89, 90, 400].map { UsageHistory.weight(ofAge: $0 * Self.day) }
    #expect(weights == [100, 100, 70, 70, 50, 50, 30, 30, 10, 10])
  }

  @Test func eachEmojiKeepsItsLastUsesAndTheLeastUsedGoFirst() {
    var history = UsageHistory()
    for use in 0..<25 { history.record("1f600", at: Self.start + Double(use)) }
    #expect(history.uses["1f600"]?.count == UsageHistory.usesKept)
    #expect(history.uses["1f600"]?.first == Self.start + 15)
    // One emoji past the limit: the one used least (once, long ago) goes.
    history.record("1f601", at: Self.start - 400 * Self.day)
    for code in 0..<(UsageHistory.emojiKept - 1) {
      history.record(String(0x1f300 + code, radix: 16), at: Self.start)
    }
    #expect(history.uses.count == UsageHistory.emojiKept)
    #expect(history.uses["1f601"] == nil)
    #expect(history.uses["1f600"] != nil)
    #expect(history.frequentlyUsed(at: Self.start).count == UsageHistory.shownLimit)
  }

  @Test func theFileReadsBackWhatWasWritten() throws {
    let history = history([("1f389", 1), ("1f389", 2), ("1f44d-1f3fd", 5)])
    let text = String(decoding: UsageHistoryFile.encode(history), as: UTF8.self)
    #expect(text.contains(#"{"emoji": "1f389", "times": ["#))
    #expect(try UsageHistoryFile.decode(Data(text.utf8)) == history)
    #expect(try UsageHistoryFile.decode(UsageHistoryFile.encode(UsageHistory())).isEmpty)
  }

  @Test(arguments: [
    ("not json", "it is not a history file (not JSON)"),
    (#"{"version": 2, "uses": []}"#, "it is version 2; this build reads 1"),
    (#"{"version": 1}"#, #"it is not a history file ("uses" is missing)"#),
    (
      #"{"version": 1, "uses": [{"emoji": "hello", "times": []}]}"#,
      #"entry 1: "emoji" is not an emoji identifier"#
    ),
    (
      #"{"version": 1, "uses": [{"emoji": "1f600", "times": ["2026-11-22T02:00:00Z"]}, {"emoji": "1f601", "times": ["yesterday"]}]}"#,
      #"entry 2: "yesterday" is not a time like 2026-11-22T02:00:00Z"#
    ),
  ])
  func aBadFileSaysWhatIsWrong(text: String, reason: String) {
    #expect(throws: UsageHistoryFileError(reason: reason)) { try UsageHistoryFile.decode(Data(text.utf8)) }
  }

  @Test func theFileSitsBesideTheRatings() {
    #expect(UsageHistoryFile.path(besideRatings: "/a/ratings.json") == "/a/ratings.history.json")
    #expect(UsageHistoryFile.path(besideRatings: "/a/votes") == "/a/votes.history.json")
  }

  // MARK: The store

  /// A clock a test moves by hand.
  final class TestClock: Sendable {
    private let time = Locked(UsageHistoryTests.start)
    var now: Date { time.withLock { $0 } }
    func advance(days: Double) { time.withLock { $0 += days * UsageHistoryTests.day } }
  }

  @Test func eachUseIsOnDiskAndTheNextRunReadsIt() throws {
    let home = try DataHome()
    let path = home.path + "/ratings.history.json"
    let clock = TestClock()
    let store = UsageHistoryStore.open(path: path, writable: true, now: { clock.now })
    store.record("1f602")
    clock.advance(days: 1)
    store.record("1f389")
    try store.flush()
    let again = UsageHistoryStore.open(path: path, writable: true, now: { clock.now })
    #expect(again.notice == nil)
    #expect(again.frequentlyUsed == ["1f389", "1f602"])
    again.forget()
    try again.flush()
    #expect(UsageHistoryStore.open(path: path, writable: true).frequentlyUsed.isEmpty)
  }

  @Test func aFileThatIsNoHistoryIsKeptAsideNeverWrittenOver() throws {
    let home = try DataHome()
    let path = home.path + "/ratings.history.json"
    try "{ half a file".write(toFile: path, atomically: false, encoding: .utf8)
    let store = UsageHistoryStore.open(path: path, writable: true)
    let notice = try #require(store.notice)
    #expect(
      notice.hasPrefix("ratings.history.json was unreadable (it is not a history file (not JSON)); kept as "))
    let kept = try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
      $0.contains(".corrupt-")
    }
    #expect(kept.count == 1)
    #expect(try String(contentsOfFile: home.path + "/" + kept[0], encoding: .utf8) == "{ half a file")
    store.record("1f600")
    try store.flush()
    #expect(UsageHistoryStore.open(path: path, writable: true).frequentlyUsed == ["1f600"])
  }

  @Test func aCopyThatMayNotWriteReadsButNeverWrites() throws {
    let home = try DataHome()
    let path = home.path + "/ratings.history.json"
    let owner = UsageHistoryStore.open(path: path, writable: true)
    owner.record("1f600")
    try owner.flush()
    let reader = UsageHistoryStore.open(path: path, writable: false)
    #expect(reader.frequentlyUsed == ["1f600"])
    reader.record("1f601")
    reader.forget()
    try reader.flush()
    #expect(UsageHistoryStore.open(path: path, writable: true).frequentlyUsed == ["1f600"])
    // Nor does it move a bad file aside: that is the owner's to do.
    try "garbage".write(toFile: path, atomically: false, encoding: .utf8)
    #expect(UsageHistoryStore.open(path: path, writable: false).notice?.contains("starts empty") == true)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "garbage")
  }
}
