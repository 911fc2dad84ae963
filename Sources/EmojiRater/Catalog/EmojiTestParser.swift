/// Parses Unicode's `emoji-test.txt` into the fully-qualified emoji it lists,
/// in the file's (CLDR) order.
///
/// The format, one entry a line, after `# group:` and `# subgroup:` headings:
///
///     1F600 ; fully-qualified # 😀 E1.0 grinning face
///
/// Anything that does not fit is refused with its line number rather than
/// skipped, so a damaged file is noticed instead of silently losing emoji.
public enum EmojiTestParser {
  static let statuses: Set<Substring> = [
    "fully-qualified", "minimally-qualified", "unqualified", "component",
  ]

  /// - Parameter source: the file's name, used in error messages.
  public static func parse(_ text: String, source: String) throws(CatalogError) -> [Emoji] {
    var emoji: [Emoji] = []
    emoji.reserveCapacity(4_096)
    var group: String?
    var subgroup: String?
    var lineNumber = 0
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lineNumber += 1
      let line = line.trimmingTrailingWhitespace()
      if line.isEmpty { continue }
      if line.hasPrefix("#") {
        if let name = heading("# group:", in: line) {
          group = name
          subgroup = nil
        } else if let name = heading("# subgroup:", in: line) {
          subgroup = name
        }
        continue
      }
      func fail(_ reason: String) -> CatalogError {
        CatalogError(file: source, line: lineNumber, reason: reason)
      }
      guard let group, let subgroup else {
        throw fail("an entry before any '# group:' and '# subgroup:' heading")
      }
      let entry = try parseEntry(line, fail: fail)
      guard entry.status == "fully-qualified" else { continue }
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
    var status: Substring
    var version: String
    var name: String
  }

  /// `code points ; status # emoji Eversion name`
  private static func parseEntry(
    _ line: Substring, fail: (String) -> CatalogError
  ) throws(CatalogError) -> Entry {
    guard let semicolon = line.firstIndex(of: ";") else {
      throw fail("expected 'code points ; status # emoji E<version> name', found no ';'")
    }
    let afterSemicolon = line[line.index(after: semicolon)...]
    guard let hash = afterSemicolon.firstIndex(of: "#") else {
      throw fail("expected '# emoji E<version> name' after the status, found no '#'")
    }
    var scalars: [Unicode.Scalar] = []
    for field in line[..<semicolon].split(separator: " ") {
      guard field.count <= 6, let value = UInt32(field, radix: 16),
        let scalar = Unicode.Scalar(value)
      else { throw fail("'\(field)' is not a code point in hexadecimal") }
      scalars.append(scalar)
    }
    if scalars.isEmpty { throw fail("no code points before ';'") }
    let status = afterSemicolon[..<hash].trimmingWhitespace()
    guard statuses.contains(status) else {
      throw fail(
        "unknown status '\(status)' (expected fully-qualified, minimally-qualified,"
          + " unqualified or component)")
    }
    // "😀 E1.0 grinning face": the emoji as text, its version, then the name.
    // Read as code points: a skin-tone modifier after a space would otherwise
    // merge with the space into one Character.
    let comment = afterSemicolon.unicodeScalars[afterSemicolon.index(after: hash)...]
    let words = comment.split(separator: " ", maxSplits: 2)
    guard words.count == 3, words[1].first == "E", Double(String(words[1].dropFirst())) != nil
    else {
      throw fail(
        "expected '# emoji E<version> name' after the status, found '#\(String(comment))'")
    }
    guard words[0].elementsEqual(scalars) else {
      throw fail("the emoji '\(String(words[0]))' in the comment does not match its code points")
    }
    return Entry(
      scalars: scalars, status: status, version: String(String(words[1]).dropFirst()),
      name: String(words[2]))
  }

  private static func heading(_ prefix: String, in line: Substring) -> String? {
    guard line.hasPrefix(prefix) else { return nil }
    return String(line.dropFirst(prefix.count).trimmingWhitespace())
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> Substring {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    return self[start...].trimmingTrailingWhitespace()
  }

  fileprivate func trimmingTrailingWhitespace() -> Substring {
    var end = endIndex
    while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
    return self[startIndex..<end]
  }
}
