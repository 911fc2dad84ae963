import EmojiModel
import Foundation
import Support

/// What the app remembers between runs, beside the ratings file: the selected
/// emoji (by code points, like the votes) and the filter. Not the loading
/// mode: a run that ended in `sync` (the slow "before", at one cell a
/// frame) would start the next one crawling with no word why; every start
/// is `prefetch` unless `--mode` says otherwise.
/// Written once, atomically, when the app quits; a file that cannot be read
/// is simply not used (it is only a convenience, unlike the votes).
public struct SessionMemory: Codable, Equatable, Sendable {
  public var selection: String?
  public var filter: VoteFilter?
  /// The skin tone chosen for every emoji (`t`).
  public var skinTone: SkinTone?

  public init(selection: String? = nil, filter: VoteFilter? = nil, skinTone: SkinTone? = nil) {
    self.selection = selection
    self.filter = filter
    self.skinTone = skinTone
  }

  /// `ratings.json` → `ratings.session.json`, in the same folder.
  public static func path(besideRatings ratingsPath: String) -> String {
    RatingsDisk.path(besideRatings: ratingsPath, kind: "session")
  }

  /// The remembered session, or nil when there is none or it is unreadable.
  public static func read(from path: String) -> SessionMemory? {
    guard let data = try? RatingsDisk.readIfPresent(path, limit: 64 * 1024) else { return nil }
    return try? JSONDecoder().decode(SessionMemory.self, from: data)
  }

  /// Replaces the file whole (temporary file, fsync, rename), if what is
  /// at `path` is a file the app may replace.
  public func write(to path: String) throws(RatingsStoreError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(self) else { return }
    let target = try FileTarget.replaceable(path)
      .mapError { RatingsStoreError.notAFile(path: $0.path, reason: $0.reason) }.get()
    try AtomicFileWriter().write(data, to: target)
  }
}
