import Foundation

/// How urgently an item is wanted: visible cells first, then near-visible
/// rows nearest the viewport. Under a bounded pool this decides who waits.
public enum LoadPriority: Equatable, Sendable {
  case visible
  /// `distance` rows beyond the viewport's edge (1 = the next row).
  case prefetch(distance: Int)

  /// The `OperationQueue` priority: the queue runs higher levels first and
  /// keeps FIFO order within one.
  public var queuePriority: Operation.QueuePriority {
    switch self {
    case .visible: .veryHigh
    case .prefetch(let distance) where distance <= 1: .high
    case .prefetch(let distance) where distance <= 3: .normal
    case .prefetch(let distance) where distance <= 6: .low
    case .prefetch: .veryLow
    }
  }
}

/// Where one item stands, as the screen sees it.
public enum ItemState<Value: Sendable>: Sendable {
  /// Never asked for, or cancelled.
  case absent
  case loading
  case loaded(Value)
  /// The last load failed; asking for it as visible again retries.
  case failed
}
