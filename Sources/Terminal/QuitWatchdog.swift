import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Honours a request to quit (SIGTERM, SIGHUP, …) within a second,
/// whatever the main thread is doing.
///
/// Signals are handled on the main queue like any other input, so a main
/// thread that is busy — a `sync` load can block it for the whole latency
/// — would leave SIGTERM waiting. The signal handler also wakes this
/// thread; if the main thread has not begun to quit `grace` seconds later,
/// the thread runs the app's last resort (restore the terminal, save the
/// votes) and ends the process with 128 + the signal.
public enum QuitWatchdog {
  private static let quitBegun = Atomic<Bool>(false)

  /// Starts the watchdog thread; `lastResort` runs on it, never on the main thread.
  public static func start(grace: Double = 1, lastResort: @escaping @Sendable (Int32) -> Void) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    watchdogPipeWriteEnd = ends[1]
    let readEnd = ends[0]
    let thread = Thread {
      var byte: UInt8 = 0
      while true {
        let count = read(readEnd, &byte, 1)
        if count < 0 && errno == EINTR { continue }
        guard count == 1 else { return }
        usleep(UInt32(grace * 1_000_000))
        if quitBegun.load(ordering: .acquiring) { continue }
        lastResort(Int32(byte))
        _exit(128 + Int32(byte))
      }
    }
    thread.name = "quit watchdog"
    thread.start()
  }

  /// The main thread is quitting in the ordinary way: the watchdog stands down.
  public static func quitting() {
    quitBegun.store(true, ordering: .releasing)
  }
}
