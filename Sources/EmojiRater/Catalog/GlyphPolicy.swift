import EmojiModel
import Terminal

/// `--glyphs`: how far the grid trusts the terminal with emoji sequences.
public enum GlyphMode: String, CaseIterable, Sendable {
  /// As the terminal was found to draw each kind (`WidthProbe`, at start).
  case auto
  /// Every kind whole, as if the terminal kept each in two columns.
  case full
  /// Stand-ins for every sequence: what every terminal draws at a known width.
  case safe
  /// ASCII only, as for a locale that is not UTF-8.
  case ascii
}

/// Which emoji a cell draws whole and which as a stand-in, and the columns
/// the app declares for the characters it draws whole (`ColumnTable`).
///
/// An emoji is drawn whole when the terminal keeps every kind it is made of
/// in two columns (`GlyphKind.requirements`), one ncurses cell holds its
/// code points (at most five), and the app can count its first character
/// as two columns. That last is where the C library's table is overruled: a
/// regional indicator (half a flag), a text-style character before VS16 (❤
/// of ❤️) and an emoji newer than the table are declared two columns wide
/// when, and only when, the terminal was found to draw that kind so. A
/// keycap starts with a digit, which no table may make two columns wide: it
/// keeps its stand-in.
///
/// A single code point of an Emoji version the terminal was found to give
/// another width than two (its table stops before that version) is drawn
/// as letters, the initials of its name, in `auto` and `safe` alike: drawn
/// as itself it would shift the rest of its row. So is a stand-in whose
/// base is such a code point (🤩 of a toned or joined emoji).
///
/// A person's corrections (`GlyphSettings`) come last: what they saw drawn
/// wrong is a stand-in (or letters) whatever it measured, and what they
/// trust is whole.
public struct GlyphPolicy: Sendable {
  public let mode: GlyphMode
  /// Kinds drawn whole.
  public let wholeKinds: Set<GlyphKind>
  /// Columns the app gives these code points, where the C library's table differs.
  public let overrides: [Unicode.Scalar: Int]
  /// Code points the terminal does not keep in two columns (by the sample
  /// of their Emoji version): never drawn, letters instead.
  public let narrow: Set<Unicode.Scalar>
  /// The person's per-kind choices, as given (`--glyphs`, `doctor --check`).
  public let corrections: [GlyphKind: GlyphChoice]
  private let libraryColumns: @Sendable (Unicode.Scalar) -> Int

  /// Code points in one ncurses cell (`CCHARW_MAX`).
  public static let cellCapacity = 5

  /// Today's stand-ins everywhere, declaring nothing.
  public static let safe = GlyphPolicy(
    mode: .safe, wholeKinds: [], overrides: [:], narrow: [], corrections: [:],
    libraryColumns: ColumnTable.libraryColumns(of:))

  private init(
    mode: GlyphMode, wholeKinds: Set<GlyphKind>, overrides: [Unicode.Scalar: Int],
    narrow: Set<Unicode.Scalar>, corrections: [GlyphKind: GlyphChoice],
    libraryColumns: @escaping @Sendable (Unicode.Scalar) -> Int
  ) {
    self.mode = mode
    self.wholeKinds = wholeKinds
    self.overrides = overrides
    self.narrow = narrow
    self.corrections = corrections
    self.libraryColumns = libraryColumns
  }

  /// The policy for `mode`: for `auto`, the kinds `measured` (columns per
  /// kind, as the terminal answered) found two columns wide; then the
  /// person's `corrections`. `catalog` is what the grid shows;
  /// `libraryColumns` the C library's widths.
  public init(
    mode: GlyphMode, measured: [GlyphKind: Int], catalog: EmojiCatalog,
    corrections: [GlyphKind: GlyphChoice] = [:],
    libraryColumns: @escaping @Sendable (Unicode.Scalar) -> Int = ColumnTable.libraryColumns(of:)
  ) {
    let all = catalog.sections.flatMap(\.emoji)
    let corrections = mode == .ascii ? [:] : corrections
    var wholeKinds: Set<GlyphKind>
    switch mode {
    case .auto: wholeKinds = Set(measured.filter { $0.value == 2 }.keys)
    case .full: wholeKinds = all.reduce(into: []) { $0.formUnion(GlyphKind.requirements(of: $1)) }
    case .safe, .ascii: wholeKinds = []
    }
    // What the terminal answered for a version's sample holds for the
    // version: `full` alone takes no notice (it trusts the terminal
    // blindly), and an unanswered sample leaves the C library's word.
    var narrowVersions: Set<String> =
      mode == .full
      ? []
      : Set(
        measured.compactMap { kind, columns in
          if case .single(let version) = kind, columns != 2 { return version }
          return nil
        })
    // Width tables grow by version: a version the terminal did not answer
    // for, newer than one it gives another width, is no wider there (a
    // terminal that dropped answers gave 🥲 and 🫠 the C library's two
    // columns, where libvterm gives them one).
    if let oldestNarrow = narrowVersions.compactMap(Double.init).min() {
      for emoji in all
      where SequenceKind(emoji.scalars) == .single && measured[.single(version: emoji.version)] == nil {
        if let version = Double(emoji.version), version > oldestNarrow {
          narrowVersions.insert(emoji.version)
        }
      }
    }
    for (kind, choice) in corrections {
      if choice == .whole { wholeKinds.insert(kind) } else { wholeKinds.remove(kind) }
      guard case .single(let version) = kind else { continue }
      // A single code point's only stand-in is its initials.
      if choice == .whole { narrowVersions.remove(version) } else { narrowVersions.insert(version) }
    }
    var narrow: Set<Unicode.Scalar> = []
    var overrides: [Unicode.Scalar: Int] = [:]
    func declareWide(_ scalar: Unicode.Scalar) {
      if !scalar.isASCII, libraryColumns(scalar) != 2 { overrides[scalar] = 2 }
    }
    if wholeKinds.contains(.flag) {
      for value in UInt32(0x1F1E6)...0x1F1FF { declareWide(Unicode.Scalar(value)!) }
    }
    for emoji in all {
      let kinds = GlyphKind.requirements(of: emoji)
      if SequenceKind(emoji.scalars) == .single, narrowVersions.contains(emoji.version) {
        narrow.insert(emoji.scalars[0])
      }
      switch SequenceKind(emoji.scalars) {
      case .single where kinds.isSubset(of: wholeKinds): declareWide(emoji.scalars[0])
      case .presentationSelector where wholeKinds.contains(.presentationSelector):
        declareWide(emoji.scalars[0])
      default: break
      }
    }
    self.init(
      mode: mode, wholeKinds: wholeKinds, overrides: overrides, narrow: narrow, corrections: corrections,
      libraryColumns: libraryColumns)
  }

