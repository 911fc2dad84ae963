import Foundation
import Loading

/// Loads each item with an HTTP GET from one server, through an
/// `HTTPClient` whose pool holds as many connections as the loader has
/// loads in flight. Cancelling a load closes its request's connection
/// mid-answer: the server sees the client go. What comes back is
/// `decode`d; anything but an HTTP 200 whose body decodes is a failure,
/// told apart as the server's (an error status, an answer that is not the
/// item or is too big) or the connection's (refused, lost, or no whole
/// answer within the deadline).
public final class HTTPLoadSource<ID: LoadIdentifier, Value: Sendable>: LoadSource {
  public typealias Configuration = HTTPClient.Configuration

  private let client: HTTPClient
  private let path: @Sendable (ID) -> String
  private let decode: @Sendable (ID, Data) throws -> Value

  /// - Parameters:
  ///   - host, port: the server.
  ///   - path: where the item is on it, percent-encoded, e.g. `/emoji/1f600`.
  ///   - decode: the item from a 200 answer's body; throws if it is not
  ///     the item (a `LoadFailure` it throws says why; any other error is
  ///     "not the item").
  public init(
    host: String, port: Int, configuration: Configuration, path: @escaping @Sendable (ID) -> String,
    decode: @escaping @Sendable (ID, Data) throws -> Value
  ) {
    client = HTTPClient(host: host, port: port, configuration: configuration)
    self.path = path
    self.decode = decode
  }

  /// Connections to the server at most, now.
  public var connections: Int { client.connections }

  /// Body bytes read from the server so far, whole answers and cut-off ones.
  public var bodyBytesRead: Int { client.bodyBytesRead }

  public func poolDidChange(to loads: Int) {
    client.connections = loads
  }

  public func start(_ id: ID, attempt: UInt64, done: @escaping @Sendable (Result<Value, LoadFailure>) -> Void)
    -> ScheduledWork
  {
    let decode = decode
    return client.get(path(id)) { answer in
      done(answer.flatMap { body in Self.decoded(id, body, decode) })
    }
  }

  public func loadBlocking(_ id: ID, attempt: UInt64) -> Result<Value, LoadFailure> {
    client.getBlocking(path(id)).flatMap { Self.decoded(id, $0, decode) }
  }

  /// Only the server knows how long it will take.
  public func firstLatency(of id: ID) -> Double? { nil }

  private static func decoded(
    _ id: ID, _ body: Data, _ decode: @Sendable (ID, Data) throws -> Value
  ) -> Result<Value, LoadFailure> {
    do {
      return .success(try decode(id, body))
    } catch let failure as LoadFailure {
      return .failure(failure)
    } catch {
      return .failure(.server("the server's answer is not the item asked for"))
    }
  }
}
