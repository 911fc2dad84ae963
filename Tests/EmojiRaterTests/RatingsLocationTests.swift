import Testing

@testable import EmojiRater

@Suite struct RatingsLocationTests {
  @Test func xdgDataHomeComesFirst() throws {
    let environment = ["XDG_DATA_HOME": "/data/me", "HOME": "/home/me"]
    #expect(
      try RatingsLocation.standard.path(environment: environment)
        == "/data/me/emoji-rater/ratings.json")
  }

  @Test(arguments: [
    ["HOME": "/home/me"], ["HOME": "/home/me", "XDG_DATA_HOME": ""],
    ["HOME": "/home/me/", "XDG_DATA_HOME": "relative/data"],
  ])
  func homeIsTheFallback(environment: [String: String]) throws {
    #expect(
      try RatingsLocation.standard.path(environment: environment)
        == "/home/me/.local/share/emoji-rater/ratings.json")
  }

  @Test func noHomeAtAllIsAnErrorThatSaysWhatToDo() {
    #expect(throws: RatingsStoreError.noDataDirectory) {
      try RatingsLocation.standard.path(environment: ["HOME": ""])
    }
    #expect(RatingsStoreError.noDataDirectory.description.contains("--ratings PATH"))
  }

  @Test func anExplicitPathOverridesAndIsMadeAbsolute() throws {
    let environment = ["XDG_DATA_HOME": "/data/me", "HOME": "/home/me"]
    func path(_ given: String) throws -> String {
      try RatingsLocation.explicit(given).path(environment: environment, currentDirectory: "/work/here")
    }
    #expect(try path("/tmp/votes.json") == "/tmp/votes.json")
    #expect(try path("votes.json") == "/work/here/votes.json")
    #expect(try path("../there/./votes.json") == "/work/there/votes.json")
    #expect(try path("~/votes.json") == "/home/me/votes.json")
  }
}
