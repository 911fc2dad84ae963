import EmojiModel
import TestSupport
import Testing

@testable import EmojiRater

/// The C library's table on this machine (glibc 2.36, Unicode 14): emoji
/// up to 14.0 two columns, a regional indicator and a text-style character
/// one, anything newer unknown. Injected, so the tests do not depend on
/// the test process's locale.
let glibc236: @Sendable (Unicode.Scalar) -> Int = { scalar in
  let properties = scalar.properties
  guard let age = properties.age, age.major <= 14 else { return -1 }
  if scalar.isASCII { return 1 }
  if (0x1F1E6...0x1F1FF).contains(scalar.value) { return 1 }
  if properties.generalCategory == .format || properties.generalCategory == .nonspacingMark
    || properties.generalCategory == .enclosingMark
  {
    return 0
  }
  return properties.isEmojiPresentation ? 2 : 1
}

/// The Emoji versions of the catalog's single code points, each with the
/// columns `columns` gives it.
func singles(_ columns: (Double) -> Int) -> [GlyphKind: Int] {
  var kinds: [GlyphKind: Int] = [:]
  for (kind, _) in GlyphKind.samples(in: EmojiCatalog.builtIn(includeSkinTones: true)) {
    if case .single(let version) = kind { kinds[kind] = columns(Double(version) ?? 0) }
  }
  return kinds
}

/// What tmux 3.3a gave each kind, asked with `emoji-rater doctor` there.
/// 😶‍🌫️ read in two pieces cut after the joiner: 😶 and a text-style 🌫, 3.
let tmux33: [GlyphKind: Int] = singles { $0 < 15 ? 2 : 0 }.merging([
  .zwj: 2, .zwjInTwoReads: 3, .zwjWithTextStyleFirst: 1, .skinTone: 4, .skinToneOnTextStyle: 3, .flag: 2,
  .subdivisionFlag: 2, .keycap: 1, .presentationSelector: 1,
]) { $1 }

/// A terminal that joins every kind but skin tones (xterm-like for those).
let joinsAllButSkinTones: [GlyphKind: Int] = singles { _ in 2 }.merging([
  .zwj: 2, .zwjInTwoReads: 2, .zwjWithTextStyleFirst: 2, .skinTone: 4, .skinToneOnTextStyle: 4, .flag: 2,
  .subdivisionFlag: 2, .keycap: 2, .presentationSelector: 2,
]) { $1 }

@Suite struct GlyphKindTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: true)

  static func emoji(_ name: String) -> Emoji { CellGlyphTests.emoji(name) }

  @Test func eachEmojiNeedsItsOwnKindAndVS16sWhenItStartsInTextStyle() {
    #expect(GlyphKind.requirements(of: Self.emoji("grinning face")) == [.single(version: "1.0")])
    #expect(GlyphKind.requirements(of: Self.emoji("shaking face")) == [.single(version: "15.0")])
    #expect(GlyphKind.requirements(of: Self.emoji("woman technologist")) == [.zwj, .zwjInTwoReads])
    #expect(
      GlyphKind.requirements(of: Self.emoji("man technologist: medium skin tone"))
        == [.zwj, .zwjInTwoReads, .skinTone])
    #expect(
      GlyphKind.requirements(of: Self.emoji("rainbow flag"))
        == [.zwjWithTextStyleFirst, .presentationSelector, .zwjInTwoReads])
    #expect(GlyphKind.requirements(of: Self.emoji("thumbs up: medium skin tone")) == [.skinTone])
    #expect(
      GlyphKind.requirements(of: Self.emoji("index pointing up: light skin tone"))
        == [.skinToneOnTextStyle, .presentationSelector])
    #expect(GlyphKind.requirements(of: Self.emoji("flag: Japan")) == [.flag])
    #expect(GlyphKind.requirements(of: Self.emoji("flag: Wales")) == [.subdivisionFlag])
    #expect(GlyphKind.requirements(of: Self.emoji("keycap: 7")) == [.keycap])
    #expect(GlyphKind.requirements(of: Self.emoji("red heart")) == [.presentationSelector])
  }

  @Test func theSamplesAreOneOfEachKindInReportOrder() {
    let samples = GlyphKind.samples(in: Self.catalog)
    // Emoji 2.0, 4.0, 12.1, 13.1 and 15.1 brought sequences only.
    let versions = [
      "0.6", "0.7", "1.0", "3.0", "5.0", "11.0", "12.0", "13.0", "14.0", "15.0", "16.0", "17.0",
    ]
    #expect(
      samples.map(\.kind) == versions.map { .single(version: $0) } + [
        .zwj, .zwjInTwoReads, .zwjWithTextStyleFirst, .skinTone, .skinToneOnTextStyle, .flag,
        .subdivisionFlag, .keycap, .presentationSelector,
      ])
    #expect(samples.first { $0.kind == .skinTone }?.sample.name == "waving hand: light skin tone")
    #expect(
      samples.first { $0.kind == .skinToneOnTextStyle }?.sample.name.hasSuffix(": light skin tone") == true)
    #expect(samples.first { $0.kind == .single(version: "17.0") }?.sample.name == "distorted face")
    for (kind, sample) in samples {
      #expect(GlyphKind.requirements(of: sample).contains(kind), "\(sample.name)")
    }
  }

  /// Skin tones are sampled even where they are not shown: votes and the
  /// status line reach them through their base.
  @Test func aCatalogWithoutSkinTonesShownSamplesThemAlike() {
    let withTones = GlyphKind.samples(in: Self.catalog)
    let without = GlyphKind.samples(in: EmojiCatalog.builtIn(includeSkinTones: false))
    #expect(without.map(\.kind) == withTones.map(\.kind))
    #expect(without.map(\.sample) == withTones.map(\.sample))
  }
}

