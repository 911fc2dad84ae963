import EmojiModel
import Support
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// What `emoji-rater doctor` prints for a bug report: the terminal, the
/// locale, the colours, how many columns the terminal gives each way of
/// spelling an emoji (asked of the terminal itself, `WidthProbe`), and what
/// that means for the catalog.
public struct TerminalReport: Sendable {
  public var terminal: String
  public var locale: String
  /// The language of names and search, and why when not the locale's (`UserLanguage.note`).
  public var language: String
  public var colors: Int?
  /// The kinds asked about and the columns the terminal gave each.
  public var probe: TerminalProbe
  public var catalog: EmojiCatalog
  /// The corrections saved by `doctor --check`, and where, or why they
  /// could not be read.
  public var savedCorrections: Result<GlyphCorrectionsFile.Saved, GlyphCorrectionsFile.Failure>?
  /// What the grid draws here (`--glyphs auto`, with the saved corrections).
  public var policy: GlyphPolicy

  public init(
    terminal: String, locale: String, language: String = UserLanguage.english.note, colors: Int?,
    probe: TerminalProbe, catalog: EmojiCatalog,
    savedCorrections: Result<GlyphCorrectionsFile.Saved, GlyphCorrectionsFile.Failure>? = nil,
    libraryColumns: @escaping @Sendable (Unicode.Scalar) -> Int = ColumnTable.libraryColumns(of:)
  ) {
    self.terminal = terminal
    self.locale = locale
    self.language = language
    self.colors = colors
    self.probe = probe
    self.catalog = catalog
    self.savedCorrections = savedCorrections
    let corrections = (try? savedCorrections?.get().corrections) ?? [:]
    policy = GlyphPolicy(
      mode: .auto, measured: probe.measured, catalog: catalog, corrections: corrections,
      libraryColumns: libraryColumns)
  }

  /// The report, ready to print.
  public var text: String {
    var lines = [
      "terminal  \(terminal)",
      "locale    \(locale)",
      "names     \(language)",
      "colours   \(colors.map(String.init) ?? "unknown (TERM not in terminfo)")",
      "frames    "
        + (probe.synchronizedOutput.map {
          $0
            ? "synchronized output (mode 2026): each frame shows whole"
            : "no synchronized output (mode 2026): frames go out as they are"
        } ?? "unknown: the terminal did not answer"),
    ]
    if !probe.answered {
      lines.append("widths    the terminal did not answer the cursor position request (CSI 6n)")
    } else {
      lines.append("widths    columns the terminal gives each kind, asked of it (CSI 6n):")
      let nameWidth = probe.samples.map(\.kind.name.count).max() ?? 0
      let settingWidth = probe.samples.map(\.kind.settingName.count).max() ?? 0
      for (sample, width) in zip(probe.samples, probe.columns) {
        let name = sample.kind.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        // As the grid draws it: a version the terminal did not answer for
        // is drawn as itself, at the C library's width.
        let verdict = policy.showsAsItself(sample.emoji) ? "whole   " : "stand-in"
        // Why a kind the terminal keeps in two columns still gets a stand-in.
        let why = width == 2 ? policy.standInReason(sample.emoji).map { " (\($0))" } ?? "" : ""
        let setting = sample.kind.settingName.padding(toLength: settingWidth, withPad: " ", startingAt: 0)
        lines.append(
          "  \(name)  \(width.map(String.init) ?? "?")  \(verdict)  \(setting)  \(sample.emoji.codePoints) "
            + "\(sample.emoji.name)\(why)")
      }
    }
    lines.append("corrected \(correctionsLine)")
    let all = catalog.sections.flatMap(\.emoji)
    let here = all.filter(policy.showsAsItself).count
    // `safe` as it would be here: letters too for the versions this terminal narrows.
    let safePolicy = GlyphPolicy(mode: .safe, measured: probe.measured, catalog: catalog)
    let safe = all.filter(safePolicy.showsAsItself).count
    lines.append(
      "catalog   \(all.count) emoji (\(catalog.source)): \(here) (\(percent(here, all.count))) drawn as "
        + "themselves here, the rest as stand-ins; \(safe) (\(percent(safe, all.count))) with --glyphs safe")
    return lines.joined(separator: "\n") + "\n"
  }

  /// What the person corrected (`doctor --check`), in `--glyphs`' words.
  private var correctionsLine: String {
    switch savedCorrections {
    case nil: return "nothing: no place to save corrections (HOME and XDG_CONFIG_HOME unset)"
    case .failure(let failure): return "unknown: \(failure)"
    case .success(let saved) where saved.corrections.isEmpty:
      return
        "nothing (emoji-rater doctor --check asks, kind by kind, and saves to \(SafeText.escaped(saved.path)))"
    case .success(let saved):
      return GlyphSettings.named(saved.corrections).map { "\($0.name)=\($0.choice.rawValue)" }
        .joined(separator: ",")
        + " (saved in \(SafeText.escaped(saved.path)))"
    }
  }

  private func percent(_ part: Int, _ whole: Int) -> String {
    whole == 0 ? "0%" : "\(Int((Double(part) / Double(whole) * 100).rounded(.down)))%"
  }
}

extension TerminalReport {
  /// Gathers the report on the terminal the process runs in; throws when
  /// standard input or output is not a terminal. The shares are of
  /// `catalog`, as browsed.
  public static func gather(
    catalog: EmojiCatalog, environment: [String: String]
  ) throws(TerminalError) -> TerminalReport {
    guard Platform.isTerminal(STDIN_FILENO) else { throw .notATerminal(stream: "standard input") }
    guard Platform.isTerminal(STDOUT_FILENO) else { throw .notATerminal(stream: "standard output") }
    let isUnicode = Platform.adoptLocale()
    let probe = TerminalProbe.run(
      samples: TerminalProbe.samples(in: catalog), input: STDIN_FILENO, output: STDOUT_FILENO)
    let program = [environment["TERM_PROGRAM"], environment["TERM_PROGRAM_VERSION"]].compactMap { $0 }
    let terminal =
      "TERM=\(environment["TERM"] ?? "(not set)")"
      + (program.isEmpty ? "" : ", TERM_PROGRAM=\(program.joined(separator: " "))")
    let localeName = environment["LC_ALL"] ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? "(not set)"
    let codeset = isUnicode ? Platform.codeset : "\(Platform.codeset): the grid is drawn in ASCII"
    // The environment's language, as the app would use it: a fallback says why here.
    let language = (try? UserLanguage.choose(requested: nil, environment: environment))?.note ?? ""
    let saved = GlyphCorrectionsFile.path(environment: environment).map { path in
      Result { () throws(GlyphCorrectionsFile.Failure) in
        GlyphCorrectionsFile.Saved(path: path, corrections: try GlyphCorrectionsFile.read(path))
      }
    }
    return TerminalReport(
      terminal: terminal, locale: "\(localeName) (\(codeset))", language: language,
      colors: Platform.terminalColors(for: STDOUT_FILENO), probe: probe, catalog: catalog,
      savedCorrections: saved)
  }
}
