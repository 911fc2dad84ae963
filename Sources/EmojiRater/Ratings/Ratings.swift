import EmojiModel
import Foundation
import Support

/// Every vote a person has cast, keyed by `Emoji.identifier`.
///
/// Keys are identifiers, never grid positions: a new catalog that inserts
/// emoji moves positions but not identifiers, so no vote lands on the wrong
/// emoji. Iteration order is unspecified; `sortedByIdentifier()` is stable.
public struct Ratings: Collection, Equatable, Sendable {
  public typealias Element = (identifier: String, rating: Rating)
  public typealias Index = Dictionary<String, Rating>.Index

  private var byIdentifier: [String: Rating] = [:]

  public init() {}

  public var startIndex: Index { byIdentifier.startIndex }
  public var endIndex: Index { byIdentifier.endIndex }
  public var count: Int { byIdentifier.count }
  public var isEmpty: Bool { byIdentifier.isEmpty }
  public func index(after index: Index) -> Index { byIdentifier.index(after: index) }
  public subscript(position: Index) -> Element {
    let (identifier, rating) = byIdentifier[position]
    return (identifier, rating)
  }

  /// The rating of the emoji with this identifier, if it has one.
  public subscript(identifier: String) -> Rating? { byIdentifier[identifier] }

  /// The rating of `emoji`, if it has one.
  public subscript(emoji: Emoji) -> Rating? { byIdentifier[emoji.identifier] }

  /// Records `vote` for the emoji with `identifier`, replacing any earlier vote.
  ///
  /// `identifier` must be an `Emoji.identifier`: anything else could not be
  /// read back from the file, and the whole file would be set aside.
  public mutating func set(_ vote: Vote, for identifier: String, at time: Date) {
    precondition(Self.isValidIdentifier(identifier), "'\(identifier)' is not an emoji identifier")
    byIdentifier[identifier] = Rating(vote: vote, time: time)
  }

  /// Removes the vote for `identifier`; returns it, or nil if there was none.
  @discardableResult
  public mutating func clear(_ identifier: String) -> Rating? {
    byIdentifier.removeValue(forKey: identifier)
  }

  /// The ratings in identifier order: the order of the file, so its diffs stay small.
  public func sortedByIdentifier() -> [Element] {
    // Byte order: the same as String order for these ASCII keys, without its Unicode rules.
    byIdentifier.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { ($0.key, $0.value) }
  }

  public static func == (lhs: Ratings, rhs: Ratings) -> Bool {
    lhs.byIdentifier == rhs.byIdentifier
  }

  /// Whether `text` has the form of `Emoji.identifier`: code points in
  /// lowercase hex without leading zeros, joined by `-`. Only that exact
  /// spelling can ever match an emoji.
  public static func isValidIdentifier(_ text: String) -> Bool {
    guard !text.isEmpty else { return false }
    return text.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { part in
      // No control or direction override: an export prints the emoji, and
      // one that decoded to ESC ] 52 … would set the terminal's clipboard.
      guard part.count <= 6, let value = UInt32(part, radix: 16), let scalar = Unicode.Scalar(value),
        !SafeText.isUnsafe(scalar)
      else {
        return false
      }
      return String(value, radix: 16) == part
    }
  }
}
