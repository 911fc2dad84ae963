import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Polls until `condition` holds, sleeping a millisecond between looks so
/// the main queue can deliver what the test waits for (loader arrivals hop
/// there). The timeout only keeps a broken test from hanging; it is no
/// speed assertion, so it is long: tests run side by side, and under Thread
/// Sanitizer another suite can hold the main actor for many seconds before
/// the awaited hop gets its turn (a CI run failed at 5 s).
@MainActor
public func eventually(timeout: Duration = .seconds(120), _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while !condition() {
    if ContinuousClock.now > deadline { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}

/// Waits until the main queue has run everything queued on it before this
/// call: the work an app defers until a frame is on screen (the loading
/// controller hands the cells it displayed to the loader then).
@MainActor
public func afterTheFrame() async {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async { continuation.resume() }
  }
}

/// Polls `condition` every 10 ms until it holds; false after `timeout`
/// seconds (a limit for a broken test, not a speed assertion).
public func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
  while !condition() {
    if ContinuousClock.now > deadline { return false }
    usleep(10_000)
  }
  return true
}
