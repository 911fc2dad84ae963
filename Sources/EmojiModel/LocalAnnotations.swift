import Foundation
import Support

/// Names and keywords of the emoji in the user's language: CLDR's
/// annotations, read from the system's copy (Debian's `unicode-cldr-core`,
/// 147 locales) rather than built in. 😂 in German is "Gesicht mit
/// Freudentränen", and people call it "lachen".
///
/// A locale inherits from its parents: `de_CH` is `de` with Swiss
/// differences, so both files are read, the parent first. The derived
/// files (`annotationsDerived`) add skin-tone and other sequences.
public struct LocalAnnotations: Sendable {
  /// The locale read, as CLDR names it: "de", "de_CH".
  public let locale: String
  private let table: [String: Annotation]

  struct Annotation: Sendable, Equatable {
    var name: String?
    var keywords: [String] = []
  }

  /// Where Debian puts CLDR's data; `EMOJI_RATER_CLDR` names another.
  public static let systemDirectory = "/usr/share/unicode/cldr/common"
  /// The largest annotations file read (German's is 0.4 MB).
  static let maximumFileSize = 8 * 1024 * 1024

  /// How many emoji (and other characters) have a name or keywords.
  public var count: Int { table.count }

  /// The name in this language, if it has one for `emoji`.
  public func name(for emoji: Emoji) -> String? {
    table[EmojiKeywords.key(emoji.scalars)]?.name
  }

  /// The keywords in this language for `emoji`, or none.
  public func keywords(for emoji: Emoji) -> [String] {
    table[EmojiKeywords.key(emoji.scalars)]?.keywords ?? []
  }

  /// Reads `locale`'s annotations and its parents' from `directory` (which
  /// holds `annotations/` and `annotationsDerived/`).
  public static func load(locale: String, from directory: String) throws(LanguageError) -> LocalAnnotations {
    let annotations = directory + "/annotations"
    guard FileManager.default.fileExists(atPath: annotations) else {
      throw .noData(directory: annotations)
    }
    // "de_CH" reads de, then de_CH; a part the system lacks is skipped,
    // but the language itself must be there.
    let parts = locale.split(separator: "_")
    let chain = parts.indices.map { parts[...$0].joined(separator: "_") }
    guard let language = chain.first, FileManager.default.fileExists(atPath: "\(annotations)/\(language).xml")
    else { throw .unknown(locale, available: available(in: directory)) }
    var table: [String: Annotation] = [:]
    var read: [String] = []
    for code in chain {
      for folder in ["annotations", "annotationsDerived"] {
        let path = "\(directory)/\(folder)/\(code).xml"
        guard FileManager.default.fileExists(atPath: path) else { continue }
        try merge(path, into: &table)
        if folder == "annotations" { read.append(code) }
      }
    }
    return LocalAnnotations(locale: read.last ?? language, table: table)
  }

  /// The locales `directory` has annotations for, sorted.
  public static func available(in directory: String) -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/annotations")) ?? []
    return files.filter { $0.hasSuffix(".xml") }.map { String($0.dropLast(4)) }.sorted()
  }

  private static func merge(_ path: String, into table: inout [String: Annotation]) throws(LanguageError) {
    let data: Data
    switch FileTarget.read(path, limit: maximumFileSize) {
    case .success(let read?): data = read
    case .success(nil): return
    case .failure(let refusal): throw .malformed(path: path, line: nil, reason: refusal.reason)
    }
    guard String(validating: data, as: UTF8.self) != nil else {
      throw .malformed(path: path, line: nil, reason: "not UTF-8 text")
    }
    try parse(Array(data), path: path, into: &table)
  }

  /// Reads CLDR's annotation lines, one per line as CLDR writes them:
  ///
  ///     <annotation cp="😂">Gesicht | Gesicht mit Freudentränen | lachen | Tränen</annotation>
  ///     <annotation cp="😂" type="tts">Gesicht mit Freudentränen</annotation>
  ///
  /// Other lines (the header, comments) are not annotations and are passed
  /// over; an annotation line that does not read is an error naming it,
  /// and a file with none at all is not CLDR's. "↑↑↑" (inherit) is skipped.
  ///
  /// Read as bytes: the delimiters are ASCII, which UTF-8 never uses inside
  /// another character, and German's two files (0.8 MB) read in a few
  /// milliseconds rather than the 130 a `String` by characters takes.
  static func parse(_ bytes: [UInt8], path: String, into table: inout [String: Annotation])
    throws(LanguageError)
  {
    var found = 0
    var lineNumber = 0
    var start = 0
    while start < bytes.count {
      lineNumber += 1
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      defer { start = end + 1 }
      var first = start
      while first < end, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
      guard bytes[first..<end].starts(with: Self.openTag) else { continue }
      guard let annotation = AnnotationLine(bytes[first..<end]) else {
        throw .malformed(path: path, line: lineNumber, reason: "an annotation that does not read")
      }
      found += 1
      guard annotation.value != "↑↑↑" else { continue }
      let key = EmojiKeywords.key(Array(annotation.codePoints.unicodeScalars))
      if annotation.isName {
        table[key, default: Annotation()].name = annotation.value
      } else {
        table[key, default: Annotation()].keywords = annotation.value.split(separator: "|").map {
          String(trimmed($0))
        }.filter { !$0.isEmpty }
      }
    }
    guard found > 0 else { throw .malformed(path: path, line: nil, reason: "no annotations in it") }
  }

  private static let openTag = Array("<annotation ".utf8)
}

