import Testing

@testable import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// The crash guard's handlers run on a stack of their own, so a stack
/// overflow (no room left on the thread's) still restores the terminal.
@Suite(.serialized) struct CrashGuardTests {
  @Test func theHandlersRunOnAnAlternateStack() {
    var before = sigaction()
    sigaction(SIGSEGV, nil, &before)
    CrashGuard.arm(resetSequence: Array("\u{1B}[?1049l".utf8), savedModes: termios())
    defer { CrashGuard.disarm() }
    var installed = sigaction()
    sigaction(SIGSEGV, nil, &installed)
    #expect(installed.sa_flags & Int32(SA_ONSTACK) != 0)
    var stack = stack_t()
    sigaltstack(nil, &stack)
    #expect(stack.ss_flags & Int32(SS_DISABLE) == 0, "this thread has an alternate signal stack")
    #expect(stack.ss_size >= 64 * 1024)
  }
}
