import Foundation

/// Where each cell's data comes from (`--source`).
public enum DataSource: Sendable, Equatable, CustomStringConvertible {
  /// A slow server simulated in this process: `--latency`, `--failure-rate`.
  case simulated
  /// `emoji-rater serve`, or any server that answers as it does, at this address.
  case http(URL)

  /// The source as `--source` is written: `simulated`, or an `http://` or
  /// `https://` address with a host and nothing after the path.
  public init(parsing text: String) throws(DataSourceError) {
    if text.lowercased() == "simulated" {
      self = .simulated
      return
    }
    guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
      throw DataSourceError(text: text, reason: "it is not an address like http://127.0.0.1:8080")
    }
    guard scheme == "http" || scheme == "https" else {
      throw DataSourceError(text: text, reason: "\(scheme): is not supported; use http:// or https://")
    }
    guard let host = components.host, !host.isEmpty else {
      throw DataSourceError(text: text, reason: "it names no host, as in http://127.0.0.1:8080")
    }
    guard components.query == nil, components.fragment == nil, let url = components.url else {
      throw DataSourceError(text: text, reason: "an address with a query or fragment is not a server's")
    }
    self = .http(url)
  }

  /// How the HUD and the reports name it: `simulated`, or the address.
  public var description: String {
    switch self {
    case .simulated: "simulated"
    case .http(let url): url.absoluteString
    }
  }
}

/// A `--source` that names no server the app can load from.
public struct DataSourceError: Error, CustomStringConvertible, Equatable {
  public var text: String
  public var reason: String

  public var description: String { "'\(text)' is not a source: \(reason)" }
}
