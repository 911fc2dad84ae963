/// How cells get their data: the three pictures the app exists to compare.
public enum LoadingMode: String, CaseIterable, Codable, Sendable {
  /// Each frame loads at most one missing visible cell on the main thread,
  /// which waits: the classic choppy "before".
  case sync
  /// Loads start when a cell will display and stop when it leaves.
  case async
  /// `async`, plus loading the rows near the screen ahead of time.
  case prefetch

  /// The mode `m` switches to.
  public var next: LoadingMode {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  public var explanation: String {
    switch self {
    case .sync: "load on the main thread, one cell a frame (choppy)"
    case .async: "load in the background when a cell shows"
    case .prefetch: "also load the rows near the screen ahead of time"
    }
  }
}
