import Foundation
import Terminal
import TestSupport
import Testing

@testable import EmojiModel
@testable import EmojiRater

/// Names and search in the user's language: which language the
/// environment or `--lang` asks for, CLDR's annotation files read (and
/// refused), and what that changes on screen and in search.
@Suite struct LanguageTests: ScreenTest {
  /// A small CLDR folder of the test's own: German, a Swiss German that
  /// differs in one name, and German skin tones in the derived file.
  final class CLDRFolder {
    let home: DataHome
    var path: String { home.path }

    init(files: [String: String] = CLDRFolder.german) throws {
      home = try DataHome()
      for (name, text) in files {
        let file = "\(home.path)/\(name)"
        try FileManager.default.createDirectory(
          atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
      }
    }

    static func ldml(_ lines: [String]) -> String {
      """
      <?xml version="1.0" encoding="UTF-8" ?>
      <ldml>
      \t<annotations>
      \(lines.map { "\t\t" + $0 }.joined(separator: "\n"))
      \t</annotations>
      </ldml>

      """
    }

    static let german = [
      "annotations/de.xml": ldml([
        #"<annotation cp="😂">Gesicht | Gesicht mit Freudentränen | lachen | Tränen</annotation>"#,
        #"<annotation cp="😂" type="tts">Gesicht mit Freudentränen</annotation>"#,
        #"<annotation cp="🐱">Katze | Katzengesicht</annotation>"#,
        #"<annotation cp="🐱" type="tts">Katzengesicht</annotation>"#,
        #"<annotation cp="&amp;">Und-Zeichen | &#x26;</annotation>"#,
      ]),
      "annotations/de_CH.xml": ldml([
        #"<annotation cp="🐱" type="tts">Büsi-Gesicht</annotation>"#,
        #"<annotation cp="😂">↑↑↑</annotation>"#,
      ]),
      "annotationsDerived/de.xml": ldml([
        #"<annotation cp="👍🏻">Daumen hoch | helle Hautfarbe</annotation>"#,
        #"<annotation cp="👍🏻" type="tts">Daumen hoch: helle Hautfarbe</annotation>"#,
      ]),
    ]
  }

  static let english = EmojiCatalog.builtIn(includeSkinTones: true)

  func catalog(_ language: UserLanguage) -> EmojiCatalog {
    EmojiCatalog.builtIn(includeSkinTones: true, language: language)
  }

  func emoji(_ text: String, in catalog: EmojiCatalog) -> Emoji {
    catalog.sections.lazy.flatMap(\.emoji).first { $0.string == text }!
  }

  @Test func theEnvironmentNamesTheLanguageAsTheCLibraryReadsIt() {
    let locale = { (environment: [String: String]) in UserLanguage.locale(fromEnvironment: environment)?.1 }
    #expect(locale(["LANG": "de_DE.UTF-8"]) == "de_DE")
    #expect(locale(["LANG": "de_DE.UTF-8@euro"]) == "de_DE")
    #expect(locale(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == "fr_FR")
    #expect(locale(["LC_ALL": "pt_BR.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == "pt_BR")
    #expect(locale(["LC_ALL": "", "LANG": "ja_JP.UTF-8"]) == "ja_JP", "an empty variable is not set")
    #expect(locale(["LANG": "C.UTF-8"]) == nil)
    #expect(locale(["LANG": "POSIX"]) == nil)
    #expect(locale([:]) == nil)
  }

  @Test func codesAreSpelledAsCLDRNamesItsFiles() {
    #expect(UserLanguage.normalized("de") == "de")
    #expect(UserLanguage.normalized("de-ch") == "de_CH")
    #expect(UserLanguage.normalized("ZH_hant_tw") == "zh_Hant_TW")
    #expect(UserLanguage.normalized("en_001") == "en_001")
    for hostile in ["", "d", "../../etc/passwd", "de;rm -rf", "de_CH_x_y", "deutsch", "de/../fr"] {
      #expect(UserLanguage.normalized(hostile) == nil, "\(hostile)")
    }
  }

  @Test func annotationsAreReadWithTheirParentsAndDerivedSequences() throws {
    let folder = try CLDRFolder()
    let swiss = try LocalAnnotations.load(locale: "de_CH", from: folder.path)
    #expect(swiss.locale == "de_CH")
    let catalog = catalog(
      try UserLanguage.choose(requested: "de-ch", environment: [:], directory: folder.path))
    let cat = emoji("🐱", in: catalog)
    #expect(cat.localName == "Büsi-Gesicht", "the Swiss name over the German")
    #expect(cat.localKeywords == ["Katze", "Katzengesicht"], "the German keywords kept")
    let joy = emoji("😂", in: catalog)
    #expect(joy.localKeywords.contains("lachen"), "↑↑↑ inherits, it is not a keyword")
    #expect(emoji("👍🏻", in: catalog).shownName == "Daumen hoch: helle Hautfarbe")
    #expect(emoji("😀", in: catalog).shownName == "grinning face", "no German name: the English one")
  }

