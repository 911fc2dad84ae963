import Dispatch
import Foundation
import Support

/// The usage history (`UsageHistory`) on disk, beside the ratings file and
/// kept as the votes are: each use is saved at once behind the UI, on a
/// private serial queue (uses made before that save runs ride along), by
/// replacing the file atomically; a file that cannot be read as a history
/// is renamed aside, never written over; only the copy of the app that
/// holds the ratings file writes it.
///
/// Call `flush()` before the process exits.
public final class UsageHistoryStore: Sendable {
  /// The history file.
  public let path: String
  /// Whether uses are saved (the copy that holds the ratings file), or
  /// only read.
  public let isWritable: Bool
  /// What opening found that the person should know: a file set aside.
  public let notice: String?

  private let now: @Sendable () -> Date
  private let queue = DispatchQueue(label: "emoji-rater.usage-history")
  private let writer = AtomicFileWriter()
  private let state: Locked<State>

  private struct State {
    var history: UsageHistory
    /// Bumped by every change; `savedRevision` is the newest one on disk.
    var revision = 0
    var savedRevision = 0
    var saveQueued = false
    var lastSaveError: RatingsStoreError?
  }

  private init(
    path: String, isWritable: Bool, history: UsageHistory, notice: String?,
    now: @escaping @Sendable () -> Date
  ) {
    self.path = path
    self.isWritable = isWritable
    self.notice = notice
    self.now = now
    state = Locked(State(history: history))
  }

  /// Reads the history at `path`, if there is one. A file that is not a
  /// history is moved aside (by a store that may write) and the history
  /// starts empty; a file that cannot be read at all is left alone, and
  /// nothing is written over it.
  public static func open(
    path: String, writable: Bool, now: @escaping @Sendable () -> Date = { Date() }
  ) -> UsageHistoryStore {
    let data: Data?
    do {
      data = try RatingsDisk.readIfPresent(path, limit: 4 * 1024 * 1024)
    } catch {
      return UsageHistoryStore(
        path: path, isWritable: false, history: UsageHistory(),
        notice: "frequently used not kept: \(error)", now: now)
    }
    guard let data else {
      return UsageHistoryStore(
        path: path, isWritable: writable, history: UsageHistory(), notice: nil, now: now)
    }
    do {
      let history = try UsageHistoryFile.decode(data)
      return UsageHistoryStore(path: path, isWritable: writable, history: history, notice: nil, now: now)
    } catch {
      let name = (path as NSString).lastPathComponent
      guard writable else {
        return UsageHistoryStore(
          path: path, isWritable: false, history: UsageHistory(),
          notice: "\(name) is unreadable (\(error)); frequently used starts empty", now: now)
      }
      do {
        let keptAs = (try RatingsDisk.moveAside(path, at: now()) as NSString).lastPathComponent
        return UsageHistoryStore(
          path: path, isWritable: true, history: UsageHistory(),
          notice: "\(name) was unreadable (\(error)); kept as \(keptAs), frequently used starts afresh",
          now: now)
      } catch {
        return UsageHistoryStore(
          path: path, isWritable: false, history: UsageHistory(),
          notice: "\(name) is unreadable and could not be set aside: \(error)", now: now)
      }
    }
  }

  /// The emoji the "Frequently used" section shows now, first first.
  public var frequentlyUsed: [String] {
    let now = now()
    return state.withLock { $0.history.frequentlyUsed(at: now) }
  }

  /// The history as it is in memory.
  public var history: UsageHistory {
    state.withLock(\.history)
  }

  /// A use of the emoji with `identifier` now: copied, picked or voted on.
  public func record(_ identifier: String) {
    let time = now()
    change { $0.record(identifier, at: time) }
  }

  /// Forgets every use, on disk too.
  public func forget() {
    change { $0.forgetAll() }
  }

  /// Waits for every change to be on disk; throws the last save's error
  /// if it failed.
  public func flush() throws(RatingsStoreError) {
    guard isWritable else { return }
    queue.sync { save() }
    if let error = state.withLock(\.lastSaveError) { throw error }
  }

  private func change(_ body: (inout UsageHistory) -> Void) {
    let queueSave = state.withLock { state -> Bool in
      body(&state.history)
      state.revision += 1
      guard isWritable, !state.saveQueued else { return false }
      state.saveQueued = true
      return true
    }
    if queueSave { queue.async { self.save() } }
  }

  /// Writes the newest history if it is not on disk yet. On `queue` only.
  private func save() {
    let snapshot = state.withLock { state -> (history: UsageHistory, revision: Int)? in
      state.saveQueued = false
      guard state.revision != state.savedRevision else { return nil }
      return (state.history, state.revision)
    }
    guard let snapshot else { return }
    do {
      let target = try FileTarget.replaceable(path)
        .mapError { RatingsStoreError.notAFile(path: $0.path, reason: $0.reason) }.get()
      try writer.write(UsageHistoryFile.encode(snapshot.history), to: target)
      state.withLock { state in
        state.savedRevision = snapshot.revision
        state.lastSaveError = nil
      }
    } catch {
      // The next use tries again, and `flush` says so at exit.
      state.withLock { $0.lastSaveError = error }
    }
  }
}
