import EmojiModel
import Foundation
import Loading
import Support
import TestSupport
import Testing

@testable import EmojiRater

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct RatingsStoreTests {
  @Test func votesAndTimesSurviveAReopen() throws {
    try withRatingsDirectory { directory in
      let path = directory + "/ratings.json"
      let store = try RatingsStore.open(.explicit(path), environment: [:])
      #expect(store.access == .readWrite)
      #expect(store.notices.isEmpty)
      #expect(store.set(.up, for: "1f600", at: ratingsNoon))
      #expect(store.set(.down, for: "1f469-200d-1f4bb", at: ratingsNoon + 90))
      #expect(store.set(.down, for: "1f44b", at: ratingsNoon))
      #expect(store.clear("1f44b"))
      store.set(.up, for: "2764-fe0f")  // now, with its fraction of a second
      let expected = store.ratings
      try store.close()

      let reopened = try RatingsStore.open(.explicit(path), environment: [:])
      #expect(reopened.ratings == expected)
      #expect(reopened.rating(for: "1f469-200d-1f4bb") == Rating(vote: .down, time: ratingsNoon + 90))
      #expect((reopened.ratings.count(of: .up), reopened.ratings.count(of: .down)) == (2, 1))
      try reopened.close()
    }
  }

  @Test func aVoteReachesTheDiskWithoutAFlush() async throws {
    try await withRatingsDirectoryAsync { directory in
      let path = directory + "/ratings.json"
      let store = try RatingsStore.open(.explicit(path), environment: [:])
      store.set(.up, for: "1f600", at: ratingsNoon)
      // What a SIGKILL after the vote would leave: the file as it is. The
      // save is started at once (no debounce); the generous wait is for a
      // loaded machine's fsync, not a speed claim.
      let deadline = ContinuousClock.now + .seconds(10)
      let read = {
        (try? Data(contentsOf: URL(fileURLWithPath: path))).flatMap { try? RatingsFile.decode($0) }
      }
      var onDisk = read()
      // Read again after every sleep, the last one too: a test runner busy
      // with other tests may wake this one late.
      while onDisk?["1f600"] == nil, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(5))
        onDisk = read()
      }
      #expect(onDisk?["1f600"] == Rating(vote: .up, time: ratingsNoon))
      try store.close()
    }
  }

  @Test func aCrashBetweenWriteAndRenameLeavesTheOldFileWhole() throws {
    try withRatingsDirectory { directory in
      let path = directory + "/ratings.json"
      let crash = Locked(false)
      let newContents = Locked<Data?>(nil)
      var writer = AtomicFileWriter()
      writer.beforeRename = { temporary in
        guard crash.withLock({ $0 }) else { return }
        newContents.withLock { $0 = FileManager.default.contents(atPath: temporary) }
        throw SimulatedCrash()
      }
      let store = try RatingsStore.open(.explicit(path), environment: [:], writer: writer, now: Date.init)
      store.set(.up, for: "1f600", at: ratingsNoon)
      try store.flush()
      let old = try Data(contentsOf: URL(fileURLWithPath: path))

      crash.withLock { $0 = true }
      store.set(.down, for: "1f600", at: ratingsNoon + 1)
      #expect(throws: RatingsStoreError.self) { try store.flush() }
      #expect(store.lastSaveError?.description.contains("simulated crash") == true)
      // The new snapshot was complete in the temporary file, and did not replace the old one.
      #expect(try RatingsFile.decode(#require(newContents.withLock { $0 }))["1f600"]?.vote == .down)
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == old)
      #expect(try RatingsFile.decode(old)["1f600"]?.vote == .up)

      // A real crash would leave its temporary file behind: it must not matter.
      #expect(throws: RatingsStoreError.self) { try store.close() }
      try Data("half a snapsh".utf8).write(to: URL(fileURLWithPath: path + ".tmp"))
      let reopened = try RatingsStore.open(.explicit(path), environment: [:])
      #expect(reopened.rating(for: "1f600") == Rating(vote: .up, time: ratingsNoon))
      #expect(reopened.notices.isEmpty)
      reopened.set(.down, for: "1f600", at: ratingsNoon + 2)
      try reopened.close()
      #expect(try RatingsFile.decode(Data(contentsOf: URL(fileURLWithPath: path)))["1f600"]?.vote == .down)
    }
  }

  @Test func aFailedSaveIsRetriedByTheNextFlush() throws {
    try withRatingsDirectory { directory in
      let path = directory + "/ratings.json"
      // Two failures: the save the vote schedules, then the flush's own attempt.
      let failures = Locked(2)
      var writer = AtomicFileWriter()
      writer.beforeRename = { _ in
        let fail = failures.withLock { count in
          count -= 1
          return count >= 0
        }
        if fail { throw SimulatedCrash() }
      }
      let store = try RatingsStore.open(.explicit(path), environment: [:], writer: writer, now: Date.init)
      store.set(.up, for: "1f600", at: ratingsNoon)
      #expect(throws: RatingsStoreError.self) { try store.flush() }
      try store.flush()
      #expect(store.lastSaveError == nil)
      #expect(try RatingsFile.decode(Data(contentsOf: URL(fileURLWithPath: path)))["1f600"]?.vote == .up)
      try store.close()
    }
  }

  /// A watcher hears once that votes stopped being saved, not at every
  /// retry, and once that they are saved again.
  @Test func aWatcherHearsWhenSavingFailsAndWhenItWorksAgain() throws {
    try withRatingsDirectory { directory in
      let failing = Locked(true)
      var writer = AtomicFileWriter()
      writer.beforeRename = { _ in
        if failing.withLock({ $0 }) { throw SimulatedCrash() }
      }
      let store = try RatingsStore.open(
        .explicit(directory + "/ratings.json"), environment: [:], writer: writer, now: Date.init)
      let heard = Locked<[RatingsStoreError?]>([])
      store.watchSaveProblems { problem in heard.withLock { $0.append(problem) } }
      store.set(.up, for: "1f600", at: ratingsNoon)
      #expect(throws: RatingsStoreError.self) { try store.flush() }
      #expect(throws: RatingsStoreError.self) { try store.flush() }
      #expect(heard.withLock { $0.count } == 1, "told once, not at each failed attempt")
      #expect(heard.withLock { $0.first } != nil)
      failing.withLock { $0 = false }
      try store.flush()
      #expect(heard.withLock { $0.count } == 2)
      #expect(heard.withLock { $0.last } == .some(nil), "told the votes are safe again")
      try store.close()
    }
  }

  @Test func anUnparsableFileIsKeptAsideByteForByteAndTheStoreStartsEmpty() throws {
    try withRatingsDirectory { directory in
      let path = directory + "/ratings.json"
      let garbage = Data([0x7B, 0x22, 0xFF, 0x00, 0xC3]) + Data("not json at all\n".utf8)
      try garbage.write(to: URL(fileURLWithPath: path))
      let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_795_222_799.5) }
      let store = try RatingsStore.open(.explicit(path), environment: [:], writer: .init(), now: clock)

      #expect(store.ratings.isEmpty)
      #expect(store.access == .readWrite)
      let keptAs = "ratings.json.corrupt-20261121T005959Z"
      guard case .keptUnreadableFile("ratings.json", keptAs, .notJSON) = store.notices.first else {
        Issue.record("notices: \(store.notices)")
        return
      }
      #expect(
        store.notice?.hasPrefix("ratings.json could not be read; kept it as \(keptAs) and started") == true)
      #expect(FileManager.default.contents(atPath: directory + "/" + keptAs) == garbage)
      #expect(!FileManager.default.fileExists(atPath: path))

      // Votes go to a fresh file; a second bad file in the same second gets a name of its own.
      store.set(.up, for: "1f600", at: ratingsNoon)
      try store.close()
      try Data("{\"version\": 1}".utf8).write(to: URL(fileURLWithPath: path))
      let again = try RatingsStore.open(.explicit(path), environment: [:], writer: .init(), now: clock)
      #expect(
        again.notices.first
          == .keptUnreadableFile(
            file: "ratings.json", keptAs: keptAs + "-2", problem: .badDocument("\"ratings\" is missing")))
      #expect(FileManager.default.contents(atPath: directory + "/" + keptAs) == garbage)
      try again.close()
    }
  }

  /// A store dropped without `close` after a failed save (its retry holds it
  /// only weakly) tries once more and frees the file for the next copy.
  @Test func aStoreDroppedAfterAFailedSaveSavesAndUnlocks() throws {
    try withRatingsDirectory { directory in
      let path = directory + "/ratings.json"
      let failures = Locked(2)  // The vote's own save, and the flush's.
      var writer = AtomicFileWriter()
      writer.beforeRename = { _ in
        if failures.withLock({ count in
          count -= 1
          return count >= 0
        }) {
          throw SimulatedCrash()
        }
      }
      var store: RatingsStore? = try RatingsStore.open(
        .explicit(path), environment: [:], writer: writer, now: Date.init)
      store?.set(.up, for: "1f600", at: ratingsNoon)
      #expect(throws: RatingsStoreError.self) { try store?.flush() }
      store = nil

      let next = try RatingsStore.open(.explicit(path), environment: [:])
      #expect(next.access == .readWrite)
      #expect(next.rating(for: "1f600")?.vote == .up)
      try next.close()
    }
  }

  @Test func aSecondStoreOnTheSameFileIsReadOnlyUntilTheFirstCloses() throws {
    try withRatingsDirectory { directory in
      let path = directory + "/ratings.json"
      let first = try RatingsStore.open(.explicit(path), environment: [:])
      first.set(.up, for: "1f600", at: ratingsNoon)
      try first.flush()

      let second = try RatingsStore.open(.explicit(path), environment: [:])
      #expect(second.access == .readOnly)
      #expect(second.notices == [.readOnly(file: "ratings.json")])
      #expect(second.notice == "another emoji-rater is using ratings.json: ratings are read-only here")
      #expect(second.rating(for: "1f600") == Rating(vote: .up, time: ratingsNoon))
      #expect(!second.acceptsVotes)
      #expect(!second.set(.down, for: "1f600"))
      #expect(!second.clear("1f600"))
      #expect(second.rating(for: "1f600")?.vote == .up)
      try second.close()

      first.set(.down, for: "1f44b", at: ratingsNoon)
      try first.close()
      #expect(!first.set(.up, for: "1f44b"))

      let third = try RatingsStore.open(.explicit(path), environment: [:])
      #expect(third.access == .readWrite)
      #expect(third.ratings.count == 2)
      try third.close()
    }
  }

  @Test func aReadOnlyStoreLeavesAnUnparsableFileToItsOwner() throws {
    try withRatingsDirectory { directory in
      let path = directory + "/ratings.json"
      let first = try RatingsStore.open(.explicit(path), environment: [:])
      try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
      let second = try RatingsStore.open(.explicit(path), environment: [:])
      #expect(second.access == .readOnly)
      #expect(second.notices.count == 2)
      #expect(second.notices.last?.description.hasPrefix("ratings.json could not be read (not valid") == true)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
          "ratings.json", "ratings.json.lock",
        ])
      try second.close()
      try first.close()
    }
  }

  @Test func votesSurviveACatalogThatInsertsAnEmoji() throws {
    try withRatingsDirectory { directory in
      let path = directory + "/ratings.json"
      let before = try EmojiTestParser.parse(EmojiTestParserTests.sample, source: "before")
      let waving = try #require(before.first { $0.name == "waving hand" })
      let store = try RatingsStore.open(.explicit(path), environment: [:])
      store.set(.down, for: waving.identifier, at: ratingsNoon)
      try store.close()

      let extra = "1F603 ; fully-qualified # 😃 E0.6 grinning face with big eyes\n"
      let text = EmojiTestParserTests.sample.replacingOccurrences(of: "1F600 ", with: extra + "1F600 ")
      let after = EmojiCatalog(
        entries: try EmojiTestParser.parse(text, source: "after"), includeSkinTones: false, source: "after")
      let reopened = try RatingsStore.open(.explicit(path), environment: [:])
      #expect(after.emoji(atFlatIndex: 3).identifier == waving.identifier)
      #expect(reopened.ratings[after.emoji(atFlatIndex: 3)] == Rating(vote: .down, time: ratingsNoon))
      #expect(reopened.ratings[after.emoji(atFlatIndex: 2)] == nil)
      try reopened.close()
    }
  }

  @Test func theStandardLocationFollowsXDGThenHomeCreatingItsDirectories() throws {
    try withRatingsDirectory { directory in
      let xdg = try RatingsStore.open(
        .standard, environment: ["XDG_DATA_HOME": directory + "/xdg/data", "HOME": directory + "/home"])
      #expect(xdg.path == directory + "/xdg/data/emoji-rater/ratings.json")
      xdg.set(.up, for: "1f600", at: ratingsNoon)
      try xdg.close()
      #expect(FileManager.default.fileExists(atPath: directory + "/xdg/data/emoji-rater/ratings.json"))

      let home = try RatingsStore.open(.standard, environment: ["HOME": directory + "/home"])
      #expect(home.path == directory + "/home/.local/share/emoji-rater/ratings.json")
      #expect(home.ratings.isEmpty)
      try home.close()
      #expect(FileManager.default.fileExists(atPath: directory + "/home/.local/share/emoji-rater"))
    }
  }

  @Test func aStandardLocationThatCannotBeCreatedIsAClearErrorAtOpen() throws {
    try withRatingsDirectory { directory in
      let file = directory + "/a-file"
      try Data().write(to: URL(fileURLWithPath: file))
      #expect(
        throws: RatingsStoreError.cannotCreateDirectory(
          directory: file + "/emoji-rater", reason: "Not a directory")
      ) {
        try RatingsStore.open(.standard, environment: ["XDG_DATA_HOME": file])
      }
    }
  }

  @Test func anExplicitPathInAMissingDirectoryIsAClearErrorAtOpen() throws {
    try withRatingsDirectory { directory in
      let path = directory + "/nowhere/ratings.json"
      #expect {
        try RatingsStore.open(.explicit(path), environment: [:])
      } throws: { error in
        let expected = RatingsStoreError.directoryMissing(
          directory: directory + "/nowhere", reason: "the directory does not exist")
        return error as? RatingsStoreError == expected
          && expected.description == "cannot keep ratings in \(directory)/nowhere: "
            + "the directory does not exist; create it, or pass another --ratings PATH"
      }
      #expect(!FileManager.default.fileExists(atPath: directory + "/nowhere"))
    }
  }

  @Test func anExplicitPathInAReadOnlyDirectoryIsAClearErrorAtOpen() throws {
    try withRatingsDirectory { directory in
      let readOnly = directory + "/read-only"
      try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: false)
      guard makeReadOnly(readOnly) else {
        // Root without a working chattr: nothing here can make a directory read-only.
        withKnownIssue { Issue.record("could not make \(readOnly) read-only; not tested") }
        return
      }
      defer { makeWritable(readOnly) }
      #expect {
        try RatingsStore.open(.explicit(readOnly + "/ratings.json"), environment: [:])
      } throws: { error in
        guard case .directoryNotWritable(readOnly, _)? = error as? RatingsStoreError else { return false }
        let text = "\(error)"
        return text.hasPrefix("cannot save ratings in \(readOnly): ")
          && text.hasSuffix("; make it writable, or pass another --ratings PATH")
      }
    }
  }

  @Test func aFileFromANewerVersionIsRefusedAndLeftUntouched() throws {
    try withRatingsDirectory { directory in
      let path = directory + "/ratings.json"
      let future = Data(#"{"version": 2, "ratings": {"1f600": ["up", "sometime"]}}"#.utf8)
      try future.write(to: URL(fileURLWithPath: path))
      #expect(throws: RatingsStoreError.newerFileVersion(path: path, version: 2)) {
        try RatingsStore.open(.explicit(path), environment: [:])
      }
      #expect(
        RatingsStoreError.newerFileVersion(path: path, version: 2).description.contains(
          "newer than this emoji-rater reads (1); left it untouched. Update emoji-rater"))
      #expect(FileManager.default.contents(atPath: path) == future)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
          "ratings.json", "ratings.json.lock",
        ])
      // The refusal let go of the lock.
      try Data(#"{"version": 1, "ratings": []}"#.utf8).write(to: URL(fileURLWithPath: path))
      #expect(try RatingsStore.open(.explicit(path), environment: [:]).access == .readWrite)
    }
  }

  /// A store at `path` whose writer counts the files it puts in place.
  func storeCountingWrites(at path: String) throws -> (RatingsStore, Locked<Int>) {
    let writes = Locked(0)
    var writer = AtomicFileWriter()
    writer.beforeRename = { _ in writes.withLock { $0 += 1 } }
    return (try RatingsStore.open(.explicit(path), environment: [:], writer: writer, now: Date.init), writes)
  }

  @Test func changesMadeBeforeTheWriterRunsAreWrittenOnceAsTheLatestSnapshot() throws {
    try withRatingsDirectory { directory in
      let path = directory + "/ratings.json"
      let (store, writes) = try storeCountingWrites(at: path)
      store.queue.suspend()  // The writer is busy: every change below arrives before it runs.
      for second in 0..<200 {
        store.set(second.isMultiple(of: 2) ? .up : .down, for: "1f600", at: ratingsNoon + Double(second))
        store.set(.up, for: String(0x1F400 + second, radix: 16), at: ratingsNoon)
      }
      store.clear("1f400")
      store.queue.resume()
      try store.flush()
      #expect(writes.withLock { $0 } == 1)
      let onDisk = try RatingsFile.decode(Data(contentsOf: URL(fileURLWithPath: path)))
      #expect(onDisk == store.ratings)
      #expect(onDisk["1f600"] == Rating(vote: .down, time: ratingsNoon + 199))
      #expect(onDisk.count == 200)
      try store.flush()
      try store.close()
      #expect(writes.withLock { $0 } == 1)
    }
  }

  @Test func manyQuickChangesEndWithTheFinalStateOnDisk() throws {
    try withRatingsDirectory { directory in
      let path = directory + "/ratings.json"
      let (store, writes) = try storeCountingWrites(at: path)
      for second in 0..<1000 {
        store.set(second.isMultiple(of: 2) ? .up : .down, for: "1f600", at: ratingsNoon + Double(second))
      }
      try store.flush()
      #expect(writes.withLock { $0 } <= 1000)
      #expect(
        try RatingsFile.decode(Data(contentsOf: URL(fileURLWithPath: path)))["1f600"]
          == Rating(vote: .down, time: ratingsNoon + 999))
      try store.close()
    }
  }

  @Test func aDisabledStoreKeepsVotesInMemoryOnly() throws {
    try withRatingsDirectory { directory in
      let store = RatingsStore.disabled(reason: "--items")
      #expect(store.access == .disabled)
      #expect(store.path == nil)
      #expect(store.notice == "votes are not saved (--items)")
      #expect(store.set(.up, for: "1f600", at: ratingsNoon))
      #expect(store.rating(for: "1f600") == Rating(vote: .up, time: ratingsNoon))
      try store.flush()
      try store.close()
      #expect(!store.set(.down, for: "1f600"))
      // Nothing was written where a store would write, nor in the working directory.
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
      #expect(!FileManager.default.fileExists(atPath: "ratings.json"))
    }
  }

  @Test func savingReplacesTheFileASymbolicLinkPointsTo() throws {
    try withRatingsDirectory { directory in
      let real = directory + "/dotfiles/ratings.json"
      try FileManager.default.createDirectory(
        atPath: directory + "/dotfiles", withIntermediateDirectories: false)
      try Data(#"{"version": 1, "ratings": []}"#.utf8).write(to: URL(fileURLWithPath: real))
      let link = directory + "/ratings.json"
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
      let store = try RatingsStore.open(.explicit(link), environment: [:])
      store.set(.up, for: "1f600", at: ratingsNoon)
      try store.close()
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
      #expect(try RatingsFile.decode(Data(contentsOf: URL(fileURLWithPath: real)))["1f600"]?.vote == .up)
    }
  }
}

private struct SimulatedCrash: Error, CustomStringConvertible {
  var description: String { "simulated crash" }
}

/// Runs `body` with a fresh directory of its own, removed afterwards.
func withRatingsDirectory<Result>(_ body: (String) throws -> Result) throws -> Result {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("ratings-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: url) }
  return try body(url.path)
}

private func withRatingsDirectoryAsync<Result>(
  _ body: (String) async throws -> Result
) async throws -> Result {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("ratings-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: url) }
  return try await body(url.path)
}

/// Takes away write permission; root ignores permissions, so it also marks
/// the directory immutable. Returns whether files can no longer be created.
private func makeReadOnly(_ directory: String) -> Bool {
  chmod(directory, 0o555)
  if canCreateFiles(in: directory) {
    _ = try? Subprocess.run(["chattr", "+i", directory])
  }
  return !canCreateFiles(in: directory)
}

private func makeWritable(_ directory: String) {
  _ = try? Subprocess.run(["chattr", "-i", directory])
  chmod(directory, 0o755)
}

private func canCreateFiles(in directory: String) -> Bool {
  let probe = directory + "/probe"
  let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o644)
  guard descriptor >= 0 else { return false }
  close(descriptor)
  unlink(probe)
  return true
}
