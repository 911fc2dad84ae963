import Foundation
import Testing

@testable import EmojiRater

/// The reader behind `export` and `stats` must leave the disk exactly as it
/// found it: every test compares the directory's files before and after.
@Suite struct RatingsReaderTests {
  @Test func readsWhatTheStoreSaves() throws {
    try withRatingsDirectory { directory throws in
      let path = directory + "/ratings.json"
      var ratings = Ratings()
      ratings.set(.up, for: "1f600", at: ratingsNoon)
      ratings.set(.down, for: "1f44b-1f3fb", at: ratingsNoon + 60)
      try RatingsFile.encode(ratings).write(to: URL(fileURLWithPath: path))
      let before = try snapshot(directory)

      #expect(try RatingsReader.read(.explicit(path), environment: [:]) == ratings)
      #expect(try snapshot(directory) == before)
    }
  }

  @Test func aMissingFileIsNoRatingsYetAndCreatesNothing() throws {
    try withRatingsDirectory { directory throws in
      #expect(try RatingsReader.read(.explicit(directory + "/ratings.json"), environment: [:]).isEmpty)
      // The standard location's directory need not exist either: nothing was ever saved.
      let environment = ["XDG_DATA_HOME": directory + "/data", "HOME": directory]
      #expect(try RatingsReader.read(.standard, environment: environment).isEmpty)
      #expect(try snapshot(directory).isEmpty)
    }
  }

  @Test func aMissingDirectoryForAnExplicitPathIsAnErrorAndIsNotCreated() throws {
    try withRatingsDirectory { directory throws in
      let path = directory + "/typo/ratings.json"
      let error = #expect(throws: RatingsReadError.self) {
        try RatingsReader.read(.explicit(path), environment: [:])
      }
      #expect(
        error
          == .location(
            .directoryMissing(directory: directory + "/typo", reason: "the directory does not exist")))
      #expect(error?.description.contains(directory + "/typo") == true)
      #expect(error?.description.contains("--ratings PATH") == true)
      #expect(try snapshot(directory).isEmpty)
    }
  }

  @Test(arguments: [
    "{\"version\": 1, \"ratings\": [", "not json at all",
    "{\"version\": 1, \"ratings\": [{\"emoji\": \"1f600\"}]}",
    "",
  ])
  func aCorruptFileIsAnErrorAndIsLeftExactlyAsItWas(contents: String) throws {
    try withRatingsDirectory { directory throws in
      let path = directory + "/ratings.json"
      try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
      let before = try snapshot(directory)

      let error = #expect(throws: RatingsReadError.self) {
        try RatingsReader.read(.explicit(path), environment: [:])
      }
      guard case .unreadableFile(let reported, _) = error else {
        Issue.record("expected unreadableFile, got \(String(describing: error))")
        return
      }
      #expect(reported == path)
      #expect(error?.description.contains("left it untouched") == true)
      // Same bytes, and no lock file, no `.corrupt-…` copy, nothing else.
      #expect(try snapshot(directory) == before)
    }
  }

  @Test func aNewerFileSaysToUpdateAndIsLeftAlone() throws {
    try withRatingsDirectory { directory throws in
      let path = directory + "/ratings.json"
      try Data("{\"version\": 2, \"ratings\": []}".utf8).write(to: URL(fileURLWithPath: path))
      let before = try snapshot(directory)
      let error = #expect(throws: RatingsReadError.self) {
        try RatingsReader.read(.explicit(path), environment: [:])
      }
      #expect(error == .unreadableFile(path: path, problem: .unsupportedVersion(2)))
      #expect(error?.description.contains("Update emoji-rater") == true)
      #expect(try snapshot(directory) == before)
    }
  }

  @Test func aDirectoryWhereTheFileShouldBeIsAnError() throws {
    try withRatingsDirectory { directory throws in
      let path = directory + "/ratings.json"
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      let error = #expect(throws: RatingsReadError.self) {
        try RatingsReader.read(.explicit(path), environment: [:])
      }
      guard case .location(.cannotRead(let reported, _)) = error else {
        Issue.record("expected cannotRead, got \(String(describing: error))")
        return
      }
      #expect(reported == path)
    }
  }

  @Test func noDataDirectoryAtAllIsAnError() {
    #expect(throws: RatingsReadError.location(.noDataDirectory)) {
      try RatingsReader.read(.standard, environment: [:])
    }
  }
}

/// Every file under `directory` with its bytes (nil for a directory).
private func snapshot(_ directory: String) throws -> [String: Data?] {
  let manager = FileManager.default
  var files: [String: Data?] = [:]
  for name in try manager.subpathsOfDirectory(atPath: directory) {
    files[name] = manager.contents(atPath: directory + "/" + name)
  }
  return files
}
