/// What the app made of a load when it took a slot: the rank the loader
/// gave it, how far its cell was from the screen, and how the ranking read
/// the view. The benchmark's load log (`bench --load-log`) writes it beside
/// what became of the load, so a change to the planner can be followed
/// load by load, not only in the sums of `LoadFates`.
public struct LoadReading: Equatable, Sendable {
  /// How the ranking read the view (`LoadDeadlines.urgency` has the rules).
  public enum View: String, Sendable {
    /// Moving, its pace read: each load goes by when its cell comes.
    case moving
    /// Moving, its pace not yet read: only a jump's screens go.
    case paceUnread = "pace-unread"
    /// Still, its pauses read (`StopOutlook`): by how long each cell will
    /// be seen with its data.
    case pause
    /// Still, the pause's length unknown: the screen first, then by distance.
    case still
  }

  /// Lower went first (`LoadDeadlines.urgency`, or the loader's own order
  /// without one); nil for a stale value's refresh.
  public var rank: Double?
  /// Rows past the screen's bottom edge, negative above its top, 0 on
  /// screen; nil for a cell the grid does not show (a search's exit).
  public var rowsFromScreen: Int?
  /// nil when the planner's ranking did not place it (the benchmark told
  /// the scroll, or the view had not been ranked yet).
  public var view: View?

  public init(rank: Double?, rowsFromScreen: Int?, view: View?) {
    self.rank = rank
    self.rowsFromScreen = rowsFromScreen
    self.view = view
  }
}