  @Test func entitiesAreDecodedAndTextMadeSafe() throws {
    var table: [String: LocalAnnotations.Annotation] = [:]
    let text = CLDRFolder.ldml([
      #"<annotation cp="&amp;">Und &amp; &#x26; &lt;b&gt;</annotation>"#,
      "<annotation cp=\"😀\" type=\"tts\">Grinsen\u{1B}[2J\u{07}</annotation>",
    ])
    try LocalAnnotations.parse(Array(text.utf8), path: "t.xml", into: &table)
    #expect(table["26"]?.keywords == ["Und & & <b>"])
    #expect(table["1f600"]?.name == "Grinsen[2J", "no escape or bell reaches the screen")
  }

  @Test func aFileThatIsNotCLDRsIsRefusedNamingTheLine() {
    func parse(_ text: String) -> LanguageError? {
      var table: [String: LocalAnnotations.Annotation] = [:]
      do {
        try LocalAnnotations.parse(Array(text.utf8), path: "de.xml", into: &table)
        return nil
      } catch { return error }
    }
    #expect(
      parse(CLDRFolder.ldml([#"<annotation cp="😂">lachen</annotation>"#, #"<annotation cp="😂">"#]))
        == .malformed(path: "de.xml", line: 5, reason: "an annotation that does not read"))
    #expect(parse("just text\n") == .malformed(path: "de.xml", line: nil, reason: "no annotations in it"))
    #expect(
      parse(CLDRFolder.ldml([#"<annotation cp="😂">a &bogus b</annotation>"#]))
        == .malformed(path: "de.xml", line: 4, reason: "an annotation that does not read"))
  }

  /// From the environment, nothing stops the app: English, and doctor says why.
  @Test func theEnvironmentsLanguageFallsBackToEnglishWithANote() throws {
    let folder = try CLDRFolder()
    let unknown = try UserLanguage.choose(
      requested: nil, environment: ["LANG": "xx_YY.UTF-8"], directory: folder.path)
    #expect(unknown.annotations == nil)
    #expect(
      unknown.note.hasPrefix("English (LANG asks for xx_YY, but no emoji names for 'xx_YY' on this system"))
    let missing = try UserLanguage.choose(
      requested: nil, environment: ["LANG": "de_DE.UTF-8"], directory: folder.path + "/nowhere")
    #expect(missing.annotations == nil && missing.note.contains("install Debian's unicode-cldr-core"))
    let broken = try CLDRFolder(files: ["annotations/de.xml": "<annotation cp=\"😂\">lachen\n"])
    let malformed = try UserLanguage.choose(
      requested: nil, environment: ["LANG": "de_DE"], directory: broken.path)
    #expect(malformed.annotations == nil)
    #expect(malformed.note.contains("de.xml:1: an annotation that does not read"), "\(malformed.note)")
    let english = try UserLanguage.choose(
      requested: nil, environment: ["LANG": "en_GB.UTF-8"], directory: folder.path)
    #expect(english.annotations == nil && english.note == "English (built in)")
  }

  /// Asked for by name, a language the system lacks is an error (exit 2).
  @Test func anUnknownLangIsAnError() throws {
    let folder = try CLDRFolder()
    #expect(throws: LanguageError.unknown("fr", available: ["de", "de_CH"])) {
      try UserLanguage.choose(requested: "fr", environment: [:], directory: folder.path)
    }
    #expect(throws: LanguageError.self) {
      try UserLanguage.choose(requested: "../de", environment: [:], directory: folder.path)
    }
    #expect(
      try UserLanguage.choose(requested: "en", environment: [:], directory: folder.path).annotations == nil)
  }

  /// Search matches the user's language and English both; the status line
  /// names the emoji in the user's language.
  @MainActor @Test func searchAndTheStatusLineInGerman() throws {
    let folder = try CLDRFolder()
    let german = try UserLanguage.choose(requested: "de", environment: [:], directory: folder.path)
    let catalog = EmojiCatalog.builtIn(includeSkinTones: false, language: german)
    let names = { (query: String) in
      SearchRanking.ranked(query, in: catalog).map { catalog.emoji(atFlatIndex: $0).string }
    }
    #expect(names("lachen").first == "😂")
    #expect(names("tranen") == ["😂"], "accents fold away")
    #expect(names("laugh").contains("😂"), "English still finds it")
    var state = AppState(catalog: catalog, screenSize: Size(rows: 8, columns: 100))
    state.searchIndex = SearchIndex(catalog)
    for command in [Command.startSearch] + "lachen".map(Command.searchInput) { state.apply(command) }
    let canvas = render(state, content: FullyLoadedContent(state: state))
    #expect(Snapshot.mismatch(canvas.text, named: "search-lachen-de-100x8") == nil)
    #expect(canvas.lines[6].hasPrefix(" Gesicht mit Freudentränen · Smileys & Emotion"), "\(canvas.lines[6])")
  }

  /// The system's own German, where it is installed (`make test` installs it).
  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: LocalAnnotations.systemDirectory + "/annotations/de.xml")))
  func theSystemsGermanFindsLaughingByLachen() throws {
    let german = try UserLanguage.choose(requested: "de", environment: [:])
    let catalog = EmojiCatalog.builtIn(includeSkinTones: true, language: german)
    let top = SearchRanking.ranked("lachen", in: catalog).prefix(10).map {
      catalog.emoji(atFlatIndex: $0).string
    }
    #expect(top.contains("😂"), "\(top)")
    #expect(german.annotations!.count > 3_000)
  }
}
