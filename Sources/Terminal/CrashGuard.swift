#if canImport(Glibc)
  import Glibc
#endif

// If the app crashes while the screen is in raw mode on the alternate screen,
// the person's shell is left unusable. The crash handler writes reset
// sequences computed in advance and restores the saved terminal modes with
// tcsetattr — both async-signal-safe — and then hands the signal on to
// whatever handled it before (Swift's backtracer), so the crash still reports.

nonisolated(unsafe) private var crashResetBytes: UnsafeMutableBufferPointer<UInt8>?
nonisolated(unsafe) private var crashSavedModes = termios()
/// Indexed by signal number: the handlers that were there before ours.
nonisolated(unsafe) private var crashPreviousActionList = UnsafeMutablePointer<sigaction>.allocate(
  capacity: 32)

private func restoreTerminalAfterCrash(_ signal: Int32) {
  restoreTerminal()
  // Hand the signal to the previous handler: it is delivered as soon as this
  // one returns (the signal is blocked while we run).
  _ = sigaction(signal, crashPreviousActionList + Int(signal), nil)
  _ = raise(signal)
}

/// Writes the precomputed reset and puts the saved modes back: async-signal-safe.
private func restoreTerminal() {
  if let bytes = crashResetBytes, let base = bytes.baseAddress {
    _ = write(STDOUT_FILENO, base, bytes.count)
  }
  _ = tcsetattr(STDIN_FILENO, TCSANOW, &crashSavedModes)
}

/// Restores the terminal if the process dies of a fatal signal.
public enum CrashGuard {
  /// SIGQUIT too: `kill -QUIT` asks for a core dump and Swift's backtrace,
  /// which should land on the person's own screen, not over the app's.
  static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT, SIGSYS]

  /// Restores the terminal from any thread, without ncurses (whose state
  /// may be mid-frame on the main thread): for a last-resort exit.
  public static func restoreTerminalNow() {
    guard crashResetBytes != nil else { return }
    restoreTerminal()
  }

  /// Arms the guard with the bytes that undo the screen setup and the
  /// terminal modes to restore.
  static func arm(resetSequence: [UInt8], savedModes: termios) {
    let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: resetSequence.count)
    _ = bytes.initialize(from: resetSequence)
    crashResetBytes = bytes
    crashSavedModes = savedModes
    giveThisThreadASignalStack()
    for number in fatalSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = restoreTerminalAfterCrash
      sigemptyset(&action.sa_mask)
      // On the alternate stack: a stack overflow leaves no room on the
      // thread's own for the handler, and the terminal would stay raw.
      action.sa_flags = SA_ONSTACK
      _ = sigaction(number, &action, crashPreviousActionList + Int(number))
    }
  }

  /// A stack of its own for signal handlers on the calling thread (the main
  /// thread, where the app's own code runs), made once.
  static func giveThisThreadASignalStack() {
    var current = stack_t()
    guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
    let size = 256 * 1024
    guard let memory = malloc(size) else { return }
    var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
    sigaltstack(&stack, nil)
  }

  /// Puts the previous handlers back once the screen is restored normally.
  static func disarm() {
    guard crashResetBytes != nil else { return }
    for number in fatalSignals {
      _ = sigaction(number, crashPreviousActionList + Int(number), nil)
    }
    crashResetBytes?.deallocate()
    crashResetBytes = nil
  }
}
