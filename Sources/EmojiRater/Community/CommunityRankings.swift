import Foundation
import HTTPLoading
import Loading

/// The community's order, from a ratings server's `GET /top`: the code
/// points of the emoji it lists, first first (at most a thousand: the
/// server's limit; emoji nobody voted on are not listed).
public final class CommunityRankings: Sendable {
  public struct Failure: Error, Equatable {
    public var reason: String
  }

  static let limit = 1_000

  private let client: HTTPClient
  private let path: String

  public init(server: (host: String, port: Int, path: String)) {
    var configuration = HTTPClient.Configuration()
    configuration.connections = 1
    configuration.maximumBodyBytes = 1 << 20
    client = HTTPClient(host: server.host, port: server.port, configuration: configuration)
    path = server.path
  }

  /// Asks for `order` and calls `done`, on the client's thread, with the
  /// list or why there is none.
  public func fetch(_ order: CommunityOrder, done: @escaping @Sendable (Result<[String], Failure>) -> Void) {
    guard let serverOrder = order.serverOrder else { return done(.success([])) }
    _ = client.get("\(path)/top?order=\(serverOrder)&limit=\(Self.limit)") { result in
      switch result {
      case .success(let body):
        guard let listed = Self.emoji(in: body) else {
          return done(.failure(Failure(reason: "the server's answer is not a list of emoji")))
        }
        done(.success(listed))
      case .failure(let failure):
        done(.failure(Failure(reason: failure.reason)))
      }
    }
  }

  /// `[{"codePoints": "1f44d", "up": 1, "down": 0}, …]`: the code points, in order.
  static func emoji(in body: Data) -> [String]? {
    struct Ranked: Decodable { var codePoints: String }
    return (try? JSONDecoder().decode([Ranked].self, from: body))?.map(\.codePoints)
  }
}