  /// The columns the app counts for `scalar`.
  public func columns(of scalar: Unicode.Scalar) -> Int {
    overrides[scalar] ?? libraryColumns(scalar)
  }

  /// Whether a cell draws `emoji` whole, every code point in one cell.
  public func drawsWhole(_ emoji: Emoji) -> Bool {
    guard let first = emoji.scalars.first, !first.isASCII, emoji.scalars.count <= Self.cellCapacity,
      !narrow.contains(first), GlyphKind.requirements(of: emoji).isSubset(of: wholeKinds)
    else { return false }
    return columns(of: first) == CellGlyph.slotWidth
  }

  /// Why a cell draws a stand-in for `emoji`; nil when it draws it whole.
  public func standInReason(_ emoji: Emoji) -> String? {
    guard !drawsWhole(emoji), let first = emoji.scalars.first else { return nil }
    if let (kind, choice) = correction(of: emoji) {
      return "\(kind.settingName) set to \(choice.rawValue) (--glyphs, or doctor --check's answers)"
    }
    if narrow.contains(first) {
      return
        "this terminal does not keep \(emoji.version.isEmpty ? "it" : "Emoji \(emoji.version)") in two columns"
    }
    switch mode {
    case .safe, .ascii: return "--glyphs \(mode.rawValue)"
    case .auto, .full: break
    }
    let missing = GlyphKind.requirements(of: emoji).subtracting(wholeKinds)
    if !missing.isEmpty {
      let names = missing.map(\.name).sorted().joined(separator: ", ")
      return "not kept in two columns here: \(names)"
    }
    if emoji.scalars.count > Self.cellCapacity {
      return "\(emoji.scalars.count) code points, and a cell holds \(Self.cellCapacity)"
    }
    if first.isASCII { return "it starts with '\(first)', which no width table may make two columns wide" }
    return "its first code point is not two columns wide here"
  }

  /// What a cell draws for `emoji`: the whole emoji, or its stand-in.
  public func glyph(for emoji: Emoji) -> CellGlyph {
    if drawsWhole(emoji) {
      let scalars = emoji.scalars
      let part =
        scalars.count == 1
        ? CellGlyph.Part(scalar: scalars[0], width: CellGlyph.slotWidth)
        : CellGlyph.Part(sequence: scalars, width: CellGlyph.slotWidth)
      return CellGlyph(parts: [part])
    }
    if let (_, choice) = correction(of: emoji), choice == .letters { return CellGlyph.ascii(for: emoji) }
    var standIn = CellGlyph.safe(for: emoji)
    if standIn.parts.contains(where: { $0.scalars.count == 1 && narrow.contains($0.scalars[0]) }) {
      return CellGlyph.ascii(for: emoji)
    }
    // A text-style character declared two columns wide (its emoji style is
    // drawn whole here) goes out with its VS16: bare, the terminal would
    // draw its one-column text style, and the row would shift.
    if let part = standIn.parts.first, standIn.parts.count == 1, part.scalars.count == 1,
      overrides[part.scalars[0]] != nil, GlyphKind.isTextStyle(part.scalars[0])
    {
      standIn.parts = [CellGlyph.Part(sequence: [part.scalars[0], "\u{FE0F}"], width: part.width)]
    }
    return standIn
  }

  /// The person's correction that keeps `emoji` from being drawn whole,
  /// if one does: of its own kind first, then of a kind it needs (a
  /// ZWJ sequence with skin tones is corrected by `skin-tones` too).
  private func correction(of emoji: Emoji) -> (GlyphKind, GlyphChoice)? {
    guard !corrections.isEmpty else { return nil }
    let own = GlyphKind.sampledKind(of: emoji).map { [$0] } ?? []
    let needed = GlyphKind.requirements(of: emoji).sorted { $0.settingName < $1.settingName }
    for kind in own + needed {
      if let choice = corrections[kind], choice != .whole { return (kind, choice) }
    }
    return nil
  }

  /// Whether `emoji` shows as itself (not a stand-in) on a Unicode screen.
  public func showsAsItself(_ emoji: Emoji) -> Bool {
    let glyph = glyph(for: emoji)
    guard glyph.marker == nil, !glyph.isKeycap, glyph.parts.count == 1, let part = glyph.parts.first,
      part.scalars == emoji.scalars
    else { return false }
    return columns(of: part.scalars[0]) == part.width
  }
}
