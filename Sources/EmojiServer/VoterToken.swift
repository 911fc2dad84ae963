import Crypto
import Foundation

/// A voter's token: 256 random bits, written as 64 hex digits, given to
/// the voter once (`POST /voters`). The server keeps only its SHA-256, so
/// a copy of the database lets nobody vote as anyone.
enum VoterToken {
  static let hexDigits = 64

  /// A new token, from the system's secure random source.
  static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let word = generator.next() as UInt64
      let text = String(word, radix: 16)
      return String(repeating: "0", count: 16 - text.count) + text
    }.joined()
  }

  /// What the database keeps of `token`.
  static func hash(_ token: some StringProtocol) -> Data {
    Data(SHA256.hash(data: Data(token.utf8)))
  }

  /// The token in an `Authorization: Bearer …` header's value, if it is
  /// one in form (64 hex digits); nil for anything else.
  static func bearer(_ authorization: String?) -> Substring? {
    guard let authorization else { return nil }
    let parts = authorization.split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count == 2, parts[0].lowercased() == "bearer", parts[1].utf8.count == hexDigits,
      parts[1].utf8.allSatisfy({ $0.isHexDigit })
    else { return nil }
    return parts[1]
  }
}

extension UInt8 {
  fileprivate var isHexDigit: Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
  }
}
