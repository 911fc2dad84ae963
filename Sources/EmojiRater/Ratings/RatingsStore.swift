import Dispatch
import Foundation
import Loading
import Support

/// The person's votes, kept in memory for the UI and saved to disk behind it.
///
/// Votes are the person's own data, so the store never loses them quietly:
/// - every change schedules a save at once (no debounce), on a private
///   serial queue, so a vote costs the UI thread only a lock and a copy;
///   changes made before that save runs are coalesced into it;
/// - saves replace the file atomically (`AtomicFileWriter`);
/// - an unparsable file is renamed aside, never overwritten; a file from a
///   newer version is refused and left alone;
/// - a lock file keeps a second copy of the app read-only, so the two
///   never overwrite each other's votes; and should the lock file be
///   deleted under a running copy (letting another one in), each save
///   first merges what another copy saved (`Ratings.merging`), so neither
///   loses a vote.
///
/// Call `flush()` (or `close()`) before the process exits.
public final class RatingsStore: Sendable {
  /// What the store may do with votes.
  public enum Access: Equatable, Sendable {
    /// Votes change and are saved.
    case readWrite
    /// Another copy of the app owns the file: votes are loaded, changes are refused.
    case readOnly
    /// Votes change in memory only and are never saved (synthetic catalogs).
    case disabled
  }

  public let access: Access
  /// The ratings file; nil when disabled.
  public let path: String?
  /// What opening found that the person should know (see `RatingsNotice`).
  public let notices: [RatingsNotice]

  /// Where saves run: serial, so saves never overlap and happen in order.
  let queue = DispatchQueue(label: "emoji-rater.ratings-store")
  private let writer: AtomicFileWriter
  private let state: Locked<State>

  private struct State {
    var ratings: Ratings
    /// Bumped by every change; `savedRevision` is the newest one on disk.
    var revision = 0
    var savedRevision = 0
    /// A save is queued and has not yet taken its snapshot: later changes ride along.
    var saveQueued = false
    var retryQueued = false
    var lastSaveError: RatingsStoreError?
    /// Told on the store's queue when `lastSaveError` comes or goes.
    var onSaveProblem: (@Sendable (RatingsStoreError?) -> Void)?
    /// Held from open to close in a read-write store; nil otherwise.
    var lock: FileLock?
    var isClosed = false
    /// The votes as this store last read or wrote the file: a file that
    /// differs at the next save was written by another copy.
    var onDisk: Ratings
    /// When each vote cleared in this run was cleared, for merging.
    var cleared: [String: Date] = [:]
  }

  private init(
    access: Access, path: String?, ratings: Ratings, lock: FileLock?, notices: [RatingsNotice],
    writer: AtomicFileWriter
  ) {
    self.access = access
    self.path = path
    self.notices = notices
    self.writer = writer
    state = Locked(State(ratings: ratings, lock: lock, onDisk: ratings))
  }

  deinit {
    // Scheduled saves hold the store, so none is pending here, and none can
    // start: only a failed save's retry, which holds it weakly, may be due.
    // Try once more, then unlock.
    save()
    releaseLock()
  }

  // MARK: Opening

