import Foundation

/// A data folder of a test's own (for `XDG_DATA_HOME`), removed when the
/// instance goes: keep it alive for as long as an app may use the folder.
public final class DataHome {
  public let path: String
  /// Where the app keeps its ratings under this folder.
  public var ratings: String { path + "/emoji-rater/ratings.json" }

  public init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("emoji-rater-home-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The ratings file's text, empty if there is none.
  public func contents() -> String {
    (try? String(contentsOfFile: ratings, encoding: .utf8)) ?? ""
  }
}
