import Foundation

extension Ratings {
  /// These votes merged with `theirs`, the votes another copy of the app
  /// saved to the same file, given `base`, the file as this copy last read
  /// or wrote it. A three-way merge, emoji by emoji: what only one side
  /// changed since `base` takes that side's change (a vote, or a clear);
  /// where both changed, the newer vote wins, a vote cleared here stays
  /// cleared unless theirs was cast after the clear (`cleared` holds when),
  /// and a vote cleared there but cast again here stays.
  func merging(_ theirs: Ratings, base: Ratings, cleared: [String: Date]) -> Ratings {
    var merged = self
    let identifiers = Set(theirs.map(\.identifier)).union(map(\.identifier)).union(base.map(\.identifier))
    for identifier in identifiers {
      let ours = self[identifier]
      let their = theirs[identifier]
      let was = base[identifier]
      let result: Rating?
      if ours == was {
        result = their
      } else if their == was {
        result = ours
      } else if let ours, let their {
        result = their.time > ours.time ? their : ours
      } else if let their {
        result = cleared[identifier].map { $0 < their.time } ?? true ? their : nil
      } else {
        result = ours
      }
      if let result {
        merged.set(result.vote, for: identifier, at: result.time)
      } else {
        merged.clear(identifier)
      }
    }
    return merged
  }
}