  /// Opens the ratings file at `location`, creating nothing but the lock file
  /// and (for `.standard`) its directory. Throws when votes could not be
  /// saved there at all, so the app can say so before anyone votes.
  public static func open(
    _ location: RatingsLocation,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(RatingsStoreError) -> RatingsStore {
    try open(location, environment: environment, writer: AtomicFileWriter(), now: { Date() })
  }

  /// A store that keeps votes in memory only, for catalogs whose emoji are
  /// not the person's real ones (`--items`).
  public static func disabled(reason: String) -> RatingsStore {
    RatingsStore(
      access: .disabled, path: nil, ratings: Ratings(), lock: nil, notices: [.notSaved(reason: reason)],
      writer: AtomicFileWriter())
  }

  /// `open`, with the save steps and the clock injectable for tests.
  static func open(
    _ location: RatingsLocation, environment: [String: String], writer: AtomicFileWriter,
    now: () -> Date
  ) throws(RatingsStoreError) -> RatingsStore {
    let path = try FileTarget.replaceable(try location.path(environment: environment))
      .mapError { RatingsStoreError.notAFile(path: $0.path, reason: $0.reason) }.get()
    let directory = RatingsDisk.directory(of: path)
    let file = (path as NSString).lastPathComponent
    if location == .standard { try RatingsDisk.createDirectories(directory) }
    try RatingsDisk.requireDirectory(directory)
    let lock = try FileLock.acquire(FileLock.path(for: path), directory: directory)
    do throws(RatingsStoreError) {
      if lock != nil {
        try RatingsDisk.requireWritable(directory, probe: AtomicFileWriter.temporaryPath(for: path))
      }
      let (ratings, notices) = try load(path, ownsFile: lock != nil, now: now)
      return RatingsStore(
        access: lock == nil ? .readOnly : .readWrite, path: path, ratings: ratings, lock: lock,
        notices: (lock == nil ? [.readOnly(file: file)] : []) + notices, writer: writer)
    } catch {
      lock?.release()
      throw error
    }
  }

  /// Reads the file if there is one. An unparsable file is moved aside
  /// when this store owns the file, and left for its owner otherwise.
  private static func load(
    _ path: String, ownsFile: Bool, now: () -> Date
  ) throws(RatingsStoreError) -> (Ratings, [RatingsNotice]) {
    guard let data = try RatingsDisk.readIfPresent(path) else { return (Ratings(), []) }
    let file = (path as NSString).lastPathComponent
    do {
      return (try RatingsFile.decode(data), [])
    } catch {
      if case .unsupportedVersion(let version) = error, error.isNewerVersion {
        throw .newerFileVersion(path: path, version: version)
      }
      guard ownsFile else { return (Ratings(), [.unreadableFileLeftAlone(file: file, problem: error)]) }
      let keptAs = (try RatingsDisk.moveAside(path, at: now()) as NSString).lastPathComponent
      return (Ratings(), [.keptUnreadableFile(file: file, keptAs: keptAs, problem: error)])
    }
  }

  // MARK: Votes

  /// A snapshot of every vote (a copy-on-write value: cheap to take).
  public var ratings: Ratings { state.withLock { $0.ratings } }

  /// The vote for the emoji with `identifier`, if any.
  public func rating(for identifier: String) -> Rating? {
    state.withLock { $0.ratings[identifier] }
  }

  /// Whether `set` and `clear` change anything: false when read-only or closed.
  public var acceptsVotes: Bool {
    access != .readOnly && !state.withLock { $0.isClosed }
  }

  /// Records a vote and schedules its save. Returns false, changing
  /// nothing, when the store does not accept votes (read-only or closed).
  @discardableResult
  public func set(_ vote: Vote, for identifier: String, at time: Date = Date()) -> Bool {
    change {
      $0.ratings.set(vote, for: identifier, at: time)
      $0.cleared[identifier] = nil
      return true
    }
  }

  /// Removes a vote and schedules the save. Returns false when the store
  /// does not accept votes; true otherwise, whether or not there was a vote.
  @discardableResult
  public func clear(_ identifier: String) -> Bool {
    change {
      guard $0.ratings.clear(identifier) != nil else { return false }
      $0.cleared[identifier] = Date()
      return true
    }
  }

  /// A human-readable summary of `notices`, for the status line; nil when there is nothing to say.
  public var notice: String? {
    notices.isEmpty ? nil : notices.map(\.description).joined(separator: "; ")
  }

  // MARK: Saving

  /// The last save's failure, while the votes it should have saved are not
  /// on disk yet (saving is retried every second, and on every change).
  public var lastSaveError: RatingsStoreError? {
    state.withLock { $0.revision == $0.savedRevision ? nil : $0.lastSaveError }
  }

  /// Tells `handler` (on the store's queue) whenever the votes stop being
  /// saved, with why, and when they are saved again, with nil: a screen
  /// can say so at once, and until a save succeeds, without asking.
  public func watchSaveProblems(_ handler: @escaping @Sendable (RatingsStoreError?) -> Void) {
    state.withLock { $0.onSaveProblem = handler }
  }

  /// Blocks until every change made so far is on disk. Throws when it
  /// cannot be saved; the votes stay in memory and saving is retried.
  /// Never call it from the store's own queue.
  public func flush() throws(RatingsStoreError) {
    guard access == .readWrite else { return }
    queue.sync { save() }
    if let error = lastSaveError { throw error }
  }

  /// Refuses later votes, saves what is left and releases the lock, so
  /// another copy may take it. Safe to call more than once.
  public func close() throws(RatingsStoreError) {
    // Refuse first: a vote cast during the final save would otherwise be
    // accepted and then never written.
    state.withLock { $0.isClosed = true }
    defer { releaseLock() }
    try flush()
  }

  /// The votes in the file if another writer changed it since `known`;
  /// nil if it is as this store left it (or gone). A file no longer
  /// readable as ratings is moved aside first, as at open: never written over.
  private static func votesSavedByAnother(at path: String, since known: Ratings) throws(RatingsStoreError)
    -> Ratings?
  {
    guard let data = try? RatingsDisk.readIfPresent(path) else { return nil }
    do {
      let theirs = try RatingsFile.decode(data)
      return theirs == known ? nil : theirs
    } catch {
      _ = try RatingsDisk.moveAside(path, at: Date())
      return nil
    }
  }

  /// Locks the lock file again if it was deleted or replaced, so a copy
  /// started from now on finds it held. If another copy got there first,
  /// both write, and the merge in `save` keeps every vote.
  private func relockIfTheLockFileWentAway(_ lockPath: String) {
    guard let lock = state.withLock({ $0.lock }), !lock.isStill(at: lockPath) else { return }
    guard let directory = path.map(RatingsDisk.directory(of:)),
      let fresh = try? FileLock.acquire(lockPath, directory: directory)
    else { return }
    state.withLock { state in
      state.lock?.release()
      state.lock = fresh
    }
  }

  private func releaseLock() {
    state.withLock { state in
      state.lock?.release()
      state.lock = nil
    }
  }

  /// Applies `body` if votes are accepted; when it changed something, bumps
  /// the revision and queues a save unless one is already waiting.
  private func change(_ body: (inout State) -> Bool) -> Bool {
    guard access != .readOnly else { return false }
    let queueSave = state.withLock { state -> Bool? in
      guard !state.isClosed else { return nil }
      guard body(&state) else { return false }
      state.revision += 1
      guard access == .readWrite, !state.saveQueued else { return false }
      state.saveQueued = true
      return true
    }
    guard let queueSave else { return false }
    if queueSave {
      // Holds the store until the save has run: a vote is saved even if
      // the app drops its last reference right after casting it.
      queue.async { self.save() }
    }
    return true
  }

  /// Writes the newest snapshot if it is not on disk yet. Runs on `queue`
  /// only, or once the store is gone (`deinit`): never two at a time.
  private func save() {
    let snapshot = state.withLock {
      state -> (ratings: Ratings, revision: Int, onDisk: Ratings, cleared: [String: Date])? in
      state.saveQueued = false
      guard state.revision != state.savedRevision, state.lock != nil else { return nil }
      return (state.ratings, state.revision, state.onDisk, state.cleared)
    }
    guard let snapshot, let path else { return }
    relockIfTheLockFileWentAway(FileLock.path(for: path))
    do {
      // Another copy let in by a deleted lock file may have saved since:
      // its votes are merged in, not written over.
      var saving = snapshot.ratings
      if let theirs = try Self.votesSavedByAnother(at: path, since: snapshot.onDisk) {
        saving = saving.merging(theirs, base: snapshot.onDisk, cleared: snapshot.cleared)
      }
      try writer.write(RatingsFile.encode(saving), to: path)
      let recovered = state.withLock { state -> (@Sendable (RatingsStoreError?) -> Void)? in
        defer { state.lastSaveError = nil }
        state.savedRevision = snapshot.revision
        state.onDisk = saving
        // What came from the other copy is ours too now, unless changed here meanwhile.
        for identifier in Set(saving.map(\.identifier)).union(snapshot.ratings.map(\.identifier))
        where saving[identifier] != snapshot.ratings[identifier]
          && state.ratings[identifier] == snapshot.ratings[identifier]
        {
          if let rating = saving[identifier] {
            state.ratings.set(rating.vote, for: identifier, at: rating.time)
          } else {
            state.ratings.clear(identifier)
          }
        }
        return state.lastSaveError == nil ? nil : state.onSaveProblem
      }
      recovered?(nil)
    } catch {
      let (queueRetry, tell) = state.withLock { state in
        defer {
          state.lastSaveError = error
          state.retryQueued = true
        }
        return (!state.retryQueued, state.lastSaveError == error ? nil : state.onSaveProblem)
      }
      tell?(error)
      if queueRetry {
        // Weak: a disk that stays broken must not keep a dropped store alive forever.
        queue.asyncAfter(deadline: .now() + 1) { [weak self] in
          self?.state.withLock { $0.retryQueued = false }
          self?.save()
        }
      }
    }
  }
}
