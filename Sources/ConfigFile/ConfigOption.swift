/// An option a setting stands for, and the commands that have it.
public struct ConfigOption: Sendable {
  public enum Kind: Sendable, Equatable {
    /// `--name value`: the setting's value is the option's.
    case value(option: String)
    /// A flag and its opposite, `--skin-tones` / `--no-skin-tones`:
    /// the setting is true or false.
    case flag(on: String, off: String)
  }

  /// The setting's name in the file.
  public let key: String
  public let kind: Kind
  /// The subcommands whose command lines take the option.
  public let commands: Set<String>

  public init(key: String, kind: Kind, commands: Set<String>) {
    self.key = key
    self.kind = kind
    self.commands = commands
  }

  /// The option as a message names it: `--mode`, or `--skin-tones` for both of a flag's.
  public var names: [String] {
    switch kind {
    case .value(let option): [option]
    case .flag(let on, let off): [on, off]
    }
  }

  var isFlag: Bool {
    if case .flag = kind { return true }
    return false
  }

  /// Arguments for `value`, one word each, so a value that begins with a
  /// dash is never taken for an option.
  func arguments(for value: ConfigValue) -> [String]? {
    switch (kind, value) {
    case (.flag(let on, let off), .flag(let isOn)): [isOn ? on : off]
    case (.flag, _), (.value, .flag): nil
    case (.value(let option), _): ["\(option)=\(value.argument)"]
    }
  }
}

extension ConfigFile {
  /// The settings as arguments for `command`, to go before the person's
  /// own (where the last of an option wins). Every setting must be one of
  /// `options`, of the right kind, whichever command runs: a mistake is
  /// said at once, not on the day another command reads it.
  public func arguments(for command: String, options: [ConfigOption]) throws(ConfigFileError) -> [String] {
    var arguments: [String] = []
    for setting in settings {
      guard let option = options.first(where: { $0.key == setting.key }) else {
        let known = options.map(\.key).joined(separator: ", ")
        throw error(setting, "there is no setting \(setting.key) (the settings are \(known))")
      }
      guard let words = option.arguments(for: setting.value) else {
        throw error(
          setting,
          option.isFlag
            ? "\(setting.key) = \(setting.value): it is on or off, written true or false"
            : "\(setting.key) = \(setting.value): give it a value, as to \(option.names[0])")
      }
      if option.commands.contains(command) { arguments += words }
    }
    return arguments
  }

  /// The setting an option-parsing message is about: the one whose option
  /// the message names first (`--fps must be … not 500` is `fps`'s line).
  public func setting(namedIn message: String, options: [ConfigOption]) -> ConfigSetting? {
    var best: (setting: ConfigSetting, position: String.Index)?
    for setting in settings {
      guard let option = options.first(where: { $0.key == setting.key }) else { continue }
      for name in option.names {
        guard let position = Self.firstMention(of: name, in: message) else { continue }
        if let earlier = best?.position, earlier <= position { continue }
        best = (setting, position)
      }
    }
    return best?.setting
  }

  /// `name` in `message` as a whole word: `--mode` is not in `--modes`.
  private static func firstMention(of name: String, in message: String) -> String.Index? {
    var searchFrom = message.startIndex
    while let found = message.range(of: name, range: searchFrom..<message.endIndex) {
      guard let next = message[found.upperBound...].first, next.isLetter || next == "-" else {
        return found.lowerBound
      }
      searchFrom = found.upperBound
    }
    return nil
  }

  /// An error about `setting`, at its line.
  public func error(_ setting: ConfigSetting, _ reason: String) -> ConfigFileError {
    ConfigFileError(path: path, line: setting.line > 0 ? setting.line : nil, reason: reason)
  }
}
