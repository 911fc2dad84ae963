import Foundation
import RatingsDatabase

/// Where a PostgreSQL database is, from `--database`:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (or `postgresql://`).
struct PostgresLocation: Equatable, CustomStringConvertible {
  var user: String
  var password: String?
  var host: String
  var port: Int
  var database: String

  static let example = "postgres://USER@HOST:PORT/DATABASE"

  /// Whether `text` names a PostgreSQL database rather than a file.
  static func isURL(_ text: String) -> Bool {
    let lowered = text.lowercased()
    return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
  }

  init(_ text: String) throws {
    guard Self.isURL(text), let url = URLComponents(string: text) else {
      throw RatingsDatabaseError("--database: not a PostgreSQL URL; the form is \(Self.example)")
    }
    guard let user = url.user, !user.isEmpty else {
      throw RatingsDatabaseError("--database: the URL names no user; the form is \(Self.example)")
    }
    guard let host = url.host, !host.isEmpty else {
      throw RatingsDatabaseError("--database: the URL names no host; the form is \(Self.example)")
    }
    let database = String(url.path.drop { $0 == "/" })
    guard !database.isEmpty, !database.contains("/") else {
      throw RatingsDatabaseError("--database: the URL names no database; the form is \(Self.example)")
    }
    let port = url.port ?? 5432
    guard (1...65_535).contains(port) else {
      throw RatingsDatabaseError("--database: port \(port) is out of range")
    }
    self.user = user.removingPercentEncoding ?? user
    password = url.password.map { $0.removingPercentEncoding ?? $0 }
    self.host = host
    self.port = port
    self.database = database.removingPercentEncoding ?? database
  }

  /// The URL without its password, to show.
  var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }
}
