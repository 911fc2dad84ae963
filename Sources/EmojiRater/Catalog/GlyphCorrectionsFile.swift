import Foundation
import Support
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// The kinds a person saw drawn wrong, saved by `emoji-rater doctor --check`
/// and read at every start: `$XDG_CONFIG_HOME/emoji-rater/glyphs.toml`
/// (`~/.config/…` without it), beside the person's own `config.toml`,
/// whose `glyphs` setting wins over it as `--glyphs` does. Its `[glyphs]`
/// table is in the same words as `--glyphs`:
///
///     [glyphs]
///     flags = "stand-in"
///     "emoji-15.0" = "letters"
///
/// The app reads only what it writes (a table, comments, `key = "value"`);
/// anything else is an error that names the line, never a guess.
public enum GlyphCorrectionsFile {
  static let fileName = "glyphs.toml"
  /// Far more than every kind's line: anything bigger is not this file.
  static let sizeLimit = 64 * 1024

  /// What a file held, and where.
  public struct Saved: Sendable {
    public var path: String
    public var corrections: [GlyphKind: GlyphChoice]
  }

  public struct Failure: Error, CustomStringConvertible, Equatable {
    public let description: String
  }

  /// The file's path; nil when neither XDG_CONFIG_HOME (absolute) nor HOME is set.
  public static func path(environment: [String: String]) -> String? {
    XDGDirectory.base("XDG_CONFIG_HOME", fallback: ".config", environment: environment).map {
      XDGDirectory.join(XDGDirectory.join($0, "emoji-rater"), fileName)
    }
  }

  /// The corrections saved at `path`; none when there is no file.
  public static func read(_ path: String) throws(Failure) -> [GlyphKind: GlyphChoice] {
    let data: Data?
    switch FileTarget.read(path, limit: sizeLimit) {
    case .success(let read): data = read
    case .failure(let refusal):
      throw Failure(description: "cannot read \(SafeText.escaped(path)): \(refusal.reason)")
    }
    guard let data else { return [:] }
    guard let text = String(data: data, encoding: .utf8) else {
      throw Failure(description: "\(SafeText.escaped(path)) is not UTF-8 text")
    }
    return try parse(text, path: path)
  }

  /// Reads the text of a file at `path` (named in errors).
  static func parse(_ text: String, path: String) throws(Failure) -> [GlyphKind: GlyphChoice] {
    var corrections: [GlyphKind: GlyphChoice] = [:]
    var inGlyphs = false
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      func fail(_ reason: String) -> Failure {
        Failure(
          description:
            "\(SafeText.escaped(path)) line \(index + 1) (\(SafeText.escaped(String(rawLine.prefix(80))))): "
            + "\(reason); fix or delete the file (emoji-rater doctor --check writes it anew)")
      }
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("[") {
        guard line == "[glyphs]" else { throw fail("the file holds only a [glyphs] table") }
        inGlyphs = true
        continue
      }
      guard inGlyphs else { throw fail("settings go under [glyphs]") }
      guard let match = line.wholeMatch(of: /("?)([A-Za-z0-9.\-]+)\1\s*=\s*"([^"]*)"\s*(#.*)?/) else {
        throw fail("expected KIND = \"whole\", \"stand-in\" or \"letters\"")
      }
      do {
        let (kinds, choice) = try GlyphSettings.correction(kind: String(match.2), choice: String(match.3))
        for kind in kinds { corrections[kind] = choice }
      } catch {
        throw fail(error.description)
      }
    }
    return corrections
  }

  /// The file's text for `corrections`, with a comment saying where it came from.
  static func text(_ corrections: [GlyphKind: GlyphChoice], date: Date) -> String {
    let day = date.formatted(.iso8601.year().month().day())
    var lines = [
      "# Written by `emoji-rater doctor --check` on \(day): the kinds of emoji this",
      "# terminal measured two columns wide and drew wrong. `--glyphs` settings win.",
      "[glyphs]",
    ]
    for (name, choice) in GlyphSettings.named(corrections) {
      let key = name.contains(".") ? "\"\(name)\"" : name
      lines.append("\(key) = \"\(choice.rawValue)\"")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Saves `corrections` at `path`, replacing what was there, its folder
  /// made if need be.
  public static func write(_ corrections: [GlyphKind: GlyphChoice], to path: String, date: Date = Date())
    throws(Failure)
  {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw Failure(description: "cannot make \(SafeText.escaped(folder)): \(error.localizedDescription)")
    }
    let target: String
    switch FileTarget.replaceable(path) {
    case .success(let resolved): target = resolved
    case .failure(let refusal):
      throw Failure(description: "cannot save \(SafeText.escaped(path)): \(refusal.reason)")
    }
    do {
      try AtomicFileWriter().write(Data(text(corrections, date: date).utf8), to: target)
    } catch {
      throw Failure(description: "\(error)")
    }
  }
}
