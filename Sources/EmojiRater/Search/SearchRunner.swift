import EmojiModel
import Foundation
import Loading
import Support

/// Ranks queries off the main thread, so that typing never waits for it:
/// all of them for a catalog too long to rank inside a frame
/// (`AppState.inlineSearchLimit` items, `--items 1000000`), and any typed
/// in the moment before a short catalog's index is built. The index is
/// built on the runner's queue as the app starts, then each query in turn.
/// A newer query cancels the one still ranking (which stops within 65,536
/// positions), so the queue never works on a query nobody sees. Results
/// come back on the main queue.
public final class SearchRunner: Sendable {
  private let queue = OperationQueue()
  private let index = Locked<SearchIndex?>(nil)
  private let indexing: Operation
  /// The last query asked for, cancelled when another comes.
  private let latest = Locked<Operation?>(nil)
  /// Where a query is handed to `queue`: adding an operation while another
  /// ranks took the main thread 1.5 to 4.4 ms a keystroke at a million
  /// items (`emoji-rater bench --traces search --items 1000000`), the
  /// queue's own bookkeeping waiting on the ranking thread. In order, so
  /// the newest query is still the last added.
  private let handOff = DispatchQueue(label: "emoji-rater.search.hand-off")

  /// Starts building `catalog`'s index at once, off the main thread, and
  /// hands it to `indexed` on the main queue when built.
  public init(catalog: EmojiCatalog, indexed: @escaping @MainActor @Sendable (SearchIndex) -> Void = { _ in })
  {
    queue.name = "emoji-rater.search"
    queue.maxConcurrentOperationCount = 1
    queue.qualityOfService = .userInitiated
    let index = index
    indexing = BlockOperation {
      let built = SearchIndex(catalog)
      index.withLock { $0 = built }
      DispatchQueue.main.async { MainActor.assumeIsolated { indexed(built) } }
    }
    queue.addOperation(indexing)
  }

  /// Ranks the search the state waits on among what its filter keeps, and
  /// hands the results to `deliver` on the main queue; nothing, if cancelled.
  public func rank(
    _ search: AppState.PendingSearch, deliver: @escaping @MainActor @Sendable (SearchResults) -> Void
  ) {
    let operation = RankOperation(search, index: index, deliver: deliver)
    operation.addDependency(indexing)
    latest.withLock {
      $0?.cancel()
      $0 = operation
    }
    let queue = queue
    handOff.async { queue.addOperation(operation) }
  }

  deinit {
    queue.cancelAllOperations()
  }
}

/// One query's ranking, cancellable part way.
private final class RankOperation: Operation, @unchecked Sendable {
  // @unchecked: every property is set once, before the queue has it.
  private let search: AppState.PendingSearch
  private let index: Locked<SearchIndex?>
  private let deliver: @MainActor @Sendable (SearchResults) -> Void

  init(
    _ search: AppState.PendingSearch, index: Locked<SearchIndex?>,
    deliver: @escaping @MainActor @Sendable (SearchResults) -> Void
  ) {
    self.search = search
    self.index = index
    self.deliver = deliver
  }

  override func main() {
    guard !isCancelled, let index = index.withLock({ $0 }) else { return }
    guard
      let results = SearchResults.rank(
        search.query, in: index, among: search.candidates, filterGeneration: search.filterGeneration,
        isCancelled: { self.isCancelled })
    else { return }
    let deliver = deliver
    DispatchQueue.main.async { MainActor.assumeIsolated { deliver(results) } }
  }
}
