#if canImport(Glibc)
  import Glibc
#endif

// A signal handler may do almost nothing safely, and ncurses is not
// thread-safe, so signals are turned into bytes on a pipe (the self-pipe
// trick) and handled on the main queue like any other input.

/// The pipe's write end, set before any handler is installed. A global
/// because a C signal handler can capture nothing.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1
/// The quit watchdog's pipe (`QuitWatchdog`), -1 until it starts.
nonisolated(unsafe) var watchdogPipeWriteEnd: Int32 = -1

private func forwardSignal(_ signal: Int32) {
  let savedErrno = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(signalPipeWriteEnd, &byte, 1)
  if SignalForwarding.quitting.contains(signal), watchdogPipeWriteEnd >= 0 {
    _ = write(watchdogPipeWriteEnd, &byte, 1)
  }
  errno = savedErrno
}

/// Delivers signals as bytes readable on a pipe.
public enum SignalForwarding {
  /// The signals the app handles as events: quit requests, resize, suspend.
  public static let handled: [Int32] = quitting + [SIGWINCH, SIGTSTP, SIGCONT]

  /// Every signal whose default is to end the process (bar the crashes,
  /// which `CrashGuard` takes): each is a request to quit, and the app
  /// leaves as on `q` (votes saved, terminal restored) with 128 + its number.
  public static let quitting: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
    SIGPWR, SIGSTKFLT,
  ]

  /// Installs the handlers (before ncurses starts, so it keeps its hands off
  /// them) and returns the pipe's non-blocking read end.
  public static func install(_ signals: [Int32] = handled) -> Int32? {
    if signalPipeWriteEnd < 0 {
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { return nil }
      for fd in ends {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      }
      signalPipeWriteEnd = ends[1]
      readEnd = ends[0]
    }
    for number in signals { reinstall(number) }
    // A parent may have started us with these blocked (the mask is inherited
    // across exec); a blocked SIGHUP would leave us running after a hangup.
    var mask = sigset_t()
    sigemptyset(&mask)
    for number in signals { sigaddset(&mask, number) }
    pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    return readEnd
  }

  /// Puts the forwarding handler back on one signal (after a suspend reset it).
  public static func reinstall(_ number: Int32) {
    signal(number, forwardSignal)
  }

  /// Returns the handled signals to their default actions.
  public static func uninstall(_ signals: [Int32] = handled) {
    for number in signals { signal(number, SIG_DFL) }
  }

  /// The signals that arrived since the last call, oldest first.
  public static func drain() -> [Int32] {
    guard let readEnd else { return [] }
    var received: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(readEnd, &buffer, buffer.count)
      if count <= 0 { break }
      received += buffer[0..<count].map { Int32($0) }
    }
    return received
  }

  nonisolated(unsafe) private static var readEnd: Int32?
}
