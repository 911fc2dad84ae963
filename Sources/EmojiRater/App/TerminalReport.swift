import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// What `emoji-rater doctor` prints for a bug report: the terminal, the
/// locale, the colours, how many columns the terminal gives each way of
/// spelling an emoji (asked of the terminal itself, `WidthProbe`), and what
/// that means for the catalog.
public struct TerminalReport: Sendable {
  /// One way of spelling an emoji, and the catalog's first example of it.
  public struct Kind: Sendable {
    public var name: String
    public var sample: Emoji
    /// Whether an emoji is of this kind.
    public var includes: @Sendable (Emoji) -> Bool
  }

  public var terminal: String
  public var locale: String
  public var colors: Int?
  public var kinds: [Kind]
  /// Columns the terminal gave each kind's sample, nil where it did not say.
  public var columns: [Int?]
  public var catalog: EmojiCatalog
  /// Whether an emoji is drawn as itself today (not as a stand-in).
  public var drawnAsItself: @Sendable (Emoji) -> Bool

  /// The kinds the probe asks about, each with its first emoji in `catalog`:
  /// a single code point from before Emoji 15, one from each of 15.0, 16.0
  /// and 17.0 (the C library's table stops at 14), and each kind of sequence.
  public static func kinds(in catalog: EmojiCatalog) -> [Kind] {
    let all = catalog.sections.flatMap(\.emoji)
    func single(_ version: String?) -> @Sendable (Emoji) -> Bool {
      { emoji in
        SequenceKind(emoji.scalars) == .single
          && (version.map { emoji.version == $0 } ?? (Double(emoji.version) ?? 0 < 15))
      }
    }
    var kinds: [(String, @Sendable (Emoji) -> Bool)] = [
      ("single code point, Emoji 14 and before", single(nil)),
      ("single code point, Emoji 15.0", single("15.0")),
      ("single code point, Emoji 16.0", single("16.0")), ("single code point, Emoji 17.0", single("17.0")),
    ]
    let sequences: [(SequenceKind, String)] = [
      (.zwj, "ZWJ sequence"), (.skinTone, "skin tone"), (.flag, "flag"),
      (.subdivisionFlag, "subdivision flag"),
      (.keycap, "keycap"), (.presentationSelector, "VS16 (emoji style)"),
    ]
    for (kind, name) in sequences { kinds.append((name, { SequenceKind($0.scalars) == kind })) }
    return kinds.compactMap { name, includes in
      all.first(where: includes).map { Kind(name: name, sample: $0, includes: includes) }
    }
  }

  /// The report, ready to print.
  public var text: String {
    var lines = [
      "terminal  \(terminal)",
      "locale    \(locale)",
      "colours   \(colors.map(String.init) ?? "unknown (TERM not in terminfo)")",
    ]
    if columns.allSatisfy({ $0 == nil }) {
      lines.append("widths    the terminal did not answer the cursor position request (CSI 6n)")
    } else {
      lines.append("widths    columns the terminal gives each kind, asked of it (CSI 6n):")
      let nameWidth = kinds.map(\.name.count).max() ?? 0
      for (kind, width) in zip(kinds, columns) {
        let name = kind.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        let codePoints = kind.sample.codePoints
        lines.append("  \(name)  \(width.map(String.init) ?? "?")   \(codePoints) \(kind.sample.name)")
      }
    }
    let all = catalog.sections.flatMap(\.emoji)
    let today = all.filter(drawnAsItself).count
    lines.append(
      "catalog   \(all.count) emoji (\(catalog.source)): \(today) (\(percent(today, all.count))) drawn as "
        + "themselves here today, the rest as stand-ins")
    if columns.contains(where: { $0 != nil }) {
      let twoColumns = zip(kinds, columns).filter { $0.1 == 2 }.map(\.0)
      let possible = all.filter { emoji in twoColumns.contains { $0.includes(emoji) } }.count
      lines.append(
        "          \(possible) (\(percent(possible, all.count))) are of kinds this terminal keeps in two columns"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func percent(_ part: Int, _ whole: Int) -> String {
    whole == 0 ? "0%" : "\(Int((Double(part) / Double(whole) * 100).rounded()))%"
  }
}

extension TerminalReport {
  /// Gathers the report on the terminal the process runs in; throws when
  /// standard input or output is not a terminal.
  /// The kinds are sampled from `samples` (the catalog with skin tones, so
  /// that kind has an example); the shares are of `catalog`, as browsed.
  public static func gather(
    catalog: EmojiCatalog, samples: EmojiCatalog, environment: [String: String]
  ) throws(TerminalError) -> TerminalReport {
    guard Platform.isTerminal(STDIN_FILENO) else { throw .notATerminal(stream: "standard input") }
    guard Platform.isTerminal(STDOUT_FILENO) else { throw .notATerminal(stream: "standard output") }
    let isUnicode = Platform.adoptLocale()
    let kinds = kinds(in: samples)
    let measurement = WidthProbe.measure(
      kinds.map(\.sample.string), input: STDIN_FILENO, output: STDOUT_FILENO)
    let program = [environment["TERM_PROGRAM"], environment["TERM_PROGRAM_VERSION"]].compactMap { $0 }
    let terminal =
      "TERM=\(environment["TERM"] ?? "(not set)")"
      + (program.isEmpty ? "" : ", TERM_PROGRAM=\(program.joined(separator: " "))")
    let localeName = environment["LC_ALL"] ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? "(not set)"
    return TerminalReport(
      terminal: terminal, locale: "\(localeName) (\(Platform.codeset))",
      colors: Platform.terminalColors(for: STDOUT_FILENO), kinds: kinds, columns: measurement.columns,
      catalog: catalog,
      drawnAsItself: { emoji in
        // The grid's own stand-in, when it is the emoji itself and the C
        // library gives it its columns (the canvas's test); ASCII otherwise.
        let glyph = CellGlyph.safe(for: emoji)
        return isUnicode && !glyph.isKeycap && glyph.marker == nil
          && glyph.parts.map(\.scalar) == emoji.scalars
          && glyph.parts.allSatisfy { Platform.libraryColumns(of: $0.scalar) == $0.width }
      })
  }
}
