import EmojiModel
import Foundation
import HTTPLoading

extension ServerCounts {
  /// The counts of the server `source` names (its `GET /stats`), asked on
  /// the calling thread, which waits up to `timeout` seconds; nil if no
  /// counts came.
  public static func fetch(from source: DataSource, timeout: Double = 2) -> ServerCounts? {
    guard let server = source.server else { return nil }
    var configuration = HTTPClient.Configuration()
    configuration.connections = 1
    configuration.timeout = timeout
    let client = HTTPClient(host: server.host, port: server.port, configuration: configuration)
    guard case .success(let body) = client.getBlocking(server.path + "/stats") else { return nil }
    return try? JSONDecoder().decode(ServerCounts.self, from: body)
  }
}
