import Foundation
import Support

/// The ratings file format: versioned JSON, one vote a line, sorted by emoji
/// identifier so that a diff of two saves shows just the votes that changed.
///
///     {
///       "version": 1,
///       "ratings": [
///         {"emoji": "1f600", "vote": "up", "time": "2026-11-22T02:00:00Z"}
///       ]
///     }
enum RatingsFile {
  /// The format this build writes and reads.
  static let version = 1

  static func encode(_ ratings: Ratings) -> Data {
    // Written by hand rather than by JSONEncoder for the one-vote-a-line
    // layout. No escaping is needed: identifiers are hex and dashes
    // (`Ratings.set` checks), votes and times are fixed spellings.
    let lines = ratings.sortedByIdentifier().map { entry in
      let time = RFC3339.format(entry.rating.time)
      return "    {\"emoji\": \"\(entry.identifier)\", \"vote\": \"\(entry.rating.vote.rawValue)\", "
        + "\"time\": \"\(time)\"}"
    }
    let list = lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n  ]"
    return Data("{\n  \"version\": \(version),\n  \"ratings\": \(list)\n}\n".utf8)
  }

  /// Reads a ratings file. The version is checked before anything else, so
  /// a newer file is reported as such rather than as a pile of entry errors.
  static func decode(_ data: Data) throws(RatingsFileError) -> Ratings {
    let header = try decode(Header.self, from: data)
    guard let number = header.version else { throw .badDocument("no \"version\" field") }
    guard let version = Int(exactly: number) else {
      throw .badDocument("\"version\" is \(number), not a whole number")
    }
    guard version == Self.version else { throw .unsupportedVersion(version) }
    let body = try decode(Body.self, from: data)
    var ratings = Ratings()
    var indexOfIdentifier: [String: Int] = [:]
    for (index, entry) in body.ratings.enumerated() {
      func fail(_ problem: String) -> RatingsFileError {
        .badEntry(index: index, emoji: entry.emoji, problem: problem)
      }
      guard Ratings.isValidIdentifier(entry.emoji) else {
        throw fail("\"emoji\" is not an emoji identifier (lowercase hex code points joined by '-')")
      }
      guard let vote = Vote(rawValue: entry.vote) else {
        throw fail("\"vote\" is \"\(entry.vote)\"; expected \"up\" or \"down\"")
      }
      guard let time = RFC3339.parse(entry.time) else {
        throw fail("\"time\" is \"\(entry.time)\"; expected a time like \"2026-11-22T02:00:00Z\"")
      }
      if let earlier = indexOfIdentifier.updateValue(index, forKey: entry.emoji) {
        throw fail("the emoji is rated twice (also entry \(earlier + 1))")
      }
      ratings.set(vote, for: entry.emoji, at: time)
    }
    return ratings
  }

  private struct Header: Decodable {
    // A Double, so that `1.5` is reported as such instead of as invalid JSON.
    var version: Double?
  }

  private struct Body: Decodable {
    var ratings: [Entry]
  }

  private struct Entry: Decodable {
    var emoji: String
    var vote: String
    var time: String
  }

  private static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(RatingsFileError) -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      throw explain(error, data: data)
    } catch {
      throw .notJSON("\(error)")
    }
  }

  /// Turns a decoding error into one that names the entry and the field.
  private static func explain(_ error: DecodingError, data: Data) -> RatingsFileError {
    let path: [any CodingKey]
    let problem: String
    switch error {
    case .keyNotFound(let key, let context):
      (path, problem) = (context.codingPath + [key], "is missing")
    case .valueNotFound(_, let context):
      (path, problem) = (context.codingPath, "is null")
    case .typeMismatch(let type, let context):
      (path, problem) = (context.codingPath, "is not \(describe(type))")
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return .notJSON(syntaxError(in: data)) }
      (path, problem) = (context.codingPath, context.debugDescription)
    @unknown default:
      return .badDocument("\(error)")
    }
    // Paths are [] (the document), ["ratings"], ["ratings", index] or ["ratings", index, field].
    guard let first = path.first else { return .badDocument("the file is not a JSON object") }
    guard path.count > 1, let index = path[1].intValue else {
      return .badDocument("\"\(first.stringValue)\" \(problem)")
    }
    guard path.count > 2 else {
      return .badEntry(index: index, emoji: nil, problem: "is not an object")
    }
    return .badEntry(
      index: index, emoji: nil, problem: "\"\(SafeText.escaped(path[2].stringValue))\" \(problem)")
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Double.Type: return "a number"
    case is [Any].Type: return "a list"
    default: return "the right type"
    }
  }

  /// JSONDecoder on Linux says only "not valid JSON"; JSONSerialization says where.
  private static func syntaxError(in data: Data) -> String {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return "unreadable"
    } catch {
      return ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
    }
  }
}
