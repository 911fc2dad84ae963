import Foundation
import Support
import TOMLKit

/// A person's defaults for the command line, in TOML:
/// `$XDG_CONFIG_HOME/emoji-rater/config.toml` (`~/.config/…` without it).
///
///     # What emoji-rater does when the command line says nothing else.
///     server = "http://ratings.example:8080"
///     mode = "async"
///     skin-tones = true
///
/// Each setting is an option's long name and a value, at the top level.
/// TOMLKit reads the file (so any TOML a person writes is read as TOML
/// reads it, strings' escapes and all); what it does not know is the line
/// of a well-formed setting, which every error about one names, so that is
/// found in the text (`ConfigText.line(of:in:)`).
public struct ConfigFile: Sendable, Equatable {
  /// Where the file is, as errors and `emoji-rater config` name it.
  public let path: String
  /// The settings in the order they are written.
  public let settings: [ConfigSetting]

  static let fileName = "config.toml"
  /// Far more than every option's line: anything bigger is not this file.
  static let sizeLimit = 64 * 1024

  /// The file's path; nil when neither XDG_CONFIG_HOME (absolute) nor HOME is set.
  public static func path(environment: [String: String]) -> String? {
    XDGDirectory.base("XDG_CONFIG_HOME", fallback: ".config", environment: environment).map {
      XDGDirectory.join(XDGDirectory.join($0, "emoji-rater"), fileName)
    }
  }

  /// The file at `path`; nil when there is none.
  public static func read(_ path: String) throws(ConfigFileError) -> ConfigFile? {
    let data: Data?
    switch FileTarget.read(path, limit: sizeLimit) {
    case .success(let read): data = read
    case .failure(let refusal):
      throw ConfigFileError(path: path, line: nil, reason: "cannot read it: \(refusal.reason)")
    }
    guard let data else { return nil }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigFileError(path: path, line: nil, reason: "it is not UTF-8 text")
    }
    return try ConfigFile(text: text, path: path)
  }

  /// Reads `text`, the file at `path`.
  public init(text: String, path: String) throws(ConfigFileError) {
    self.path = path
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw ConfigFileError(
        path: path, line: error.source.begin.line, reason: Self.sentence(error.description))
    } catch {
      throw ConfigFileError(path: path, line: nil, reason: "\(error)")
    }
    var settings: [ConfigSetting] = []
    for (key, value) in table {
      let line = ConfigText.line(of: key, in: text)
      guard let settingValue = ConfigValue(value.tomlValue) else {
        throw ConfigFileError(
          path: path, line: line,
          reason: value.type == .table
            ? "[\(key)] is a table, and every setting goes at the top level, before any table, as name = value"
            : "\(key) is \(Self.article(value.type.description)), and a setting is a string, a number or true or false"
        )
      }
      settings.append(ConfigSetting(key: key, value: settingValue, line: line ?? 0))
    }
    self.settings = settings.sorted { $0.line < $1.line }
  }

  /// toml++'s words, begun as a sentence of ours is.
  private static func sentence(_ description: String) -> String {
    description.prefix(1).lowercased() + description.dropFirst()
  }

  private static func article(_ noun: String) -> String {
    ("aeiou".contains(noun.prefix(1)) ? "an " : "a ") + noun
  }
}

/// One `name = value` line.
public struct ConfigSetting: Sendable, Equatable {
  public let key: String
  public let value: ConfigValue
  /// Counted from 1; 0 where the text hides it (never for a setting the
  /// file writes plainly).
  public let line: Int

  public init(key: String, value: ConfigValue, line: Int) {
    self.key = key
    self.value = value
    self.line = line
  }
}

/// A setting's value: what an option takes, or a flag's on or off.
public enum ConfigValue: Sendable, Equatable, CustomStringConvertible {
  case text(String)
  case whole(Int)
  case decimal(Double)
  case flag(Bool)

  init?(_ value: TOMLValue) {
    switch value.type {
    case .string: self = .text(value.string ?? "")
    case .int: self = .whole(value.int ?? 0)
    case .double: self = .decimal(value.double ?? 0)
    case .bool: self = .flag(value.bool ?? false)
    default: return nil
    }
  }

  /// As the command line would give it.
  public var argument: String {
    switch self {
    case .text(let text): text
    case .whole(let number): String(number)
    case .decimal(let number): String(number)
    case .flag(let on): String(on)
    }
  }

  /// As the file writes it.
  public var description: String {
    switch self {
    case .text(let text): "\"\(text)\""
    default: argument
    }
  }
}

/// What is wrong with the file, and where: `path:line: reason`.
public struct ConfigFileError: Error, Sendable, Equatable, CustomStringConvertible {
  public let path: String
  public let line: Int?
  public let reason: String

  public init(path: String, line: Int?, reason: String) {
    self.path = path
    self.line = line
    self.reason = reason
  }

  public var description: String {
    let place = line.map { "\(SafeText.escaped(path)):\($0)" } ?? SafeText.escaped(path)
    return "\(place): \(reason)"
  }
}
