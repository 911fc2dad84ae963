import Foundation

/// Text as search compares it: folded (lower case, accents dropped, so
/// `tranen` finds "Tränen" and `CAFE` "café") and cut into words at
/// anything that is not a letter or a digit ("flag: Japan" is `flag`,
/// `japan`; "T-Rex" is `t`, `rex`). Bytes, not `String`s: ranking a
/// catalog compares prefixes and looks inside names thousands of times a
/// keystroke, and bytes do that without decoding.
enum SearchText {
  typealias Bytes = [UInt8]

  /// Lower case without accents; ASCII (most of it) without Foundation.
  static func fold(_ text: some StringProtocol) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    return String(text).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// The folded words of `text`, in order.
  static func words(of text: some StringProtocol) -> [Bytes] {
    var words: [Bytes] = []
    var word: Bytes = []
    for scalar in fold(text).unicodeScalars {
      if scalar.isASCII ? isASCIIWordByte(UInt8(scalar.value)) : isWordScalar(scalar) {
        word.append(contentsOf: UTF8.encode(scalar)!)
      } else if !word.isEmpty {
        words.append(word)
        word.removeAll(keepingCapacity: true)
      }
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
    (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
  }

  /// Letters (with the marks that are part of them, as in Devanagari) and digits.
  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || scalar.properties.numericType != nil
      || scalar.properties.generalCategory == .nonspacingMark
  }

  /// A short name as chat apps write it, as search compares it: folded,
  /// its colons and underscores gone, its words joined by a space, and a
  /// sign it begins with kept (`:heart_eyes:` and `Heart eyes` are both
  /// `heart eyes`; `+1` stays `+1`, where its word alone is `1`).
  static func aliasKey(_ text: some StringProtocol) -> Bytes {
    let trimmed = text.drop { $0 == ":" || $0 == " " }
    let sign: Bytes = trimmed.first == "+" ? [0x2B] : trimmed.first == "-" ? [0x2D] : []
    return sign + Array(words(of: trimmed).joined(separator: [0x20]))
  }

  /// Whether `bytes` begins with `prefix`.
  static func hasPrefix(_ bytes: Bytes, _ prefix: Bytes) -> Bool {
    prefix.count <= bytes.count
      && bytes.withUnsafeBufferPointer { whole in
        prefix.withUnsafeBufferPointer { part in matches(whole, at: 0, part) }
      }
  }

  /// Whether `needle` occurs anywhere in `haystack`.
  static func contains(_ haystack: Bytes, _ needle: Bytes) -> Bool {
    guard !needle.isEmpty else { return true }
    guard needle.count <= haystack.count else { return false }
    return haystack.withUnsafeBufferPointer { whole in
      needle.withUnsafeBufferPointer { part in
        let first = part[0]
        for start in 0...(whole.count - part.count) where whole[start] == first {
          if matches(whole, at: start, part) { return true }
        }
        return false
      }
    }
  }

  /// Whether `part` is in `whole` at `start` (which leaves room for it).
  private static func matches(
    _ whole: UnsafeBufferPointer<UInt8>, at start: Int, _ part: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    for offset in 0..<part.count where whole[start + offset] != part[offset] { return false }
    return true
  }
}
