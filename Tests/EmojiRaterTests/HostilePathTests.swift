import Foundation
import Support
import Testing

@testable import EmojiModel
@testable import EmojiRater

#if canImport(Glibc)
  import Glibc
#endif

/// Paths an attacker or an accident can turn: devices, FIFOs, folders,
/// links to other people's files, links planted where a temporary file goes.
/// Every node and link is made in the test's own temporary folder.
@Suite struct HostilePathTests {
  static let isRoot = geteuid() == 0

  /// A character device like /dev/full (1, 7), made here (only root may).
  static func makeDevice(_ path: String) -> Bool {
    mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0
  }

  static func kind(_ path: String) -> mode_t {
    var info = stat()
    lstat(path, &info)
    return info.st_mode & S_IFMT
  }

  @Test(.enabled(if: isRoot)) func aDeviceAsTheRatingsFileIsRefusedAndLeftADevice() throws {
    try withRatingsDirectory { folder in
      let device = folder + "/full"
      try #require(Self.makeDevice(device))
      #expect {
        try RatingsStore.open(.explicit(device))
      } throws: { error in
        (error as? RatingsStoreError).map { "\($0)".contains("it is a character device, not a file") } == true
      }
      #expect(Self.kind(device) == S_IFCHR)
      #expect(!FileManager.default.fileExists(atPath: device + ".corrupt"))
    }
  }

  @Test(.enabled(if: isRoot)) func aDeviceAsTheStatisticsFileIsRefusedAtStart() throws {
    try withRatingsDirectory { folder in
      let device = folder + "/full"
      try #require(Self.makeDevice(device))
      #expect(throws: StatsPathError(path: device, reason: "it is a character device, not a file")) {
        try StatsReport.checkWritable(device)
      }
      #expect(Self.kind(device) == S_IFCHR)
    }
  }

  @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
    try withRatingsDirectory { folder in
      let fifo = folder + "/ratings.json"
      try #require(mkfifo(fifo, 0o600) == 0)
      #expect(throws: RatingsStoreError.notAFile(path: fifo, reason: "it is a FIFO (named pipe), not a file"))
      {
        try RatingsStore.open(.explicit(fifo))
      }
      // export and stats read without a lock: they must not hang either.
      #expect(
        throws: RatingsReadError.location(
          .cannotRead(path: fifo, reason: "it is a FIFO (named pipe), not a file"))
      ) {
        try RatingsReader.read(.explicit(fifo))
      }
      let session = folder + "/ratings.session.json"
      try #require(mkfifo(session, 0o600) == 0)
      #expect(SessionMemory.read(from: session) == nil)
      #expect(throws: StatsPathError(path: fifo, reason: "it is a FIFO (named pipe), not a file")) {
        try StatsReport.checkWritable(fifo)
      }
      // Nor does the usage history wait on one, nor write over it.
      let history = folder + "/ratings.history.json"
      try #require(mkfifo(history, 0o600) == 0)
      let usage = UsageHistoryStore.open(path: history, writable: true)
      let notice = usage.notice ?? ""
      #expect(notice.contains("it is a FIFO (named pipe), not a file"), "\(notice)")
      #expect(!usage.isWritable)
      #expect([fifo, session, history].allSatisfy { Self.kind($0) == S_IFIFO })
    }
  }

  @Test func aFolderIsRefused() throws {
    try withRatingsDirectory { folder in
      _ = #expect(throws: RatingsStoreError.notAFile(path: folder, reason: "it is a folder, not a file")) {
        try RatingsStore.open(.explicit(folder))
      }
    }
  }

  @Test(.enabled(if: isRoot)) func aLinkToAnotherUsersFileIsRefusedAndTheFileUntouched() throws {
    try withRatingsDirectory { folder in
      let victim = folder + "/someone-elses.txt"
      try "their notes\n".write(toFile: victim, atomically: false, encoding: .utf8)
      try #require(chown(victim, 65_534, 65_534) == 0)
      let link = folder + "/ratings.json"
      try #require(symlink(victim, link) == 0)
      #expect(
        throws: RatingsStoreError.notAFile(
          path: link, reason: "it is a symbolic link to \(victim), a file of another user's")
      ) {
        try RatingsStore.open(.explicit(link))
      }
      #expect(try String(contentsOfFile: victim, encoding: .utf8) == "their notes\n")
      #expect(Self.kind(link) == S_IFLNK)
    }
  }

  @Test func aLinkToOnesOwnRatingsFileIsWrittenThrough() throws {
    try withRatingsDirectory { folder in
      let real = folder + "/real.json"
      let link = folder + "/ratings.json"
      try #"{"version": 1, "ratings": []}"#.write(toFile: real, atomically: false, encoding: .utf8)
      try #require(symlink(real, link) == 0)
      let store = try RatingsStore.open(.explicit(link))
      store.set(.up, for: "1f600")
      try store.close()
      #expect(Self.kind(link) == S_IFLNK, "the link is still a link")
      #expect(try String(contentsOfFile: real, encoding: .utf8).contains("1f600"))
    }
  }

  /// Another user plants `ratings.json.tmp` as a link to a file of ours:
  /// saving must neither empty nor change that file.
  @Test func aLinkPlantedAsTheTemporaryFileIsNotFollowed() throws {
    try withRatingsDirectory { folder in
      let ratings = folder + "/ratings.json"
      let victim = folder + "/precious.txt"
      try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
      let store = try RatingsStore.open(.explicit(ratings))
      try #require(symlink(victim, AtomicFileWriter.temporaryPath(for: ratings)) == 0)
      store.set(.down, for: "1f642")
      try store.close()
      #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
      #expect(try String(contentsOfFile: ratings, encoding: .utf8).contains("1f642"))
    }
  }

  @Test func aSaveKeepsTheFilesPermissions() throws {
    try withRatingsDirectory { folder in
      let ratings = folder + "/ratings.json"
      try #"{"version": 1, "ratings": []}"#.write(toFile: ratings, atomically: false, encoding: .utf8)
      try #require(chmod(ratings, 0o600) == 0)
      let store = try RatingsStore.open(.explicit(ratings))
      store.set(.up, for: "1f600")
      try store.close()
      #expect(FileTarget.mode(of: ratings) == 0o600)
    }
  }

  @Test func anOversizedDataFileIsRefusedBeforeItIsRead() throws {
    try withRatingsDirectory { folder in
      let big = folder + "/emoji-test.txt"
      try #require(FileManager.default.createFile(atPath: big, contents: nil))
      try #require(truncate(big, off_t(EmojiCatalog.maximumDataFileSize + 1)) == 0)
      #expect {
        try EmojiCatalog.load(path: big, includeSkinTones: false)
      } throws: { error in
        "\(error)".contains("more than the \(EmojiCatalog.maximumDataFileSize) such a file can be")
      }
    }
  }

  /// Deleting the lock file while a copy runs lets a second copy write to
  /// the same file: each save merges the other's, so no vote is lost and a
  /// vote cleared after it was cast stays cleared.
  @Test func twoCopiesLetInByADeletedLockFileLoseNoVote() throws {
    try withRatingsDirectory { folder in
      let path = folder + "/ratings.json"
      let first = try RatingsStore.open(.explicit(path))
      #expect(first.access == .readWrite)
      unlink(path + ".lock")
      let second = try RatingsStore.open(.explicit(path))
      #expect(second.access == .readWrite, "the deleted lock let a second writer in")
      let start = Date(timeIntervalSince1970: 1_700_000_000)  // Before the clears below.
      first.set(.up, for: "1f600", at: start)
      try first.flush()
      second.set(.down, for: "1f642", at: start + 1)
      try second.flush()
      first.set(.up, for: "1f436", at: start + 2)
      try first.flush()
      second.clear("1f642")
      second.set(.down, for: "1f600", at: start + 3)  // Newer than the first copy's vote: it wins.
      try second.close()
      try first.close()
      let saved = try RatingsReader.read(.explicit(path))
      #expect(saved["1f600"]?.vote == .down)
      #expect(saved["1f436"]?.vote == .up)
      #expect(saved["1f642"] == nil, "cleared after it was cast")
      #expect(saved.count == 2)
    }
  }
}