/// `text` without the spaces at either end (without Foundation, which
/// costs more than the rest of reading a file's 40,000 keywords).
private func trimmed(_ text: Substring) -> Substring {
  guard let first = text.firstIndex(where: { $0 != " " }), let last = text.lastIndex(where: { $0 != " " })
  else { return "" }
  return text[first...last]
}

/// One `<annotation cp="…" [type="tts"]>…</annotation>` line, its text
/// unescaped and made safe to show (no control characters).
private struct AnnotationLine {
  var codePoints: String
  var isName: Bool
  var value: String

  init?(_ line: ArraySlice<UInt8>) {
    guard let open = Self.end(of: "cp=\"", in: line, from: line.startIndex),
      let close = line[open...].firstIndex(of: 0x22),
      let tagEnd = line[close...].firstIndex(of: 0x3E),
      let end = Self.end(of: "</annotation>", in: line, from: tagEnd)
    else { return nil }
    let closeTag = end - "</annotation>".utf8.count
    guard let codePoints = Self.unescaped(line[open..<close]), !codePoints.isEmpty,
      let value = Self.unescaped(line[(tagEnd + 1)..<closeTag])
    else { return nil }
    self.codePoints = codePoints
    isName = Self.end(of: "type=\"tts\"", in: line[close..<tagEnd], from: close) != nil
    self.value = String(trimmed(Substring(SafeText.printable(value))))
  }

  /// Where `pattern` ends, first found at or after `start`.
  private static func end(of pattern: String, in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
    let wanted = Array(pattern.utf8)
    guard bytes.endIndex - wanted.count >= start else { return nil }
    for index in start...(bytes.endIndex - wanted.count) where bytes[index...].starts(with: wanted) {
      return index + wanted.count
    }
    return nil
  }

  /// The text with XML's five entities and numeric references replaced;
  /// nil for a stray `&` or text that is not UTF-8.
  static func unescaped(_ bytes: ArraySlice<UInt8>) -> String? {
    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
    guard bytes.contains(0x26) else { return text }
    var result = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      result += rest[..<amp]
      guard let semicolon = rest[amp...].firstIndex(of: ";") else { return nil }
      let name = rest[rest.index(after: amp)..<semicolon]
      switch name {
      case "amp": result += "&"
      case "lt": result += "<"
      case "gt": result += ">"
      case "quot": result += "\""
      case "apos": result += "'"
      default:
        let number =
          name.hasPrefix("#x")
          ? UInt32(name.dropFirst(2), radix: 16)
          : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
        guard let scalar = number.flatMap(Unicode.Scalar.init) else { return nil }
        result.unicodeScalars.append(scalar)
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return result + rest
  }
}

/// Why the user's language is not used.
public enum LanguageError: Error, Equatable, CustomStringConvertible {
  /// The system has no CLDR annotations (the package is not installed).
  case noData(directory: String)
  /// The system's CLDR has no annotations for this language.
  case unknown(String, available: [String])
  /// A file that is not CLDR's annotations.
  case malformed(path: String, line: Int?, reason: String)

  public var description: String {
    switch self {
    case .noData(let directory):
      "no emoji names in other languages on this system (\(directory) is missing; "
        + "install Debian's unicode-cldr-core)"
    case .unknown(let locale, let available):
      "no emoji names for '\(SafeText.escaped(locale))' on this system"
        + (available.isEmpty
          ? ""
          : " (it has \(available.prefix(12).joined(separator: ", "))\(available.count > 12 ? ", …" : ""))")
    case .malformed(let path, let line, let reason):
      "\(SafeText.escaped(path))\(line.map { ":\($0)" } ?? ""): \(reason)"
    }
  }
}
