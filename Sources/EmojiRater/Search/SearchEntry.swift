import EmojiModel

/// What one emoji answers to, folded into words once (`SearchText`), so a
/// keystroke compares bytes and never lowercases or splits a name: its
/// names (Unicode's English one, and the user's language's when there is
/// one) and its keywords in both.
///
/// All of it lies in one array of bytes, read front to back as it is
/// ranked: a keystroke ranks thousands of entries, and one array each
/// (rather than one per word) is what keeps that inside a millisecond
/// when the memory is cold (0.9 ms with an array per word, 1914 entries).
///
///     offsets   five UInt16: where each part below starts, and the end
///     names     per name: its word count, then each word
///     keywords  each whole keyword (words joined by a space)
///     kwords    each word of the keywords, once
///     text      the names' words joined by a space, names by a newline
///
/// A word is its length (one byte) then its bytes; words over 255 bytes
/// are cut, counts over 255 capped: no name or keyword comes near.
struct SearchEntry: Sendable {
  typealias Bytes = SearchText.Bytes
  private let blob: Bytes

  init(_ emoji: Emoji) {
    let names = ([emoji.name] + [emoji.localName].compactMap { $0 }).map { SearchText.words(of: $0) }
    let keywordWords = (emoji.keywords + emoji.localKeywords).map { SearchText.words(of: $0) }
    let keywords = Self.unique(keywordWords.map { Array($0.joined(separator: [0x20])) })
    var parts: [Bytes] = [[], [], [], []]
    for name in names.prefix(255) {
      parts[0].append(UInt8(min(name.count, 255)))
      for word in name.prefix(255) { Self.append(word, to: &parts[0]) }
    }
    for keyword in keywords { Self.append(keyword, to: &parts[1]) }
    for word in Self.unique(keywordWords.joined()) { Self.append(word, to: &parts[2]) }
    parts[3] = Array(names.map { Array($0.joined(separator: [0x20])) }.joined(separator: [0x0A]))
    var blob: Bytes = []
    var offset = 10  // Five offsets of two bytes.
    blob.reserveCapacity(offset + parts.reduce(0) { $0 + $1.count })
    for part in parts {
      blob += Self.uint16(offset)
      offset += part.count
    }
    blob += Self.uint16(offset)
    for part in parts { blob += part }
    self.blob = blob
  }

  private static func uint16(_ value: Int) -> Bytes {
    let value = UInt16(min(value, Int(UInt16.max)))
    return [UInt8(value >> 8), UInt8(value & 0xFF)]
  }

  private static func append(_ word: Bytes, to part: inout Bytes) {
    part.append(UInt8(min(word.count, 255)))
    part += word.prefix(255)
  }

  private static func unique(_ words: some Sequence<Bytes>) -> [Bytes] {
    var seen = Set<Bytes>()
    return words.filter { !$0.isEmpty && seen.insert($0).inserted }
  }

  /// How this entry answers `query` (`SearchRanking` says how); nil when
  /// some word of it is in none of its names and starts none of its keywords' words.
  func rank(for query: SearchRanking.Query) -> SearchRanking.Rank? {
    guard !query.isEmpty else { return nil }
    return blob.withUnsafeBufferPointer { blob in
      query.words.withUnsafeBufferPointer { words in Self.rank(blob, words) }
    }
  }

  private static func rank(_ blob: UnsafeBufferPointer<UInt8>, _ words: UnsafeBufferPointer<Bytes>)
    -> SearchRanking.Rank?
  {
    func offset(_ part: Int) -> Int { Int(blob[2 * part]) << 8 | Int(blob[2 * part + 1]) }
    let names = offset(0)..<offset(1)
    let keywords = offset(1)..<offset(2)
    let keywordWords = offset(2)..<offset(3)
    let text = offset(3)..<offset(4)

    /// Calls `body` with each word's start and length in `range`, until it says stop.
    func forEachWord(in range: Range<Int>, _ body: (Int, Int) -> Bool) -> Bool {
      var at = range.lowerBound
      while at < range.upperBound {
        let length = Int(blob[at])
        if body(at + 1, length) { return true }
        at += 1 + length
      }
      return false
    }
    func equals(_ start: Int, _ length: Int, _ word: Bytes) -> Bool {
      length == word.count && startsWith(start, length, word)
    }
    func startsWith(_ start: Int, _ length: Int, _ word: Bytes) -> Bool {
      guard word.count <= length else { return false }
      for index in word.indices where blob[start + index] != word[index] { return false }
      return true
    }
    /// The name words: every name's, skipping each name's word count.
    func anyNameWord(_ body: (Int, Int) -> Bool) -> Bool {
      var at = names.lowerBound
      while at < names.upperBound {
        let count = Int(blob[at])
        at += 1
        for _ in 0..<count {
          let length = Int(blob[at])
          if body(at + 1, length) { return true }
          at += 1 + length
        }
      }
      return false
    }
    func textContains(_ word: Bytes) -> Bool {
      guard word.count <= text.count, let first = word.first else { return word.isEmpty }
      for start in text.lowerBound...(text.upperBound - word.count) where blob[start] == first {
        if startsWith(start, word.count, word) { return true }
      }
      return false
    }

    var worst = 0
    var missing = 0
    for word in words {
      let isKeyword = forEachWord(in: keywords) { equals($0, $1, word) }
      let tier: Int
      if anyNameWord({ startsWith($0, $1, word) }) {
        tier = 1
      } else if isKeyword {
        tier = 2
      } else if forEachWord(in: keywordWords, { startsWith($0, $1, word) }) {
        tier = 3
      } else if textContains(word) {
        tier = 4
      } else {
        return nil
      }
      worst = max(worst, tier)
      if !isKeyword { missing += 1 }
    }

    // Each name: is it the whole query, does it end with a query word, how many words.
    var wholeName = false
    var head = false
    var shortest = Int.max
    var at = names.lowerBound
    while at < names.upperBound {
      let count = Int(blob[at])
      at += 1
      shortest = min(shortest, count)
      var same = count == words.count
      for index in 0..<count {
        let length = Int(blob[at])
        if same, !equals(at + 1, length, words[index]) { same = false }
        if index == count - 1, words.contains(where: { equals(at + 1, length, $0) }) { head = true }
        at += 1 + length
      }
      wholeName = wholeName || same
    }
    return SearchRanking.Rank(
      wholeName: wholeName ? 0 : 1, worstTier: worst, missingKeywords: missing, headMiss: head ? 0 : 1,
      nameWords: shortest == .max ? 0 : shortest)
  }
}
