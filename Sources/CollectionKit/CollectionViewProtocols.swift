/// Told when items come on and off screen, as `UICollectionViewDelegate` is.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
  func willDisplay(itemAt indexPath: IndexPath)
  func didEndDisplaying(itemAt indexPath: IndexPath)
}

/// Told which items will likely be needed soon, and which no longer, as
/// `UICollectionViewDataSourcePrefetching` is. Nearest items come first.
@MainActor
public protocol CollectionViewDataSourcePrefetching: AnyObject {
  func prefetchItems(at requests: [PrefetchPlanner.Prefetch])
  func cancelPrefetchingForItems(at indexPaths: [IndexPath])
}

extension PrefetchPlanner.Plan {
  /// Hands over what came on and off screen: what left first (freeing
  /// slots in a bounded pool), then what is visible. This belongs to the
  /// frame: a cell's display is counted the moment it shows.
  @MainActor
  public func deliverDisplays(to delegate: any CollectionViewDelegate) {
    for indexPath in didEndDisplaying { delegate.didEndDisplaying(itemAt: indexPath) }
    for indexPath in willDisplay { delegate.willDisplay(itemAt: indexPath) }
  }

  /// Hands over the prefetch lists: the cancellations first, then the
  /// requests, nearest first. UIKit calls these outside the layout pass,
  /// when the main thread is free; so can a caller.
  @MainActor
  public func deliverPrefetching(to prefetching: any CollectionViewDataSourcePrefetching) {
    let cancelled = cancelPrefetching
    if !cancelled.isEmpty { prefetching.cancelPrefetchingForItems(at: cancelled) }
    let requests = prefetch
    if !requests.isEmpty { prefetching.prefetchItems(at: requests) }
  }

  /// Whether there may be anything for a prefetching data source: the
  /// window or the screen moved. Cheap: the lists are not worked out.
  public var hasPrefetching: Bool { window != nil }
}
