import Foundation
import NIOHTTP1
import Support

/// An answer to send: its status, its JSON, and headers beyond the usual.
struct Answer: Sendable {
  var status: HTTPResponseStatus
  var body: Data
  var headers: [(String, String)] = []
  var contentType = "application/json"

  /// `{"error": message}`, the message made safe to show: nothing a
  /// client sent goes back, or into a log, with its control characters.
  static func error(_ status: HTTPResponseStatus, _ message: String) -> Answer {
    Answer(status: status, body: json(["error": SafeText.escaped(message)]))
  }

  /// An answer known now, or the work that makes it off the event loop.
  enum Source {
    case ready(Answer)
    case work(@Sendable () async -> Answer)
  }

  /// 429, with `Retry-After` in whole seconds (at least one).
  static func tooManyRequests(_ message: String, wait: Double) -> Answer {
    var answer = error(.tooManyRequests, message)
    answer.headers.append(("Retry-After", String(max(1, Int(wait.rounded(.up))))))
    return answer
  }

  static func json(_ value: some Encodable) -> Data {
    (try? EmojiService.encoder.encode(value)) ?? Data()
  }
}

/// An answer that ends a route early.
struct AnswerError: Error {
  var answer: Answer
  init(_ answer: Answer) { self.answer = answer }

  /// 401, with the `WWW-Authenticate` challenge a client reads.
  static func unauthorized(_ message: String, challenge: String) -> AnswerError {
    var answer = Answer.error(.unauthorized, message)
    answer.headers.append(("WWW-Authenticate", challenge))
    return AnswerError(answer)
  }
}
