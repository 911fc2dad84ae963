import Foundation

/// A request for `HTTPClient.send`: a method, a path (with its query,
/// percent-encoded), headers beside the client's own, and a JSON body.
public struct HTTPRequest: Sendable {
  public var method: String
  public var path: String
  public var headers: [(String, String)]
  /// Sent as `application/json`.
  public var body: Data?
  /// Whether sending it twice does no harm (a GET, a vote with its key):
  /// such a request is sent again once when a kept-alive connection closes
  /// before any answer. One that makes something anew (a voter) is not.
  public var isRepeatable: Bool

  public init(
    method: String = "GET", path: String, headers: [(String, String)] = [], body: Data? = nil,
    isRepeatable: Bool = true
  ) {
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
    self.isRepeatable = isRepeatable
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
