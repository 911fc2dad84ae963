/// Where a top-level key is written in a TOML text that TOMLKit has already
/// read without error: the line of `key = …`, of a dotted `key.part = …`,
/// or of a `[key]` / `[key.part]` / `[[key]]` header. Lines inside a
/// multi-line string are never taken for one.
enum ConfigText {
  /// Counted from 1; nil if the key is not written plainly (a quoted key
  /// with escapes in it, say).
  static func line(of key: String, in text: String) -> Int? {
    var inMultilineString: Substring?
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if let quote = inMultilineString {
        if rawLine.components(separatedBy: quote).count.isMultiple(of: 2) { inMultilineString = nil }
        continue
      }
      let line = rawLine.drop { $0 == " " || $0 == "\t" }
      if names(key, line) { return index + 1 }
      for quote in [#"""""#, "'''"] where line.components(separatedBy: quote).count == 2 {
        inMultilineString = Substring(quote)
      }
    }
    return nil
  }

  /// Whether `line` (its indent gone) begins a setting or table named `key`.
  private static func names(_ key: String, _ line: Substring) -> Bool {
    var rest = line
    let isHeader = rest.first == "["
    if isHeader { rest = rest.drop { $0 == "[" || $0 == " " || $0 == "\t" } }
    for spelling in [key, "\"\(key)\"", "'\(key)'"] where rest.hasPrefix(spelling) {
      let after = rest.dropFirst(spelling.count).drop { $0 == " " || $0 == "\t" }
      let next = after.first
      return next == "." || (isHeader ? next == "]" : next == "=")
    }
    return false
  }
}
