/// A person's verdict on one emoji.
///
/// There is no "cleared" case: clearing a vote removes the rating, so the
/// file lists only votes that were actually cast.
public enum Vote: String, CaseIterable, Hashable, Sendable {
  case up
  case down
}
