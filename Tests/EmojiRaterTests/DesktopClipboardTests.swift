import Foundation
import TestSupport
import Testing

@testable import EmojiRater

#if canImport(Glibc)
  import Glibc
#endif

/// The desktop's clipboard tool: which one is used, and what happens when
/// it takes the text, fails, or hangs. Stand-in tools (shell scripts) in a
/// folder of the test's own.
@Suite struct DesktopClipboardTests {
  /// A folder holding executable scripts by name; removed with it.
  final class Tools {
    let folder: String

    init(_ scripts: [String: String]) throws {
      folder =
        FileManager.default.temporaryDirectory.appendingPathComponent("tools-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      for (name, body) in scripts {
        try StandInTool.write(body, to: folder + "/" + name)
      }
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }
  }

  @Test func theToolIsTheDisplaysOwnAndOnThePath() throws {
    let tools = try Tools(["wl-copy": "true", "xsel": "true"])
    let path = "/nonexistent:" + tools.folder
    #expect(
      DesktopClipboard.find(environment: ["PATH": path, "WAYLAND_DISPLAY": "wayland-0"])?.name == "wl-copy")
    #expect(
      DesktopClipboard.find(environment: ["PATH": path, "DISPLAY": ":0"])?.name == "xsel", "no xclip here")
    #expect(DesktopClipboard.find(environment: ["PATH": path]) == nil, "no display: the console's")
    #expect(DesktopClipboard.find(environment: ["PATH": "/nonexistent", "DISPLAY": ":0"]) == nil)
    let plain = try Tools(["xclip": "true"])
    chmod(plain.folder + "/xclip", 0o644)
    #expect(
      DesktopClipboard.find(environment: ["PATH": plain.folder, "DISPLAY": ":0"]) == nil, "not executable")
  }

  @Test func theToolGetsTheTextOnItsInput() throws {
    let kept = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: kept) }
    let tools = try Tools(["xclip": "[ \"$1 $2\" = '-selection clipboard' ] || exit 9\ncat > '\(kept)'"])
    let clipboard = try #require(DesktopClipboard.find(environment: ["PATH": tools.folder, "DISPLAY": ":0"]))
    #expect(clipboard.run(input: Array("👩‍💻".utf8)) == nil)
    #expect(try String(contentsOfFile: kept, encoding: .utf8) == "👩‍💻")
  }

  @Test func aToolThatFailsOrHangsSaysSo() throws {
    let tools = try Tools(["wl-copy": "exit 3", "xclip": "exec sleep 30"])
    let failing = try #require(
      DesktopClipboard.find(environment: ["PATH": tools.folder, "WAYLAND_DISPLAY": "w"]))
    #expect(failing.run(input: Array("x".utf8)) == "it exited with status 3")
    let hanging = try #require(DesktopClipboard.find(environment: ["PATH": tools.folder, "DISPLAY": ":0"]))
    #expect(hanging.run(input: Array("x".utf8)) == "it took over 2 s")
  }
}
