import Support

/// A catalog that could not be read, naming the file and, for a malformed
/// entry, the line — so the person can open it at the right place.
public struct CatalogError: Error, Equatable, CustomStringConvertible {
  public var file: String
  /// The 1-based line number, or nil when the problem is the file as a whole.
  public var line: Int?
  public var reason: String

  public init(file: String, line: Int? = nil, reason: String) {
    self.file = file
    self.line = line
    self.reason = reason
  }

  public var description: String {
    if let line { return "\(SafeText.escaped(file)):\(line): \(reason)" }
    return "\(SafeText.escaped(file)): \(reason)"
  }
}
