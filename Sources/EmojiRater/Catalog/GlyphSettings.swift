import Foundation
import Support
import Terminal

/// How a person wants one kind of emoji drawn, whatever the probe found:
/// what no cursor report can see (a flag drawn as two clipped letters, a
/// blank Emoji 15.0 cell, a joined emoji drawn in overlapping pieces).
public enum GlyphChoice: String, CaseIterable, Sendable {
  /// Whole, trusted to fill its two columns.
  case whole
  /// The kind's stand-in: its first emoji and a marker, a flag's letters,
  /// a single code point's initials.
  case standIn = "stand-in"
  /// The initials of its name, as in `--glyphs ascii`.
  case letters
}

/// `--glyphs`: a way to draw emoji, and per-kind corrections
/// (`auto,flags=letters,emoji-15.0=stand-in`; a value of corrections alone
/// starts from `auto`).
public struct GlyphSettings: Equatable, Sendable {
  public var mode: GlyphMode
  public var corrections: [GlyphKind: GlyphChoice]

  public init(mode: GlyphMode = .auto, corrections: [GlyphKind: GlyphChoice] = [:]) {
    self.mode = mode
    self.corrections = corrections
  }

  public struct ParseError: Error, CustomStringConvertible, Equatable {
    public let description: String
  }

  /// Reads a `--glyphs` value.
  public init(parsing text: String) throws(ParseError) {
    var items = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    mode = .auto
    if let first = items.first, !first.contains("=") {
      guard let mode = GlyphMode(rawValue: first.lowercased()) else {
        throw ParseError(
          description:
            "'\(SafeText.escaped(first))' is not a way to draw emoji; use auto, full, safe or ascii")
      }
      self.mode = mode
      items.removeFirst()
    }
    corrections = [:]
    for item in items {
      let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else {
        throw ParseError(
          description:
            "'\(SafeText.escaped(item))' is not a kind's setting; write KIND=whole, stand-in or letters "
            + "(as in auto,flags=letters)")
      }
      let (kinds, choice) = try Self.correction(kind: parts[0], choice: parts[1])
      for kind in kinds { corrections[kind] = choice }
    }
    if mode == .ascii, !corrections.isEmpty {
      throw ParseError(
        description: "--glyphs ascii draws no emoji: per-kind settings go with auto, full or safe")
    }
  }

  /// The kinds `kind` names and the choice `choice` names, or an error
  /// that lists what may be written.
  static func correction(kind: String, choice: String) throws(ParseError) -> ([GlyphKind], GlyphChoice) {
    let kindName = kind.trimmingCharacters(in: .whitespaces).lowercased()
    guard let kinds = GlyphKind.kinds(settingName: kindName) else {
      throw ParseError(
        description: "'\(SafeText.escaped(kind))' is not a kind of emoji; use "
          + GlyphKind.settingNames.joined(separator: ", ") + " or emoji-VERSION (as emoji-15.0)")
    }
    guard let choice = GlyphChoice(rawValue: choice.trimmingCharacters(in: .whitespaces).lowercased()) else {
      throw ParseError(
        description:
          "'\(SafeText.escaped(choice))' is not a way to draw \(kindName); use whole, stand-in or letters")
    }
    return (kinds, choice)
  }

  /// `corrections` in `--glyphs`' words, by name: `zwj` once for the two
  /// kinds it stands for.
  static func named(_ corrections: [GlyphKind: GlyphChoice]) -> [(name: String, choice: GlyphChoice)] {
    Dictionary(corrections.map { ($0.key.settingName, $0.value) }, uniquingKeysWith: { first, _ in first })
      .sorted { $0.key < $1.key }.map { (name: $0.key, choice: $0.value) }
  }

  /// These settings with `other`'s corrections laid over them (the command
  /// line's over the saved file's).
  public func overridden(by other: [GlyphKind: GlyphChoice]) -> GlyphSettings {
    GlyphSettings(mode: mode, corrections: corrections.merging(other) { _, new in new })
  }
}

extension GlyphKind {
  /// The kinds a person can correct besides the versions of single code
  /// points, in the order their names are listed.
  static let correctableKinds: [GlyphKind] = [
    .zwj, .zwjInTwoReads, .zwjWithTextStyleFirst, .skinTone, .skinToneOnTextStyle, .flag, .subdivisionFlag,
    .keycap, .presentationSelector,
  ]

  /// Their names, as `--glyphs` and the saved file write them.
  static let settingNames: [String] = correctableKinds.map(\.settingName).reduce(into: []) { names, name in
    if !names.contains(name) { names.append(name) }
  }

  /// What `--glyphs` calls this kind (`emoji-15.0` for a version of single
  /// code points). A ZWJ sequence read in two pieces is the probe's
  /// business: it is corrected with `zwj`.
  public var settingName: String {
    switch self {
    case .single(let version): "emoji-\(version)"
    case .zwj, .zwjInTwoReads: "zwj"
    case .zwjWithTextStyleFirst: "zwj-text-style"
    case .skinTone: "skin-tones"
    case .skinToneOnTextStyle: "skin-tones-text-style"
    case .flag: "flags"
    case .subdivisionFlag: "subdivision-flags"
    case .keycap: "keycaps"
    case .presentationSelector: "vs16"
    }
  }

  /// The kinds a setting name stands for; nil when it names none.
  static func kinds(settingName name: String) -> [GlyphKind]? {
    if name.hasPrefix("emoji-") {
      let version = String(name.dropFirst("emoji-".count))
      // "15" is "15.0", as Unicode writes it.
      guard let number = Double(version), number > 0, version.allSatisfy({ $0.isNumber || $0 == "." }) else {
        return nil
      }
      return [.single(version: version.contains(".") ? version : "\(Int(number)).0")]
    }
    let kinds = correctableKinds.filter { $0.settingName == name }
    return kinds.isEmpty ? nil : kinds
  }
}

extension GlyphSettings: CustomStringConvertible {
  /// As `--glyphs` is written: the mode, then each kind's correction.
  public var description: String {
    ([mode.rawValue] + corrections.map { "\($0.key.name)=\($0.value.rawValue)" }.sorted())
      .joined(separator: ",")
  }
}
