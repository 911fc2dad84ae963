import Foundation

/// A request for `HTTPClient.send`: a method, a path (with its query,
/// percent-encoded), headers beside the client's own, and a JSON body.
public struct HTTPRequest: Sendable {
  public var method: String
  public var path: String
  public var headers: [(String, String)]
  /// Sent as `application/json`.
  public var body: Data?

  public init(method: String = "GET", path: String, headers: [(String, String)] = [], body: Data? = nil) {
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
  }
}

/// A server's answer, whatever its status.
public struct HTTPAnswer: Sendable {
  public var status: Int
  /// Seconds the server asks the client to wait before it asks again
  /// (`Retry-After`, in seconds), with a 429 or a 503.
  public var retryAfter: Double?
  public var body: Data

  public init(status: Int, retryAfter: Double? = nil, body: Data = Data()) {
    self.status = status
    self.retryAfter = retryAfter
    self.body = body
  }
}
