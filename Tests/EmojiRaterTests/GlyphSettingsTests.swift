import EmojiModel
import Foundation
import TestSupport
import Testing

@testable import EmojiRater

/// `--glyphs auto,flags=letters`: a way to draw and per-kind corrections,
/// read from the command line and from the file `doctor --check` saves.
@Suite struct GlyphSettingsTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: true)

  static func emoji(_ name: String) -> Emoji { CellGlyphTests.emoji(name) }

  /// A terminal that keeps every kind in two columns (kitty-like), so
  /// every correction is the person's and nothing the probe's.
  static let keepsEveryKind: [GlyphKind: Int] = singles { _ in 2 }.merging([
    .zwj: 2, .zwjInTwoReads: 2, .zwjWithTextStyleFirst: 2, .skinTone: 2, .skinToneOnTextStyle: 2, .flag: 2,
    .subdivisionFlag: 2, .keycap: 2, .presentationSelector: 2,
  ]) { $1 }

  static func policy(_ settings: String, measured: [GlyphKind: Int] = keepsEveryKind) throws -> GlyphPolicy {
    let settings = try GlyphSettings(parsing: settings)
    return GlyphPolicy(
      mode: settings.mode, measured: measured, catalog: catalog, corrections: settings.corrections,
      libraryColumns: glibc236)
  }

  static func drawn(_ glyph: CellGlyph) -> String {
    String(String.UnicodeScalarView(glyph.parts.flatMap(\.scalars))) + (glyph.marker.map(String.init) ?? "")
  }

  @Test func aModeAloneHasNoCorrections() throws {
    #expect(try GlyphSettings(parsing: "safe") == GlyphSettings(mode: .safe))
    #expect(try GlyphSettings(parsing: "AUTO") == GlyphSettings(mode: .auto))
  }

  @Test func kindsAreNamedAsDoctorPrintsThem() throws {
    let settings = try GlyphSettings(
      parsing: "full, flags=letters,zwj=stand-in,emoji-15=whole,emoji-13.0=letters")
    #expect(settings.mode == .full)
    #expect(settings.corrections[.flag] == .letters)
    #expect(settings.corrections[.zwj] == .standIn)
    #expect(settings.corrections[.zwjInTwoReads] == .standIn, "zwj covers the probe's two-read case too")
    #expect(settings.corrections[.single(version: "15.0")] == .whole, "15 is 15.0")
    #expect(settings.corrections[.single(version: "13.0")] == .letters)
  }

  @Test func correctionsAloneStartFromAuto() throws {
    #expect(
      try GlyphSettings(parsing: "keycaps=whole")
        == GlyphSettings(mode: .auto, corrections: [.keycap: .whole]))
  }

  @Test func badSettingsSayWhatMayBeWritten() {
    func message(_ text: String) -> String {
      do {
        _ = try GlyphSettings(parsing: text)
        return "accepted"
      } catch {
        return error.description
      }
    }
    #expect(message("fancy") == "'fancy' is not a way to draw emoji; use auto, full, safe or ascii")
    #expect(
      message("auto,hearts=whole").hasPrefix("'hearts' is not a kind of emoji; use zwj, zwj-text-style,"))
    #expect(
      message("auto,flags=pretty") == "'pretty' is not a way to draw flags; use whole, stand-in or letters")
    #expect(message("auto,flags").hasPrefix("'flags' is not a kind's setting; write KIND=whole"))
    #expect(message("auto,emoji-x=whole").hasPrefix("'emoji-x' is not a kind of emoji"))
    #expect(
      message("ascii,flags=whole")
        == "--glyphs ascii draws no emoji: per-kind settings go with auto, full or safe")
    #expect(message("auto,flags=\u{1B}[31m").contains("\\u{1b}"), "quoted input never carries an escape")
  }

  @Test func lettersForFlagsDrawTheirLettersWhereTheyMeasureTwo() throws {
    let flag = Self.emoji("flag: Zimbabwe")
    #expect(try Self.policy("auto").drawsWhole(flag))
    let corrected = try Self.policy("auto,flags=letters")
    #expect(!corrected.drawsWhole(flag))
    #expect(Self.drawn(corrected.glyph(for: flag)) == "ZW")
    #expect(corrected.standInReason(flag) == "flags set to letters (--glyphs, or doctor --check's answers)")
    #expect(corrected.drawsWhole(Self.emoji("woman technologist")), "other kinds as measured")
  }

  @Test func aStandInForZWJDrawsItsFirstEmojiAndMarker() throws {
    let corrected = try Self.policy("auto,zwj=stand-in")
    #expect(Self.drawn(corrected.glyph(for: Self.emoji("woman technologist"))) == "👩+")
    // A toned ZWJ sequence needs the ZWJ kind too.
    #expect(!corrected.drawsWhole(Self.emoji("man technologist: medium skin tone")))
    #expect(corrected.drawsWhole(Self.emoji("thumbs up: medium skin tone")))
  }

  @Test func anEmojiVersionSetToStandInIsDrawnAsItsInitials() throws {
    let corrected = try Self.policy("auto,emoji-15.0=stand-in")
    let shaking = Self.emoji("shaking face")
    #expect(!corrected.drawsWhole(shaking))
    #expect(corrected.glyph(for: shaking).parts.allSatisfy { $0.scalars.allSatisfy(\.isASCII) })
    #expect(corrected.drawsWhole(Self.emoji("melting face")), "Emoji 14.0 still whole")
  }

  /// The person's word wins over the probe's both ways: a version the
  /// terminal measured one column can be trusted, at their own risk.
  @Test func wholeOverrulesWhatTheProbeMeasured() throws {
    let oldTable = singles { $0 < 15 ? 2 : 1 }
    #expect(try !Self.policy("auto", measured: oldTable).drawsWhole(Self.emoji("shaking face")))
    let trusted = try Self.policy("auto,emoji-15.0=whole", measured: oldTable)
    #expect(trusted.drawsWhole(Self.emoji("shaking face")))
    #expect(trusted.columns(of: "\u{1FAE8}") == 2, "declared two columns, as glibc 2.36 does not know it")
    #expect(try Self.policy("safe,flags=whole").drawsWhole(Self.emoji("flag: Zimbabwe")))
  }

  @Test func theCommandLineWinsOverTheSavedFile() {
    let saved = GlyphSettings(mode: .safe, corrections: [.flag: .standIn, .keycap: .standIn])
    let effective = saved.overridden(by: [.flag: .whole])
    #expect(effective == GlyphSettings(mode: .safe, corrections: [.flag: .whole, .keycap: .standIn]))
  }
}

