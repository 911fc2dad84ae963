import Foundation
import Support

/// The tokens this person votes with, one per ratings server, in
/// `voter.json` beside the ratings file, readable by its owner alone
/// (0600). A token is the voter's password: it is never printed.
public final class VoterTokens: Sendable {
  public let path: String
  private let tokens: Locked<[String: String]>
  private let writer = AtomicFileWriter()

  private struct File: Codable {
    var version = 1
    /// Token by server address (`http://host:port/path`, `VoteSender.address`).
    var tokens: [String: String]
  }

  public static func path(besideRatings ratingsPath: String) -> String {
    (RatingsDisk.directory(of: ratingsPath) as NSString).appendingPathComponent("voter.json")
  }

  /// The tokens at `path`; none when there is no file or it cannot be read
  /// (a voter is then registered afresh: a token lost costs only the
  /// server's memory of whose votes were whose).
  public init(path: String) {
    self.path = path
    tokens = Locked(Self.read(path) ?? [:])
  }

  /// The tokens in the file at `path`; nil when there is none or it cannot be read.
  private static func read(_ path: String) -> [String: String]? {
    let data = try? RatingsDisk.readIfPresent(path)
    return data.flatMap { try? JSONDecoder().decode(File.self, from: $0) }?.tokens
  }

  public func token(for server: String) -> String? {
    tokens.withLock { $0[server] }
  }

  /// Keeps `token` for `server` (nil forgets it), on disk before it
  /// returns. The file is read afresh first, so a token another process
  /// kept meanwhile for another server (`emoji-rater voter --new`) stays.
  public func set(_ token: String?, for server: String) throws(RatingsStoreError) {
    let onDisk = Self.read(path) ?? [:]
    let all = tokens.withLock { tokens in
      tokens.merge(onDisk) { _, kept in kept }
      tokens[server] = token
      return tokens
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(File(tokens: all)) else { return }
    try writer.write(data, to: path, newFileMode: 0o600)
  }
}
