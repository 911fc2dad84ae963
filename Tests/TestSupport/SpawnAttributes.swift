#if canImport(Glibc)
  import Glibc
#endif

/// Spawn attributes for a child of the test runner. The runner's threads
/// block most signals, and a spawned child would inherit that mask (a tmux
/// server that ignores kill-server, an app that never sees SIGHUP): the
/// child starts with none blocked and every action at its default.
func withCleanSpawnAttributes<Result>(
  extraFlags: Int32 = 0, _ body: (inout posix_spawnattr_t) throws -> Result
) rethrows -> Result {
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var noSignals = sigset_t()
  sigemptyset(&noSignals)
  var allSignals = sigset_t()
  sigfillset(&allSignals)
  posix_spawnattr_setsigmask(&attributes, &noSignals)
  posix_spawnattr_setsigdefault(&attributes, &allSignals)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | extraFlags))
  return try body(&attributes)
}