@Suite struct GlyphPolicyTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: true)
  static let base = EmojiCatalog.builtIn(includeSkinTones: false)
  static let everything = Dictionary(
    uniqueKeysWithValues: GlyphKind.samples(in: catalog).map { ($0.kind, 2) })

  static func policy(_ mode: GlyphMode, _ measured: [GlyphKind: Int], catalog: EmojiCatalog = catalog)
    -> GlyphPolicy
  {
    GlyphPolicy(mode: mode, measured: measured, catalog: catalog, libraryColumns: glibc236)
  }

  static func emoji(_ name: String) -> Emoji { GlyphKindTests.emoji(name) }

  static func share(_ policy: GlyphPolicy, of catalog: EmojiCatalog) -> Int {
    catalog.sections.flatMap(\.emoji).filter(policy.showsAsItself).count
  }

  @Test func inTmux33FlagsAreWholeAndTheRestKeepTheirStandIns() {
    let tmux = Self.policy(.auto, tmux33)
    // tmux joins 👩‍💻, but not when a read ends after the joiner, as in a large frame.
    let technologist = Self.emoji("woman technologist")
    #expect(tmux.glyph(for: technologist) == CellGlyph(parts: [.init(scalar: "👩", width: 2)], marker: "+"))
    #expect(
      tmux.standInReason(technologist) == "not kept in two columns here: ZWJ sequence, read in two pieces")
    let japan = Self.emoji("flag: Japan")
    #expect(tmux.glyph(for: japan) == CellGlyph(parts: [.init(sequence: japan.scalars, width: 2)]))
    #expect(tmux.columns(of: "\u{1F1EF}") == 2, "a regional indicator is declared two columns wide")
    // Four columns for a skin tone there: the base and its tone number.
    #expect(
      tmux.glyph(for: Self.emoji("thumbs up: medium skin tone"))
        == CellGlyph(parts: [.init(scalar: "👍", width: 2)], marker: "3"))
    // One column for ❤️ there: today's text-style heart, nothing declared.
    #expect(
      tmux.glyph(for: Self.emoji("red heart")) == CellGlyph(parts: [.init(scalar: "\u{2764}", width: 2)]))
    #expect(tmux.overrides["\u{2764}"] == nil)
    // Nothing at all for Emoji 15.0 there: not declared, so the canvas falls back to letters.
    #expect(tmux.overrides["\u{1FAE8}"] == nil && tmux.columns(of: "\u{1FAE8}") == -1)
    #expect(tmux.standInReason(Self.emoji("keycap: 1"))?.contains("keycap") == true)
  }

  @Test func joinedEmojiAreWholeWhereTheTerminalJoinsThemInPieces() {
    let policy = Self.policy(.auto, joinsAllButSkinTones)
    let technologist = Self.emoji("woman technologist")
    #expect(
      policy.glyph(for: technologist) == CellGlyph(parts: [.init(sequence: technologist.scalars, width: 2)]))
    // Seven code points do not fit one cell, whatever the terminal does.
    let family = Self.emoji("family: man, woman, girl, boy")
    #expect(!policy.drawsWhole(family))
    #expect(policy.standInReason(family) == "7 code points, and a cell holds 5")
    #expect(policy.glyph(for: family) == CellGlyph(parts: [.init(scalar: "👨", width: 2)], marker: "+"))
  }

  @Test func aTerminalThatJoinsEverythingGetsEveryEmojiThatFitsACellWhole() {
    let joins = Self.policy(.auto, Self.everything)
    for emoji in Self.catalog.sections.flatMap(\.emoji) {
      let fits = emoji.scalars.count <= GlyphPolicy.cellCapacity && !emoji.scalars[0].isASCII
      #expect(joins.drawsWhole(emoji) == fits, "\(emoji.name)")
      #expect(joins.showsAsItself(emoji) == fits, "\(emoji.name)")
    }
    #expect(joins.overrides["\u{2764}"] == 2, "❤ counts two columns: ❤️ is drawn whole")
    #expect(joins.overrides["\u{1FAE8}"] == 2, "🫨 (Emoji 15.0) counts two columns")
    #expect(joins.overrides["1"] == nil, "no digit is ever made two columns wide")
  }

  /// The figures the README quotes, for the built-in catalog (Emoji 17.0, 1,914 without skin tones).
  @Test func sharesOfTheCatalogDrawnAsThemselves() {
    #expect(Self.share(Self.policy(.safe, [:], catalog: Self.base), of: Self.base) == 1_150)
    #expect(Self.share(Self.policy(.auto, tmux33, catalog: Self.base), of: Self.base) == 1_409)
    #expect(Self.share(Self.policy(.auto, Self.everything, catalog: Self.base), of: Self.base) == 1_868)
    #expect(Self.base.count == 1_914)
  }

  @Test func aSilentTerminalGetsTodaysStandIns() {
    let silent = Self.policy(.auto, [:])
    #expect(silent.overrides.isEmpty)
    for emoji in Self.catalog.sections.flatMap(\.emoji) {
      #expect(silent.glyph(for: emoji) == CellGlyph.safe(for: emoji), "\(emoji.name)")
    }
  }

  @Test func safeAndASCIIDeclareNothingAndFullTrustsEveryKind() {
    #expect(Self.policy(.safe, Self.everything).overrides.isEmpty)
    #expect(Self.policy(.ascii, Self.everything).overrides.isEmpty)
    let full = Self.policy(.full, [:])
    #expect(full.drawsWhole(Self.emoji("red heart")) && full.drawsWhole(Self.emoji("flag: Japan")))
    #expect(full.standInReason(Self.emoji("red heart")) == nil)
    #expect(Self.policy(.safe, Self.everything).standInReason(Self.emoji("red heart")) == "--glyphs safe")
  }

  /// ☝ is declared two columns wide when ☝️ is drawn whole; where its skin
  /// tones are not (kitty 0.26 gives ☝🏻 one column, ☝️ two), their
  /// stand-in must carry the VS16 too, or the terminal would draw a bare ☝
  /// in one column and shift the row.
  @Test func aTextStyleBaseDeclaredWideKeepsItsVS16InAStandIn() {
    var measured = Self.everything
    measured[.skinToneOnTextStyle] = 1
    #expect(Self.policy(.auto, measured).drawsWhole(Self.emoji("thumbs up: light skin tone")))
    let policy = Self.policy(.auto, measured)
    #expect(policy.overrides["\u{261D}"] == 2)
    #expect(
      policy.glyph(for: Self.emoji("index pointing up: light skin tone"))
        == CellGlyph(parts: [.init(sequence: ["\u{261D}", "\u{FE0F}"], width: 2)], marker: "1"))
  }

  /// Whatever the terminal answered, a cell's glyph fits its two-column
  /// slot, a whole sequence fits one ncurses cell, and its first code point
  /// counts two columns: the grid's columns cannot drift.
  @Test func everyGlyphFitsItsSlotUnderEveryPolicy() {
    let policies = [
      Self.policy(.auto, tmux33), Self.policy(.auto, Self.everything), Self.policy(.full, [:]),
      Self.policy(.auto, joinsAllButSkinTones),
      Self.policy(.safe, [:]),
    ]
    for policy in policies {
      for emoji in Self.catalog.sections.flatMap(\.emoji) {
        let glyph = policy.glyph(for: emoji)
        #expect(glyph.parts.reduce(0) { $0 + $1.width } <= CellGlyph.slotWidth, "\(emoji.name)")
        for part in glyph.parts where part.scalars.count > 1 {
          #expect(part.scalars.count <= GlyphPolicy.cellCapacity, "\(emoji.name)")
          #expect(policy.columns(of: part.scalars[0]) == part.width, "\(emoji.name)")
        }
      }
    }
  }
}

