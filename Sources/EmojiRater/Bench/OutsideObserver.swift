import CollectionKit

/// The benchmark's second opinion: frame figures worked out only from what
/// could be seen from outside the app — when each key was typed into its
/// terminal, and when each piece of output came out of it — so nobody has
/// to take the HUD on its word.
///
/// A frame with nothing new sends nothing, so a silence on the terminal is
/// not by itself a late frame. What the outside can judge honestly:
///
/// - **every gap**, in a run whose screen changes at every frame (`sync`:
///   each frame loads a missing cell and draws it). A gap `g` between two
///   outputs (or an edge of the window) is `g − period` of hitch (the later
///   frame came that much after a period on from the earlier), and
///   `round(g ÷ period) − 1` frames that should have come out in it and
///   did not;
/// - **the gaps after a key**, in any run: a key typed at `t` is due on
///   screen by `t + 2 periods` (the next tick within a period, its output
///   within the one after); whatever comes later than that is hitch, and
///   its whole periods dropped frames. Keys answered by the same output
///   count once, from the earliest.
///
/// The second is a lower bound on the app's own figures (the app also
/// counts late frames that no key was waiting for); the first should match
/// them. Times are nanoseconds on one monotonic clock.
public struct OutsideObserver: Sendable {
  public enum Judged: String, Codable, Sendable {
    case everyGap = "every gap"
    case afterKeys = "after keys"
  }

  public var period: UInt64
  public var judged: Judged

  public init(period: UInt64, judged: Judged) {
    self.period = period
    self.judged = judged
  }

  /// What the outside saw between `from` and `to`.
  public struct View: Codable, Equatable, Sendable {
    public var judged: Judged
    /// Pieces of output (a piece may hold more than one frame).
    public var outputs: Int
    /// The longest silence in the window, in milliseconds.
    public var longestGap: Double
    public var dropped: Int
    /// Hitch milliseconds per second of the window.
    public var hitchRatio: Double
    /// From a key typed to the first output after it, in milliseconds.
    public var keyToScreenP50: Double?
    public var keyToScreenP95: Double?
    public var keyToScreenMax: Double?
  }

  public func view(keys: [UInt64], outputs: [UInt64], from: UInt64, to: UInt64) -> View {
    let seen = outputs.filter { (from...to).contains($0) }
    // The window's edges bound its first and last silences: in a run whose
    // screen changes at every frame, the screen standing still from the
    // start of the window to its first output is a late frame too.
    let edges = [from] + seen + [to]
    let gaps = zip(edges, edges.dropFirst()).map { $1 - $0 }
    var hitch: UInt64 = 0
    var dropped = 0
    var latencies: [UInt64] = []
    var answered = Set<UInt64>()
    for key in keys where (from...to).contains(key) {
      let index = seen.partitioningIndex { $0 >= key }
      guard index < seen.count else { continue }
      let output = seen[index]
      latencies.append(output - key)
      // Keys come in time order: the first to find an output is the one that waited longest.
      guard judged == .afterKeys, answered.insert(output).inserted else { continue }
      let due = key + 2 * period
      if output > due {
        hitch += output - due
        dropped += Int((output - due) / period)
      }
    }
    if judged == .everyGap {
      for gap in gaps where gap > period {
        hitch += gap - period
        dropped += Int((Double(gap) / Double(period)).rounded()) - 1
      }
    }
    let window = Double(to > from ? to - from : 0) / 1e9
    latencies.sort()
    func percentile(_ p: Double) -> Double? {
      latencies.isEmpty
        ? nil : Self.milliseconds(latencies[min(latencies.count - 1, Int(p / 100 * Double(latencies.count)))])
    }
    return View(
      judged: judged, outputs: seen.count, longestGap: gaps.max().map(Self.milliseconds) ?? 0,
      dropped: dropped,
      hitchRatio: window > 0 ? Self.milliseconds(hitch) / window : 0, keyToScreenP50: percentile(50),
      keyToScreenP95: percentile(95), keyToScreenMax: latencies.last.map(Self.milliseconds))
  }

  /// Whether the app's own figures and the outside's part by more than 10 %
  /// or two frames. Judging every gap, they must match; judging after keys
  /// only, the outside's are a floor the app's must reach.
  public func disagrees(view: View, appDropped: Int, appHitchRatio: Double, seconds: Double) -> Bool {
    // Two frames' worth of hitch over the window, in ms/s.
    let frameSlack = 2 * Self.milliseconds(period) / max(seconds, 0.001)
    let droppedSlack = max(2, Int((0.1 * Double(max(view.dropped, appDropped))).rounded()))
    let hitchSlack = max(frameSlack, 0.1 * max(view.hitchRatio, appHitchRatio))
    switch judged {
    case .everyGap:
      return abs(view.dropped - appDropped) > droppedSlack
        || abs(view.hitchRatio - appHitchRatio) > hitchSlack
    case .afterKeys:
      return view.dropped > appDropped + droppedSlack || view.hitchRatio > appHitchRatio + hitchSlack
    }
  }

  static func milliseconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1e6 }
}
