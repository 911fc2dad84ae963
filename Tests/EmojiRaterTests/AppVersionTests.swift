import Foundation
import Testing

@testable import EmojiRater

/// `--version`: the release and the commit the binary was built from. Built
/// by `make`, which names the commit in EMOJI_RATER_COMMIT to the build and
/// to this test alike, it is that commit; a plain `swift build` says
/// "unknown". (`make test-deb` checks the installed package's.)
@Suite struct AppVersionTests {
  @Test func namesTheReleaseAndTheCommit() {
    #expect(AppVersion.current == "\(AppVersion.number) (commit \(AppVersion.commit))")
    #expect(AppVersion.number.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil, "\(AppVersion.number)")
    #expect(
      AppVersion.commit == "unknown" || AppVersion.commit.wholeMatch(of: /[0-9a-f]{7,}(-dirty)?/) != nil,
      "\(AppVersion.commit)")
  }

  @Test func isTheCommitMakeNamed() {
    let named = ProcessInfo.processInfo.environment["EMOJI_RATER_COMMIT"] ?? ""
    #expect(AppVersion.commit == (named.isEmpty ? "unknown" : named))
  }
}