/// One sample per Emoji version, asked of a scripted terminal whose table
/// stops at 12.1 (as mlterm 3.9's does): the singles it gives one column
/// become letters, in `auto` and `safe` alike, and the rest stay whole.
@Suite struct EmojiVersionProbeTests {
  static let catalog = EmojiCatalog.builtIn(includeSkinTones: true)

  /// 13.0 and 14.0 singles one column; everything else two.
  static func olderTable(_ text: String) -> Int {
    guard !text.isEmpty else { return 0 }
    let single = catalog.sections.lazy.flatMap(\.emoji).first { $0.string == text && $0.scalars.count == 1 }
    return single.map { ["13.0", "14.0"].contains($0.version) ? 1 : 2 } ?? 2
  }

  static func emoji(_ name: String) -> Emoji { GlyphKindTests.emoji(name) }

  @Test func singlesOfTheVersionsATerminalGivesOneColumnBecomeLetters() throws {
    let terminal = try ScriptedTerminal(
      behaviour: .answers(split: true, garbage: false), columns: Self.olderTable)
    // A bound, not a speed: under Thread Sanitizer beside other suites, the
    // scripted answers came after the app's 150 ms (a CI run lost 8 of 21).
    let probe = TerminalProbe.run(
      samples: TerminalProbe.samples(in: Self.catalog), input: terminal.slave, output: terminal.slave,
      deadline: .seconds(20))
    #expect(probe.missingAnswers == 0, "every version answered in the one round trip")
    #expect(probe.measured[.single(version: "13.0")] == 1 && probe.measured[.single(version: "12.0")] == 2)
    for mode in [GlyphMode.auto, .safe] {
      let policy = GlyphPolicy(
        mode: mode, measured: probe.measured, catalog: Self.catalog, libraryColumns: glibc236)
      // 🥲 (13.0) and 🫠 (14.0): their initials, two ASCII letters.
      let tear = policy.glyph(for: Self.emoji("smiling face with tear"))
      #expect(tear.parts.allSatisfy { $0.scalars.allSatisfy(\.isASCII) }, "\(mode): \(tear)")
      #expect(!policy.showsAsItself(Self.emoji("melting face")))
      #expect(
        policy.standInReason(Self.emoji("melting face"))
          == "this terminal does not keep Emoji 14.0 in two columns")
      // A skin tone on a 13.0 base (🤌🏻) is no more whole than its base.
      #expect(!policy.showsAsItself(Self.emoji("pinched fingers: light skin tone")))
      // 😀 (1.0) and 🥱 (12.0) stay themselves.
      #expect(policy.showsAsItself(Self.emoji("grinning face")))
      #expect(policy.showsAsItself(Self.emoji("yawning face")))
    }
    let auto = GlyphPolicy(
      mode: .auto, measured: probe.measured, catalog: Self.catalog, libraryColumns: glibc236)
    #expect(auto.showsAsItself(Self.emoji("shaking face")), "15.0 answered two columns: whole")
    #expect(auto.showsAsItself(Self.emoji("thumbs up: medium skin tone")))
  }

  /// No answer: the C library's word, as before (nothing becomes letters).
  @Test func aSilentTerminalLeavesTheLibrarysWidths() throws {
    let terminal = try ScriptedTerminal(behaviour: .silent, columns: Self.olderTable)
    let probe = TerminalProbe.run(
      samples: TerminalProbe.samples(in: Self.catalog), input: terminal.slave, output: terminal.slave,
      deadline: .milliseconds(50))
    let safe = GlyphPolicy(
      mode: .safe, measured: probe.measured, catalog: Self.catalog, libraryColumns: glibc236)
    #expect(safe.narrow.isEmpty)
    #expect(safe.showsAsItself(Self.emoji("smiling face with tear")))
  }
}
