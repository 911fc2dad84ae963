import Logging
import PostgresNIO
import Support

/// The server's connections to PostgreSQL, each leased from postgres-nio's
/// pool once and held: an operation borrows one here and gives it back.
///
/// Why not the pool alone: it sets an idle timer each time a connection
/// goes back to it, and a cancelled timer's task is held until its time
/// would have come (60 s): at thousands of queries a second, hundreds of
/// megabytes. Its own minimum of connections, which sets no such timer,
/// stops the process on a failed precondition when PostgreSQL goes away.
/// Here a connection goes back to the pool only when it broke, and is
/// leased again a second later.
final class HeldConnections: Sendable {
  /// A connection held, and how to let it go (when it broke).
  struct Held: Sendable {
    let connection: PostgresConnection
    let letGo: @Sendable () -> Void
  }

  private struct Waiter {
    let id: UInt64
    let continuation: CheckedContinuation<Held, any Error>
  }

  private struct State {
    var idle: [Held] = []
    var waiting: [Waiter] = []
    var lastID: UInt64 = 0
  }

  private let state = Locked(State())
  private let holders = Locked([Task<Void, Never>]())

  /// Starts `count` holders, each leasing a connection from `client`,
  /// offering it here until it breaks, and leasing another.
  func start(_ count: Int, from client: PostgresClient, logger: Logger) {
    let started = (0..<count).map { _ in
      Task { [self] in
        while !Task.isCancelled {
          do {
            try await client.withConnection { connection in
              let (broken, breaks) = AsyncStream<Void>.makeStream()
              // A connection PostgreSQL closed (a restart) is leased afresh at once.
              connection.closeFuture.whenComplete { _ in breaks.finish() }
              offer(Held(connection: connection, letGo: { breaks.finish() }))
              for await _ in broken {}  // Until it closes or is let go, or the holder is stopped.
            }
          } catch {
            if Task.isCancelled { return }
            logger.debug("a held connection to PostgreSQL failed: \(error)")
          }
          try? await Task.sleep(for: .seconds(1))
        }
      }
    }
    holders.withLock { $0 += started }
  }

  /// Stops the holders: their connections go back to the pool.
  func stop() {
    for holder in holders.withLock({ $0 }) { holder.cancel() }
  }

  /// Runs `body` on a connection borrowed for it, waiting for one if none
  /// is free (until the task is cancelled). A connection that broke under
  /// `body` is let go rather than given back.
  func withConnection<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
    let held = try await borrow()
    do {
      let result = try await body(held.connection)
      offer(held)
      return result
    } catch {
      if held.connection.isClosed { held.letGo() } else { offer(held) }
      throw error
    }
  }

  private func borrow() async throws -> Held {
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let ready = state.withLock { state -> Result<Held, any Error>? in
          // One that closed while free is dropped: a query on it would never
          // be answered, and its holder is leasing another.
          state.idle.removeAll { $0.connection.isClosed }
          if let held = state.idle.popLast() { return .success(held) }
          // Cancelled before it waited: the handler below found nothing to cancel.
          if Task.isCancelled { return .failure(CancellationError()) }
          state.waiting.append(Waiter(id: id, continuation: continuation))
          return nil
        }
        if let ready { continuation.resume(with: ready) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiting.remove(at: index)
      }
      waiter?.continuation.resume(throwing: CancellationError())
    }
  }

  /// A connection free: to the operation that has waited longest, or kept.
  private func offer(_ held: Held) {
    guard !held.connection.isClosed else { return }
    let waiter = state.withLock { state -> Waiter? in
      guard !state.waiting.isEmpty else {
        state.idle.append(held)
        return nil
      }
      return state.waiting.removeFirst()
    }
    waiter?.continuation.resume(returning: held)
  }
}