/// The file `doctor --check` saves: what it writes reads back the same,
/// and anything else is refused naming its line.
@Suite struct GlyphCorrectionsFileTests {
  @Test func itLivesInTheConfigFolder() {
    #expect(
      GlyphCorrectionsFile.path(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"])
        == "/c/emoji-rater/glyphs.toml")
    #expect(
      GlyphCorrectionsFile.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h/"])
        == "/h/.config/emoji-rater/glyphs.toml", "a relative XDG_CONFIG_HOME is ignored, as the spec says")
    #expect(GlyphCorrectionsFile.path(environment: [:]) == nil)
  }

  @Test func whatIsWrittenReadsBack() throws {
    let home = try DataHome()
    let path = home.path + "/config/emoji-rater/glyphs.toml"
    let corrections: [GlyphKind: GlyphChoice] = [
      .flag: .standIn, .single(version: "15.0"): .letters, .zwj: .standIn, .zwjInTwoReads: .standIn,
    ]
    try GlyphCorrectionsFile.write(corrections, to: path)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      text.contains("[glyphs]\n\"emoji-15.0\" = \"letters\"\nflags = \"stand-in\"\nzwj = \"stand-in\"\n"),
      "\(text)")
    #expect(try GlyphCorrectionsFile.read(path) == corrections)
  }

  @Test func noFileIsNoCorrections() throws {
    let home = try DataHome()
    #expect(try GlyphCorrectionsFile.read(home.path + "/none.toml") == [:])
  }

  @Test func aBadLineIsNamed() throws {
    func failure(_ text: String) -> String {
      do {
        _ = try GlyphCorrectionsFile.parse(text, path: "/c/glyphs.toml")
        return "accepted"
      } catch {
        return error.description
      }
    }
    #expect(
      try GlyphCorrectionsFile.parse("# note\n\n[glyphs]\nflags = \"letters\"  # clipped\n", path: "p") == [
        .flag: .letters
      ])
    #expect(
      failure("[glyphs]\nflags = \"letters\"\nkeycaps = whole\n").hasPrefix(
        "/c/glyphs.toml line 3 (keycaps = whole): expected KIND = \"whole\", \"stand-in\" or \"letters\""))
    #expect(
      failure("flags = \"letters\"\n").hasPrefix(
        "/c/glyphs.toml line 1 (flags = \"letters\"): settings go under [glyphs]"))
    #expect(failure("[server]\n").contains("line 1 ([server]): the file holds only a [glyphs] table"))
    #expect(
      failure("[glyphs]\nhearts = \"whole\"\n").contains(
        "line 2 (hearts = \"whole\"): 'hearts' is not a kind of emoji"))
    #expect(
      failure("[glyphs]\nflags = \"whole\"\n\u{1B}]52;c;x\u{07}\n").contains("line 3 (\\u{1b}]52;c;x\\u{7})"))
  }
}

