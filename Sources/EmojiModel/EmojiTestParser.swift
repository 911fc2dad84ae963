import Support

/// Parses Unicode's `emoji-test.txt` into the fully-qualified emoji it lists,
/// in the file's (CLDR) order.
///
/// The format, one entry a line, after `# group:` and `# subgroup:` headings:
///
///     1F600 ; fully-qualified # 😀 E1.0 grinning face
///
/// Anything that does not fit is refused with its line number rather than
/// skipped, so a damaged file is noticed instead of silently losing emoji.
/// It reads UTF-8 bytes, not Characters: the whole file parses in a few
/// milliseconds, before the first frame.
public enum EmojiTestParser {
  static let statuses = ["fully-qualified", "minimally-qualified", "unqualified", "component"]

  /// - Parameter source: the file's name, used in error messages.
  public static func parse(_ text: String, source: String) throws(CatalogError) -> [Emoji] {
    var text = text
    return try text.withUTF8 { bytes in
      Result { () throws(CatalogError) in try parse(bytes, source: source) }
    }.get()
  }

  /// Parses the file's UTF-8 bytes.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, source: String) throws(CatalogError)
    -> [Emoji]
  {
    var emoji: [Emoji] = []
    emoji.reserveCapacity(4_096)
    var group: String?
    var subgroup: String?
    var lineNumber = 0
    var start = 0
    while start < bytes.count {
      lineNumber += 1
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      let line = Line(bytes: bytes, range: start..<end).trimmed()
      start = end + 1
      if line.isEmpty { continue }
      if line.first == UInt8(ascii: "#") {
        if let name = line.text(after: "# group:") {
          group = name
          subgroup = nil
        } else if let name = line.text(after: "# subgroup:") {
          subgroup = name
        }
        continue
      }
      let fail = { (reason: String) in CatalogError(file: source, line: lineNumber, reason: reason) }
      guard let group, let subgroup else {
        throw fail("an entry before any '# group:' and '# subgroup:' heading")
      }
      let entry = try parseEntry(line, fail: fail)
      guard entry.isFullyQualified else { continue }
      emoji.append(
        Emoji(
          scalars: entry.scalars, name: entry.name, group: group, subgroup: subgroup,
          version: entry.version))
    }
    guard !emoji.isEmpty else {
      throw CatalogError(
        file: source, reason: "no fully-qualified emoji found; is this Unicode's emoji-test.txt?")
    }
    return emoji
  }

  private struct Entry {
    var scalars: [Unicode.Scalar]
    var isFullyQualified: Bool
    var version: String
    var name: String
  }

  /// `code points ; status # emoji Eversion name`
  private static func parseEntry(_ line: Line, fail: (String) -> CatalogError) throws(CatalogError) -> Entry {
    guard let semicolon = line.firstIndex(of: ";") else {
      throw fail("expected 'code points ; status # emoji E<version> name', found no ';'")
    }
    guard let hash = line.firstIndex(of: "#", from: semicolon) else {
      throw fail("expected '# emoji E<version> name' after the status, found no '#'")
    }
    var scalars: [Unicode.Scalar] = []
    for field in line.slice(line.range.lowerBound..<semicolon).words() {
      guard field.range.count <= 6, let value = UInt32(field.string, radix: 16),
        let scalar = Unicode.Scalar(value)
      else { throw fail("'\(SafeText.escaped(field.string))' is not a code point in hexadecimal") }
      scalars.append(scalar)
    }
    if scalars.isEmpty { throw fail("no code points before ';'") }
    let status = line.slice(semicolon + 1..<hash).trimmed().string
    guard statuses.contains(status) else {
      throw fail(
        "unknown status '\(SafeText.escaped(status))' (expected fully-qualified, minimally-qualified,"
          + " unqualified or component)")
    }
    // "😀 E1.0 grinning face": the emoji as text (no spaces inside), its
    // version, then the name.
    let comment = line.slice(hash + 1..<line.range.upperBound).trimmed()
    let words = comment.words(maxSplits: 2)
    guard words.count == 3, words[1].first == UInt8(ascii: "E"),
      Double(String(words[1].string.dropFirst())) != nil
    else {
      throw fail("expected '# emoji E<version> name' after the status, found '# \(comment.string)'")
    }
    guard words[0].string.unicodeScalars.elementsEqual(scalars) else {
      throw fail(
        "the emoji '\(SafeText.escaped(words[0].string))' in the comment does not match its code points")
    }
    return Entry(
      scalars: scalars, isFullyQualified: status == "fully-qualified",
      version: String(words[1].string.dropFirst()), name: words[2].string)
  }
}

/// A run of bytes within the file: one line, or a piece of one.
private struct Line {
  let bytes: UnsafeBufferPointer<UInt8>
  let range: Range<Int>

  var isEmpty: Bool { range.isEmpty }
  var first: UInt8? { range.isEmpty ? nil : bytes[range.lowerBound] }
  var string: String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }

  func slice(_ range: Range<Int>) -> Line { Line(bytes: bytes, range: range) }

  /// Without leading and trailing spaces, tabs and carriage returns.
  func trimmed() -> Line {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, Self.isBlank(bytes[lower]) { lower += 1 }
    while upper > lower, Self.isBlank(bytes[upper - 1]) { upper -= 1 }
    return slice(lower..<upper)
  }

  func firstIndex(of character: Unicode.Scalar, from start: Int? = nil) -> Int? {
    ((start ?? range.lowerBound)..<range.upperBound).first { bytes[$0] == UInt8(ascii: character) }
  }

  /// The text after `prefix`, trimmed, if the line starts with it.
  func text(after prefix: String) -> String? {
    let prefix = Array(prefix.utf8)
    guard range.count >= prefix.count,
      prefix.indices.allSatisfy({ bytes[range.lowerBound + $0] == prefix[$0] })
    else { return nil }
    return slice(range.lowerBound + prefix.count..<range.upperBound).trimmed().string
  }

  /// Space-separated words; the last one keeps the rest of the line after
  /// `maxSplits` splits.
  func words(maxSplits: Int = .max) -> [Line] {
    var words: [Line] = []
    var index = range.lowerBound
    while index < range.upperBound {
      while index < range.upperBound, Self.isBlank(bytes[index]) { index += 1 }
      guard index < range.upperBound else { break }
      if words.count == maxSplits {
        words.append(slice(index..<range.upperBound))
        break
      }
      var end = index
      while end < range.upperBound, !Self.isBlank(bytes[end]) { end += 1 }
      words.append(slice(index..<end))
      index = end
    }
    return words
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }
}
