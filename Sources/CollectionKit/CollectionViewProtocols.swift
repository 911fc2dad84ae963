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
  /// Hands the plan over in the order that keeps a bounded pool honest:
  /// what left first (freeing slots), then what is visible (so it queues
  /// ahead of everything), then the prefetches, nearest first.
  @MainActor
  public func deliver(
    to delegate: any CollectionViewDelegate, prefetching: (any CollectionViewDataSourcePrefetching)?
  ) {
    for indexPath in didEndDisplaying { delegate.didEndDisplaying(itemAt: indexPath) }
    if !cancelPrefetching.isEmpty { prefetching?.cancelPrefetchingForItems(at: cancelPrefetching) }
    for indexPath in willDisplay { delegate.willDisplay(itemAt: indexPath) }
    if !prefetch.isEmpty { prefetching?.prefetchItems(at: prefetch) }
  }
}
