/// The XDG base directories the app keeps its files under: one rule for
/// the ratings (data) and the glyph corrections (config).
public enum XDGDirectory {
  /// `$VARIABLE` when it is an absolute path (the spec says to ignore a
  /// relative or empty one), else `$HOME/fallback`; nil without either.
  public static func base(_ variable: String, fallback: String, environment: [String: String]) -> String? {
    if let value = environment[variable], value.hasPrefix("/") { return value }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return join(home, fallback)
  }

  /// `name` inside `directory`, with one slash between.
  public static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
