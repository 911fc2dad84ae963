import Foundation
import Testing

@testable import ConfigFile

/// A table like the app's: a value, a flag, and a setting only one other
/// command has.
private let options = [
  ConfigOption(key: "mode", kind: .value(option: "--mode"), commands: ["browse"]),
  ConfigOption(
    key: "skin-tones", kind: .flag(on: "--skin-tones", off: "--no-skin-tones"), commands: ["browse"]),
  ConfigOption(key: "ratings", kind: .value(option: "--ratings"), commands: ["browse", "export"]),
  ConfigOption(key: "fps", kind: .value(option: "--fps"), commands: ["browse"]),
]

private func file(_ text: String) throws -> ConfigFile {
  try ConfigFile(text: text, path: "/home/me/.config/emoji-rater/config.toml")
}

/// The error `body` throws, as a person reads it.
private func failure(_ body: () throws -> Void) -> String? {
  do {
    try body()
    return nil
  } catch {
    return "\(error)"
  }
}

@Suite struct ConfigFileTests {
  @Test func settingsComeInTheOrderTheyAreWrittenWithTheirLines() throws {
    let config = try file(
      """
      # mine
      skin-tones = true

      mode = 'async'   # literal strings are TOML too
      fps = 30
      """)
    #expect(
      config.settings == [
        ConfigSetting(key: "skin-tones", value: .flag(true), line: 2),
        ConfigSetting(key: "mode", value: .text("async"), line: 4),
        ConfigSetting(key: "fps", value: .whole(30), line: 5),
      ])
  }

  @Test func theSettingsBecomeTheCommandsArgumentsInOneWordEach() throws {
    let config = try file(
      """
      mode = "-async"
      skin-tones = false
      ratings = "~/votes.json"
      fps = 30
      """)
    #expect(
      try config.arguments(for: "browse", options: options) == [
        "--mode=-async", "--no-skin-tones", "--ratings=~/votes.json", "--fps=30",
      ])
    #expect(try config.arguments(for: "export", options: options) == ["--ratings=~/votes.json"])
    #expect(try config.arguments(for: "bench", options: options) == [])
  }

  @Test func aLineTOMLCannotReadIsNamed() {
    let message = failure { _ = try file("mode = \"async\"\nfps = sixty\n") }
    #expect(message?.hasPrefix("/home/me/.config/emoji-rater/config.toml:2: ") == true)
  }

  @Test func aSettingNoOptionTakesIsNamedWithTheSettingsThereAre() throws {
    let config = try file("mode = \"async\"\n\n  colour = \"red\"\n")
    let message = failure { _ = try config.arguments(for: "export", options: options) }
    #expect(
      message
        == "/home/me/.config/emoji-rater/config.toml:3: there is no setting colour (the settings are mode, skin-tones, ratings, fps)"
    )
  }

  @Test func aFlagTakesTrueOrFalseAndAnOptionItsValue() throws {
    #expect(
      failure { _ = try file("skin-tones = \"yes\"").arguments(for: "browse", options: options) }
        == "/home/me/.config/emoji-rater/config.toml:1: skin-tones = \"yes\": it is on or off, written true or false"
    )
    #expect(
      failure { _ = try file("\n\"mode\" = true").arguments(for: "browse", options: options) }
        == "/home/me/.config/emoji-rater/config.toml:2: mode = true: give it a value, as to --mode")
  }

  @Test func tablesAndListsAreRefusedAtTheirLines() {
    let table = failure { _ = try file("fps = 30\n\n[browse]\nmode = \"sync\"\n") }
    #expect(table?.hasPrefix("/home/me/.config/emoji-rater/config.toml:3: [browse] is a table") == true)
    let dotted = failure { _ = try file("fps = 30\nbrowse.mode = \"sync\"\n") }
    #expect(dotted?.hasPrefix("/home/me/.config/emoji-rater/config.toml:2: [browse] is a table") == true)
    let list = failure { _ = try file("mode = [\"sync\"]") }
    #expect(
      list
        == "/home/me/.config/emoji-rater/config.toml:1: mode is an array, and a setting is a string, a number or true or false"
    )
  }

  @Test func aSettingInsideAMultilineStringIsNotTakenForOne() throws {
    let config = try file(
      """
      ratings = '''
      mode = "this is text"
      '''
      mode = "sync"
      """)
    #expect(config.settings.map(\.line) == [1, 4])
  }

  @Test func anOptionParsersMessageIsBlamedOnTheSettingItNamesFirst() throws {
    let config = try file("fps = 500\nmode = \"top\"\nratings = \"x\"\n")
    #expect(config.setting(namedIn: "--fps must be from 1 to 240, not 500", options: options)?.line == 1)
    #expect(
      config.setting(
        namedIn: "The value 'top' is invalid for '--mode <mode>' (also --fps)", options: options)?.line
        == 2)
    // --modes is another option: only a whole name counts.
    #expect(config.setting(namedIn: "--modes is bench's", options: options) == nil)
  }

  @Test func noFileIsNoSettingsAndAnUnreadableOneIsAnError() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try ConfigFile.read(folder + "/config.toml") == nil)
    #expect(failure { _ = try ConfigFile.read(folder) }?.contains("cannot read it") == true)
    _ = FileManager.default.createFile(atPath: folder + "/latin1.toml", contents: Data([0x6d, 0x3d, 0xe9]))
    #expect(
      failure { _ = try ConfigFile.read(folder + "/latin1.toml") }?.hasSuffix("it is not UTF-8 text") == true)
  }

  @Test func theFileLivesInTheXDGConfigFolder() {
    #expect(
      ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/emoji-rater/config.toml")
    #expect(
      ConfigFile.path(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"])
        == "/h/.config/emoji-rater/config.toml")
    #expect(ConfigFile.path(environment: [:]) == nil)
  }
}
