import Foundation

/// Golden-file snapshots: a screen rendered as text is compared with a file
/// under the test target's `Snapshots/` folder.
///
/// A missing file is recorded and the comparison fails, so a person looks at
/// it before it counts; `RECORD_SNAPSHOTS=1` re-records every snapshot (and
/// fails likewise).
public enum Snapshot {
  /// Returns nil when `text` matches the snapshot, else what went wrong,
  /// with both versions for the test log.
  public static func mismatch(
    _ text: String, named name: String, testFile: String = #filePath
  ) -> String? {
    let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent()
      .appendingPathComponent("Snapshots")
    let file = folder.appendingPathComponent(name + ".txt")
    let actual = text + "\n"
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try? actual.write(to: file, atomically: true, encoding: .utf8)
      return "recorded snapshot \(file.lastPathComponent); check it and run the test again"
    }
    guard expected != actual else { return nil }
    return """
      screen differs from \(file.lastPathComponent)
      --- expected
      \(expected)--- actual
      \(actual)
      """
  }
}
