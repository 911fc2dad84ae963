import EmojiModel
import Foundation
import RatingsDatabase
import TestSupport
import Testing

@testable import EmojiServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// docs/api.md's examples, sent in order to a server with a fresh
/// database: each answer must be as the document shows it.
/// (Three minutes at most, to catch a hang: under Thread Sanitizer,
/// beside every other suite on two cores, a test here took over one.)
@Suite(.serialized, .timeLimit(.minutes(3))) struct ServerAPIDocumentTests {
  static let document = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/api.md")

  /// A request and the answer the document shows for it.
  struct Example {
    var method: String
    var path: String
    var headers: [(String, String)]
    var body: String
    var status: Int
    var answer: String
  }

  /// The document's ```http blocks, taken in pairs: a request, its answer.
  static func examples(in text: String) throws -> [Example] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if current == nil, line == "```http" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!)
        current = nil
      } else if current != nil {
        current!.append(line)
      }
    }
    try #require(blocks.count % 2 == 0, "every request has its answer")
    return try stride(from: 0, to: blocks.count, by: 2).map { index in
      let (request, answer) = (blocks[index], blocks[index + 1])
      let requestLine = request[0].split(separator: " ")
      let statusLine = answer[0].split(separator: " ")
      try #require(requestLine.count == 3 && statusLine.count >= 2, "\(request[0]) / \(answer[0])")
      let blank = request.firstIndex(of: "") ?? request.count
      let headers = request[1..<blank].map { line in
        let parts = line.split(separator: ":", maxSplits: 1)
        return (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces))
      }
      return Example(
        method: String(requestLine[0]), path: String(requestLine[1]), headers: headers,
        body: request.dropFirst(blank + 1).joined(separator: "\n"), status: Int(statusLine[1]) ?? 0,
        answer: answer.drop { !$0.isEmpty }.joined(separator: "\n"))
    }
  }

  /// Whether `actual` is `expected`, where the text `…` in `expected`
  /// stands for any string.
  static func matches(_ actual: Any, _ expected: Any) -> Bool {
    switch (actual, expected) {
    case (_, let pattern as String) where pattern == "…":
      return actual is String
    case (let a as [String: Any], let e as [String: Any]):
      return a.keys.sorted() == e.keys.sorted() && e.allSatisfy { key, value in matches(a[key]!, value) }
    case (let a as [Any], let e as [Any]):
      return a.count == e.count && zip(a, e).allSatisfy { matches($0, $1) }
    default:
      return (actual as? NSObject)?.isEqual(expected) == true
    }
  }

  @Test func everyExampleAnswersAsShown() async throws {
    let examples = try Self.examples(in: String(contentsOf: Self.document, encoding: .utf8))
    #expect(examples.count >= 10)
    let routes = Set(examples.map { "\($0.method) \($0.path.split(separator: "/").prefix(1).joined())" })
    for route in [
      "GET health", "GET stats", "POST voters", "PUT votes", "GET emoji", "GET top?order=up&limit=10",
    ] {
      #expect(routes.contains(route), "docs/api.md shows \(route)")
    }

    let home = try DataHome()
    // The counts in the document assume no connection timed out. Under
    // Thread Sanitizer, with the other suites running beside it, this test
    // once took 105 s where it takes 25: its connection timed out while it
    // stalled, and `GET /stats` counted a second connection and a timeout.
    // Timeouts have tests of their own.
    var limits = ConnectionLimits()
    limits.keepAliveTimeout = 3_600
    limits.requestTimeout = 3_600
    let (server, _) = try startRatingsServer(in: home, limits: limits)
    defer { server.stop() }
    // One connection, as the counts in the document assume.
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.httpMaximumConnectionsPerHost = 1
    let session = URLSession(configuration: sessionConfiguration)

    var token = ""
    for example in examples {
      var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)\(example.path)")!)
      request.httpMethod = example.method
      for (name, value) in example.headers {
        request.setValue(value.replacingOccurrences(of: "TOKEN", with: token), forHTTPHeaderField: name)
      }
      if !example.body.isEmpty { request.httpBody = Data(example.body.utf8) }
      let (data, response) = try await session.data(for: request)
      let label = "\(example.method) \(example.path)"
      #expect((response as? HTTPURLResponse)?.statusCode == example.status, "\(label)")
      let actual = try JSONSerialization.jsonObject(with: data)
      let expected = try JSONSerialization.jsonObject(with: Data(example.answer.utf8))
      #expect(Self.matches(actual, expected), "\(label): \(String(decoding: data, as: UTF8.self))")
      if let registered = (actual as? [String: Any])?["token"] as? String { token = registered }
    }
  }
}
