import EmojiModel
import Foundation
import Support

/// Every vote as a row for spreadsheets and scripts (`emoji-rater export`):
/// the emoji, its name, code points, vote and time.
///
/// Rows are in catalog order (group, then position), so an export reads like
/// the grid. Votes for emoji the catalog does not have (cast with a newer
/// one) come last, in identifier order, with an empty name: they are still
/// the person's votes, and an export must not drop any.
public struct RatingsExport: Equatable, Sendable {
  /// One vote, with what the catalog knows about its emoji.
  public struct Row: Equatable, Sendable {
    /// The emoji itself, as text.
    public let emoji: String
    /// Unicode's short name; empty when the catalog does not have the emoji.
    public let name: String
    /// `U+1F469 U+200D U+1F4BB`, as `Emoji.codePoints` spells them.
    public let codePoints: String
    public let vote: Vote
    public let time: Date

    public init(emoji: String, name: String, codePoints: String, vote: Vote, time: Date) {
      self.emoji = emoji
      self.name = name
      self.codePoints = codePoints
      self.vote = vote
      self.time = time
    }
  }

  /// The output formats, by the names `--format` takes.
  public enum Format: String, CaseIterable, Sendable {
    case csv
    case json
  }

  public let rows: [Row]

  /// The rows of `ratings`, ordered by `catalog`.
  public init(ratings: Ratings, catalog: EmojiCatalog) {
    var placed = Set<String>()
    var rows: [Row] = []
    rows.reserveCapacity(ratings.count)
    for emoji in catalog.sections.flatMap(\.votableEmoji) {
      guard let rating = ratings[emoji.identifier] else { continue }
      placed.insert(emoji.identifier)
      rows.append(
        Row(
          emoji: emoji.string, name: emoji.name, codePoints: emoji.codePoints, vote: rating.vote,
          time: rating.time))
    }
    for (identifier, rating) in ratings.sortedByIdentifier() where !placed.contains(identifier) {
      // `Ratings` accepts only valid identifiers, so every part is a scalar.
      let scalars = identifier.split(separator: "-").compactMap {
        UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
      }
      let unknown = Emoji(scalars: scalars, name: "", group: "", subgroup: "", version: "")
      rows.append(
        Row(
          emoji: unknown.string, name: "", codePoints: unknown.codePoints, vote: rating.vote,
          time: rating.time))
    }
    self.rows = rows
  }

  /// The rows in `format`, ending in a line break.
  public func rendered(as format: Format) -> String {
    switch format {
    case .csv: return csv
    case .json: return json
    }
  }

  /// RFC 4180 CSV with a header line, records ended by LF (not CRLF): what
  /// Unix tools expect, and every spreadsheet reads it. Fields with a comma,
  /// quote, CR or LF are quoted, their quotes doubled; times are ISO 8601 UTC.
  public var csv: String {
    var text = "emoji,name,code_points,vote,time\n"
    for row in rows {
      let fields = [
        row.emoji, row.name, row.codePoints, row.vote.rawValue, RFC3339.format(row.time),
      ]
      text += fields.map(Self.csvField).joined(separator: ",") + "\n"
    }
    return text
  }

  /// A pretty-printed JSON array of objects, fields in the CSV's order:
  /// `emoji`, `name`, `codePoints`, `vote`, `time`. `[]` when there are no votes.
  public var json: String {
    // By hand rather than by JSONEncoder, whose key order is not the CSV's
    // (nor stable without sorting) and which escapes more than JSON needs.
    guard !rows.isEmpty else { return "[]\n" }
    let objects = rows.map { row in
      let fields = [
        ("emoji", row.emoji), ("name", row.name), ("codePoints", row.codePoints), ("vote", row.vote.rawValue),
        ("time", RFC3339.format(row.time)),
      ]
      let lines = fields.map { "    \(Self.jsonString($0.0)): \(Self.jsonString($0.1))" }
      return "  {\n" + lines.joined(separator: ",\n") + "\n  }"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
  }

  private static func csvField(_ field: String) -> String {
    // No terminal controls or direction overrides (the export may be read
    // on a terminal), and no cell a spreadsheet would run as a formula: one
    // that starts with = + - @ gets a quote before it (OWASP's rule).
    // Line breaks stay: they are quoted, as RFC 4180 has it.
    var field = String(
      String.UnicodeScalarView(
        field.unicodeScalars.filter { !SafeText.isUnsafe($0) || "\r\n".unicodeScalars.contains($0) }))
    if let first = field.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) { field = "'" + field }
    // By scalar, not Character: "\r\n" is one Character, and a quote with a
    // combining mark after it is another, so Character tests would miss them.
    let special: Set<Unicode.Scalar> = [",", "\"", "\r", "\n"]
    guard field.unicodeScalars.contains(where: special.contains) else { return field }
    var quoted = "\""
    for scalar in field.unicodeScalars {
      if scalar == "\"" { quoted.unicodeScalars.append("\"") }
      quoted.unicodeScalars.append(scalar)
    }
    quoted.unicodeScalars.append("\"")
    return quoted
  }

  /// A JSON string literal: quotes, backslashes and control characters
  /// escaped (RFC 8259 §7), and so are C1 controls and direction overrides,
  /// which JSON allows raw but a terminal would obey; everything else as UTF-8.
  private static func jsonString(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case _ where SafeText.isUnsafe(scalar):
        let hex = String(scalar.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }
}
