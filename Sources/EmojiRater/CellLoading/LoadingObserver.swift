/// Told by the loading controller when a cell comes on screen or leaves
/// it, when a load takes a slot (with what the app made of it, worked out
/// only if the observer reads it), when an item's data lands, and when a
/// load that took a slot is cancelled (times on the controller's clock,
/// in nanoseconds). The benchmark's record of a
/// run (`RunLog`) is one; the app has none.
@MainActor
public protocol LoadingObserver: AnyObject {
  func cameOnScreen(item: Int, at time: UInt64)
  func leftScreen(item: Int, at time: UInt64)
  func loadStarted(item: Int, at time: UInt64, reading: @autoclosure () -> LoadReading)
  func dataLanded(item: Int, at time: UInt64)
  func loadCancelled(item: Int, at time: UInt64)
}
