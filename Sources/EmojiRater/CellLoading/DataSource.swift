import EmojiModel
import Foundation
import Loading
import Support

/// Where each cell's data comes from (`--source`).
public enum DataSource: Sendable, Equatable, CustomStringConvertible {
  /// A slow server simulated in this process: `--latency`, `--failure-rate`.
  case simulated
  /// `emoji-rater serve`, or any server that answers as it does, at this address.
  case http(URL)

  /// The source as `--source` is written: `simulated`, or an `http://`
  /// address with a host and nothing after the path. (No `https://` yet:
  /// the HTTP client speaks no TLS; a server elsewhere can be reached
  /// through a tunnel such as `ssh -L`.)
  public init(parsing text: String) throws(DataSourceError) {
    if text.lowercased() == "simulated" {
      self = .simulated
      return
    }
    guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
      throw DataSourceError(text: text, reason: "it is not an address like http://127.0.0.1:8080")
    }
    guard scheme == "http" else {
      let reason =
        scheme == "https"
        ? "https:// is not supported yet (no TLS in this build); reach the server over http://, e.g. through ssh -L"
        : "\(SafeText.escaped(scheme)): is not supported; use http://"
      throw DataSourceError(text: text, reason: reason)
    }
    guard let host = components.host, !host.isEmpty else {
      throw DataSourceError(text: text, reason: "it names no host, as in http://127.0.0.1:8080")
    }
    guard components.query == nil, components.fragment == nil, let url = components.url else {
      throw DataSourceError(text: text, reason: "an address with a query or fragment is not a server's")
    }
    guard components.port.map({ (1...65_535).contains($0) }) ?? true else {
      throw DataSourceError(text: text, reason: "its port is not from 1 to 65535")
    }
    self = .http(url)
  }

  /// The server's host (an IPv6 address without its brackets), port and
  /// the path its emoji are under; nil for the simulated source.
  public var server: (host: String, port: Int, path: String)? {
    guard case .http(let url) = self,
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      let host = components.host
    else { return nil }
    let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    var path = components.percentEncodedPath
    while path.hasSuffix("/") { path.removeLast() }
    return (bare, components.port ?? 80, path)
  }

  /// How the HUD and the reports name it: `simulated`, or the address.
  public var description: String {
    switch self {
    case .simulated: "simulated"
    case .http(let url): url.absoluteString
    }
  }
}

extension DataSource {
  /// Where the loader gets each cell from: the one place a source becomes
  /// loads. Simulated, the catalog is the "server" (`present` makes an
  /// item's data), behind `options`' latency and failure rate; over HTTP,
  /// `connections` kept-alive connections to the server, as many as the
  /// pool loads at once.
  func loadSource(
    present: @escaping @Sendable (Int) -> EmojiPresentation, catalog: EmojiCatalog, glyphs: GlyphPolicy,
    options: LoadingOptions, connections: Int, scheduler: any LoadScheduler
  ) -> any LoadSource<Int, EmojiPresentation> {
    switch self {
    case .simulated:
      return SimulatedSource(
        latency: options.latency, failureRate: options.failureRate, seed: options.seed, scheduler: scheduler,
        fetch: present)
    case .http:
      return EmojiOverHTTP.source(server: server!, catalog: catalog, glyphs: glyphs, connections: connections)
    }
  }
}

/// A `--source` that names no server the app can load from.
public struct DataSourceError: Error, CustomStringConvertible, Equatable {
  public var text: String
  public var reason: String

  public var description: String { "'\(SafeText.escaped(text))' is not a source: \(reason)" }
}