/// `doctor --check` asks about each kind drawn whole here, with examples.
@Suite struct GlyphCheckTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: true)

  static func probe(_ measured: [GlyphKind: Int]) -> TerminalProbe {
    let samples = TerminalProbe.samples(in: catalog)
    return TerminalProbe(samples: samples, columns: samples.map { measured[$0.kind] })
  }

  @Test func onlyKindsDrawnWholeAreAskedAbout() {
    let check = GlyphCheck(probe: Self.probe(tmux33), catalog: Self.catalog)
    let asked = Set(check.questions.map(\.kind))
    #expect(asked.contains(.flag))
    #expect(asked.contains(.single(version: "14.0")))
    #expect(!asked.contains(.zwj), "tmux forgets a join cut by a read: a stand-in already")
    #expect(!asked.contains(.skinTone), "four columns in tmux: a stand-in already")
    #expect(!asked.contains(.single(version: "15.0")), "none in tmux: a stand-in already")
    #expect(!asked.contains(.zwjInTwoReads), "the probe's own case of zwj")
  }

  @Test func eachRowShowsExamplesBetweenBars() throws {
    let check = GlyphCheck(probe: Self.probe(GlyphSettingsTests.keepsEveryKind), catalog: Self.catalog)
    let flags = try #require(check.questions.first { $0.kind == .flag })
    #expect(flags.row.hasPrefix("│🇦🇨│"), "\(flags.row)")
    #expect(flags.row.hasSuffix("│🇿🇼│"), "first to last")
    #expect(flags.row.split(separator: "│").count == GlyphCheck.examplesPerRow)
    let tones = try #require(check.questions.first { $0.kind == .skinToneOnTextStyle })
    #expect(tones.row.contains("🖐🏻") || tones.row.contains("☝🏻"), "\(tones.row)")
  }

  @Test func kindsAnsweredNoBecomeStandIns() {
    #expect(GlyphCheck.corrections(lookingWrong: [.flag, .zwj]) == [.flag: .standIn, .zwj: .standIn])
  }
}

/// A terminal that drops answers: the versions it did not answer for,
/// newer than one it narrows, are narrow too.
@Suite struct UnansweredVersionTests {
  @Test func anUnansweredVersionNewerThanANarrowOneIsNarrow() {
    // Answers up to Emoji 12.0 only: 5.0 on one column, 13.0 and 14.0 unanswered.
    let measured = singles { $0 < 5 ? 2 : 1 }.filter { kind, _ in
      if case .single(let version) = kind { return (Double(version) ?? 0) <= 12 }
      return false
    }
    let policy = GlyphPolicy(
      mode: .auto, measured: measured, catalog: GlyphSettingsTests.catalog, libraryColumns: glibc236)
    #expect(policy.narrow.contains("\u{1F972}"), "🥲 (13.0): no wider than 12.0 was")
    #expect(policy.narrow.contains("\u{1FAE0}"), "🫠 (14.0)")
    #expect(!policy.narrow.contains("\u{1F600}"), "😀 (1.0) answered two")
    // Nothing narrow: an unanswered version keeps the C library's word.
    let silent = GlyphPolicy(
      mode: .auto, measured: [:], catalog: GlyphSettingsTests.catalog, libraryColumns: glibc236)
    #expect(silent.narrow.isEmpty)
  }
}
