/// Which language the person reads emoji names in: `--lang`, else the
/// locale the environment names (`LC_ALL`, `LC_MESSAGES`, `LANG`, the first
/// set, as the C library reads them). English is built in; any other comes
/// from the system's CLDR (`LocalAnnotations`), and search matches it and
/// English both.
public struct UserLanguage: Sendable {
  /// The other language's annotations; nil for English.
  public let annotations: LocalAnnotations?
  /// One line for `emoji-rater doctor`: which language, and if the
  /// environment's could not be used, why (on screen nothing is said).
  public let note: String

  /// English: names and keywords built in.
  public static let english = UserLanguage(annotations: nil, note: "English (built in)")

  private init(annotations: LocalAnnotations?, note: String) {
    self.annotations = annotations
    self.note = note
  }

  /// The language `--lang` names (`requested`), or else the environment's.
  /// A `--lang` the system cannot give is an error; the environment's
  /// falls back to English, with the reason in `note`.
  public static func choose(
    requested: String?, environment: [String: String], directory: String? = nil
  ) throws(LanguageError) -> UserLanguage {
    let directory = directory ?? environment["EMOJI_RATER_CLDR"] ?? LocalAnnotations.systemDirectory
    if let requested {
      guard let locale = normalized(requested) else {
        throw .unknown(requested, available: LocalAnnotations.available(in: directory))
      }
      return isEnglish(locale) ? .english : try load(locale, from: directory, why: "--lang")
    }
    guard let (variable, locale) = locale(fromEnvironment: environment), !isEnglish(locale) else {
      return .english
    }
    do {
      return try load(locale, from: directory, why: variable)
    } catch {
      return UserLanguage(annotations: nil, note: "English (\(variable) asks for \(locale), but \(error))")
    }
  }

  private static func load(_ locale: String, from directory: String, why: String) throws(LanguageError)
    -> UserLanguage
  {
    let annotations = try LocalAnnotations.load(locale: locale, from: directory)
    return UserLanguage(
      annotations: annotations,
      note:
        "\(annotations.locale) and English (\(why); \(annotations.count) characters annotated in \(directory))"
    )
  }

  /// The variable that names the locale and the CLDR locale it names:
  /// `de_DE.UTF-8@euro` is `de_DE`. nil when none is set, or it is C or POSIX.
  static func locale(fromEnvironment environment: [String: String]) -> (String, String)? {
    for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = environment[variable], !value.isEmpty else { continue }
      let name = value.split(separator: ".").first.map(String.init) ?? value
      let plain = name.split(separator: "@").first.map(String.init) ?? name
      guard plain != "C", plain != "POSIX", let locale = normalized(plain) else { return nil }
      return (variable, locale)
    }
    return nil
  }

  /// A language code as CLDR's files are named: `de`, `de_CH`, `zh_Hant`,
  /// `sr_Latn_BA` (from `de-ch` or `DE_CH` too); nil if it is not one.
  static func normalized(_ code: String) -> String? {
    let parts = code.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
    guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy(\.isASCIILetter),
      parts.count <= 3
    else { return nil }
    var result = [language.lowercased()]
    for part in parts.dropFirst() {
      if part.count == 4, part.allSatisfy(\.isASCIILetter) {
        result.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())  // A script: Hant.
      } else if part.count == 2, part.allSatisfy(\.isASCIILetter) {
        result.append(part.uppercased())  // A region: CH.
      } else if part.count == 3, part.allSatisfy(\.isNumber) {
        result.append(part)  // A region by number: 001.
      } else {
        return nil
      }
    }
    return result.joined(separator: "_")
  }

  static func isEnglish(_ locale: String) -> Bool {
    locale == "en" || locale.hasPrefix("en_")
  }
}

extension Character {
  fileprivate var isASCIILetter: Bool { isASCII && isLetter }
}
