import ArgumentParser
import EmojiModel
import EmojiRater
import Foundation

/// `--lang CODE`, for every command that shows or searches emoji by name.
struct LanguageOption: ParsableArguments {
  @Option(
    name: .customLong("lang"),
    help: ArgumentHelp(
      "Names and search in this language too, e.g. de or pt_BR, from the system's CLDR (default: from LANG; en is built in).",
      valueName: "code"))
  var code: String?

  /// The language asked for, or the environment's; an unknown `--lang` is
  /// a usage error (exit 2).
  func language() throws -> UserLanguage {
    do {
      return try UserLanguage.choose(requested: code, environment: ProcessInfo.processInfo.environment)
    } catch {
      throw ValidationError("--lang \(code ?? ""): \(error)")
    }
  }
}
