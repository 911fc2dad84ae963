import EmojiModel

/// What one emoji answers to, folded into words once (`SearchText`), so a
/// keystroke compares bytes and never lowercases or splits a name: its
/// names (Unicode's English one, and the user's language's when there is
/// one), its keywords in both, and the short names chat apps know it by
/// and GitHub's tags, which count as keywords (the short names typed whole
/// as names).
///
/// All of it lies in one array of bytes, read front to back as it is
/// ranked: a keystroke ranks thousands of entries, and one array each
/// (rather than one per word) is what keeps that inside a millisecond
/// when the memory is cold (0.9 ms with an array per word, 1914 entries).
///
///     offsets   six UInt16: where each part below starts, and the end
///     names     per name: its word count, then each word
///     keywords  each whole keyword (words joined by a space)
///     kwords    each word of the keywords, once
///     aliases   each short name whole (`SearchText.aliasKey`)
///     text      the names' words joined by a space, names by a newline
///
/// A word is its length (one byte) then its bytes; words over 255 bytes
/// are cut, counts over 255 capped: no name or keyword comes near.
struct SearchEntry: Sendable {
  typealias Bytes = SearchText.Bytes
  private let blob: Bytes

  init(_ emoji: Emoji) {
    let names = ([emoji.name] + [emoji.localName].compactMap { $0 }).map { SearchText.words(of: $0) }
    let keywordWords = (emoji.keywords + emoji.localKeywords + emoji.aliases + emoji.tags).map {
      SearchText.words(of: $0)
    }
    let keywords = Self.unique(keywordWords.map { Array($0.joined(separator: [0x20])) })
    var parts: [Bytes] = [[], [], [], [], []]
    for name in names.prefix(255) {
      parts[0].append(UInt8(min(name.count, 255)))
      for word in name.prefix(255) { Self.append(word, to: &parts[0]) }
    }
    for keyword in keywords { Self.append(keyword, to: &parts[1]) }
    for word in Self.unique(keywordWords.joined()) { Self.append(word, to: &parts[2]) }
    for alias in Self.unique(emoji.aliases.map(SearchText.aliasKey)) { Self.append(alias, to: &parts[3]) }
    parts[4] = Array(names.map { Array($0.joined(separator: [0x20])) }.joined(separator: [0x0A]))
    var blob: Bytes = []
    var offset = 2 * (parts.count + 1)  // The offsets, two bytes each.
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
  /// some word of it is in none of its names, starts none of its keywords'
  /// words, and misspells none.
  func rank(for query: SearchRanking.Query) -> SearchRanking.Rank? {
    guard !query.isEmpty else { return nil }
    return blob.withUnsafeBufferPointer { blob in
      query.words.withUnsafeBufferPointer { words in Self.rank(blob, words, query) }
    }
  }

  private static func rank(
    _ blob: UnsafeBufferPointer<UInt8>, _ words: UnsafeBufferPointer<Bytes>, _ query: SearchRanking.Query
  ) -> SearchRanking.Rank? {
    func offset(_ part: Int) -> Int { Int(blob[2 * part]) << 8 | Int(blob[2 * part + 1]) }
    let names = offset(0)..<offset(1)
    let keywords = offset(1)..<offset(2)
    let keywordWords = offset(2)..<offset(3)
    let aliases = offset(3)..<offset(4)
    let text = offset(4)..<offset(5)

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

    /// How near `word` comes to a name or keyword word it misspells (the
    /// cheapest), nil if it misspells none; whether that is a name's word
    /// (which ranks first, as a name's word typed right does); and whether
    /// it misspells a whole keyword, which counts as one (`hert`: ❤️'s "heart").
    func misspelling(_ word: Bytes, edits: Int) -> (cost: Int, inName: Bool, isKeyword: Bool)? {
      func cheapest(_ each: ((Int, Int) -> Bool) -> Bool) -> Int? {
        var best: Int?
        _ = each { start, length in
          if let cost = Self.misspelling(word, blob, start, length, edits: edits), cost < best ?? .max {
            best = cost
          }
          return false
        }
        return best
      }
      let inName = cheapest(anyNameWord)
      let inKeywords = cheapest { forEachWord(in: keywordWords, $0) }
      guard let best = [inName, inKeywords].compactMap({ $0 }).min() else { return nil }
      let isKeyword = forEachWord(in: keywords) { start, length in
        Self.misspelling(word, blob, start, length, edits: edits, wholly: true) == best
      }
      return (best, inName == best, isKeyword)
    }

    var worst = 0
    var missing = 0
    /// Each misspelt word, the edits it was allowed and its cost: to rank
    /// by, and to know its word when a name ends with it.
    var misspelt: [(word: Bytes, edits: Int, cost: Int)] = []
    for (index, word) in words.enumerated() {
      var isKeyword = forEachWord(in: keywords) { equals($0, $1, word) }
      let tier: Int
      if anyNameWord({ equals($0, $1, word) }) {
        tier = 0
      } else if anyNameWord({ startsWith($0, $1, word) }) {
        tier = 1
      } else if isKeyword {
        tier = 2
      } else if forEachWord(in: keywordWords, { startsWith($0, $1, word) }) {
        tier = 3
      } else if textContains(word) {
        tier = 4
      } else if query.allowedEdits[index] > 0, let near = misspelling(word, edits: query.allowedEdits[index])
      {
        tier = near.inName ? 5 : 6
        isKeyword = near.isKeyword
        misspelt.append((word, query.allowedEdits[index], near.cost))
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
        if index == count - 1,
          words.contains(where: { equals(at + 1, length, $0) })
            || misspelt.contains(where: {
              Self.misspelling($0.word, blob, at + 1, length, edits: $0.edits, wholly: true) == $0.cost
            })
        {
          head = true
        }
        at += 1 + length
      }
      wholeName = wholeName || same
    }
    let wholeAlias = !wholeName && forEachWord(in: aliases) { equals($0, $1, query.aliasKey) }
    return SearchRanking.Rank(
      wholeName: wholeName ? 0 : wholeAlias ? 1 : 2, worstTier: worst,
      misspelling: misspelt.reduce(0) { $0 + $1.cost },
      missingKeywords: missing, headMiss: head ? 0 : 1, nameWords: shortest == .max ? 0 : shortest)
  }

  /// What a letter left out or put in, or two side by side swapped,
  /// cost, against a letter changed: a dropped letter is the commonest
  /// slip, so `hert` is nearer "heart" than "herb". Any one edit costs at
  /// most 4 and any three at least 9, so a cost of 4 per edit allowed is
  /// the same bound as the count of edits.
  static let shiftCost = 3
  static let changeCost = 4

  /// How near `word` comes to the candidate word at `start` in `blob`, or
  /// (unless `wholly`) to a beginning of it at least as long, as a word
  /// being typed is (`celbr` is one edit from "celebr", the start of
  /// "celebration"; `hert` is not "her…"): the cost of the cheapest way
  /// (`shiftCost`, `changeCost`); nil when that takes more than `edits` edits.
  static func misspelling(
    _ word: Bytes, _ blob: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int, edits: Int,
    wholly: Bool = false
  ) -> Int? {
    let m = word.count
    guard m >= 2, length >= m - edits, length >= 2 else { return nil }
    // A misspelling keeps one of its first two letters in place, or
    // swaps or shifts them: most words fail this before any arithmetic.
    let (q0, q1, c0, c1) = (word[0], word[1], blob[start], blob[start + 1])
    guard q0 == c0 || q1 == c1 || q0 == c1 || q1 == c0 else { return nil }
    let n = min(length, m + edits)
    let bound = edits * changeCost
    // Optimal string alignment, three rows (the one before last for
    // swaps), a column per letter of the candidate's beginning.
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (n + 1)) { rows -> Int? in
      var (beforeLast, last, current) = (0, n + 1, 2 * (n + 1))
      for j in 0...n { rows[last + j] = j * shiftCost }
      for i in 1...m {
        rows[current] = i * shiftCost
        var rowBest = rows[current]
        for j in 1...n {
          let same = word[i - 1] == blob[start + j - 1]
          var cost = min(
            rows[last + j] + shiftCost, rows[current + j - 1] + shiftCost,
            rows[last + j - 1] + (same ? 0 : changeCost))
          if i > 1, j > 1, word[i - 1] == blob[start + j - 2], word[i - 2] == blob[start + j - 1] {
            cost = min(cost, rows[beforeLast + j - 2] + shiftCost)
          }
          rows[current + j] = cost
          rowBest = min(rowBest, cost)
        }
        if rowBest > bound { return nil }
        (beforeLast, last, current) = (last, current, beforeLast)
      }
      // The whole candidate (if it is no longer than the DP went), or any beginning of it as long as the word.
      var best = length <= n ? rows[last + length] : Int.max
      if !wholly, m <= n { for j in m...n { best = min(best, rows[last + j]) } }
      return best <= bound ? best : nil
    }
  }
}
