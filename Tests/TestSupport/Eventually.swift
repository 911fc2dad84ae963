/// Polls until `condition` holds, sleeping a millisecond between looks so
/// the main queue can deliver what the test waits for (loader arrivals hop
/// there). The timeout only keeps a broken test from hanging; it is no
/// speed assertion.
@MainActor
public func eventually(timeout: Duration = .seconds(5), _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while !condition() {
    if ContinuousClock.now > deadline { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}
