import ArgumentParser
import EmojiModel
import EmojiRater
import Foundation
import Loading
import Logging
import Terminal

// The app's own types, read straight from the command line: each option is
// parsed once, where it is declared, and the values an enum takes show in
// `--help` and in shell completions. The enums take their names in any case.

extension LoadingMode: ExpressibleByArgument {
  public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

extension CommunityOrder: ExpressibleByArgument {
  public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

/// `serve --log-level`: swift-log's levels by name.
enum LogLevel: String, CaseIterable, ExpressibleByArgument {
  case trace, debug, info, notice, warning, error, critical

  init?(argument: String) { self.init(rawValue: argument.lowercased()) }

  var level: Logger.Level { Logger.Level(rawValue: rawValue) ?? .info }
}

extension GlyphMode: ExpressibleByArgument {
  public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

extension ScrollTrace: ExpressibleByArgument {
  public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

/// A terminal size, COLUMNSxROWS, at least 20x6 (the benchmark's).
extension Size: ExpressibleByArgument {
  public init?(argument: String) {
    let parts = argument.lowercased().split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2, parts[0] >= 20, parts[1] >= 6 else { return nil }
    self.init(rows: parts[1], columns: parts[0])
  }

  public var defaultValueDescription: String { "\(columns)x\(rows)" }
}

/// Values given as one comma-separated argument (`--modes async,prefetch`),
/// each as `T` reads one.
struct Listed<T: ExpressibleByArgument & Sendable>: ExpressibleByArgument, Sendable {
  var values: [T]

  init(_ values: [T]) { self.values = values }

  init?(argument: String) {
    var values: [T] = []
    for item in argument.split(separator: ",") {
      guard let value = T(argument: item.trimmingCharacters(in: .whitespaces)) else { return nil }
      values.append(value)
    }
    guard !values.isEmpty else { return nil }
    self.values = values
  }

  static var allValueStrings: [String] { T.allValueStrings }

  var defaultValueDescription: String {
    values.map { value in
      (value as? any RawRepresentable).map { "\($0.rawValue)" } ?? value.defaultValueDescription
    }.joined(separator: ",")
  }
}

/// Values whose parsers say what is wrong with one they cannot use
/// (`--latency 2000-500ms`: the bounds are the wrong way round). They are
/// read with `@Option(transform:)`, which shows that reason after the
/// value, where `ExpressibleByArgument` could only say it is invalid; their
/// help says the default, which ArgumentParser leaves out for them.
enum ArgumentValue {
  static func latency(_ text: String) throws -> LatencyModel {
    do { return try LatencyModel(parsing: text) } catch { throw ValidationError("\(error)") }
  }

  /// `none`, or 1 (light) to 5 (dark), or a tone's name (`medium-dark`).
  static func skinTone(_ text: String) throws -> SkinToneChoice {
    let word = text.lowercased()
    if word == "none" { return SkinToneChoice(tone: nil) }
    if let number = Int(word), let tone = SkinTone(rawValue: number) { return SkinToneChoice(tone: tone) }
    if let tone = SkinTone.allCases.first(where: { $0.name == word || $0.name == word + " skin tone" }) {
      return SkinToneChoice(tone: tone)
    }
    throw ValidationError("a skin tone is 1 (light) to 5 (dark), or none")
  }

  static func glyphSettings(_ text: String) throws -> GlyphSettings {
    do { return try GlyphSettings(parsing: text) } catch { throw ValidationError(error.description) }
  }
}

/// `--skin-tone`, given: a tone, or none (the emoji's own colours). Not a
/// plain optional, so "not given" (the last run's) stays apart from "none".
struct SkinToneChoice: Equatable {
  var tone: SkinTone?
}
