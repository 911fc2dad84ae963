import CollectionKit
import EmojiData
import Foundation
import Support

/// The emoji the grid shows, in sections: one per Unicode group, in Unicode's
/// order. Skin-tone variants belong to their base emoji and are shown only
/// when asked for (`--skin-tones`).
public struct EmojiCatalog: Sendable {
  public struct Section: Sendable {
    /// The Unicode group, e.g. "Smileys & Emotion".
    public let name: String
    public let emoji: [Emoji]

    /// The emoji of this section a vote can be for, each once, in order:
    /// every emoji it shows and, shown or not, each one's skin-tone
    /// variants (with skin tones shown, a variant is listed both in the
    /// section and in its base's `skinToneVariants`).
    public var votableEmoji: [Emoji] {
      var seen = Set<String>()
      return emoji.flatMap { [$0] + $0.skinToneVariants }.filter { seen.insert($0.identifier).inserted }
    }
  }

  public let sections: [Section]
  /// Where the data came from, for messages ("built-in Unicode 17.0" or a path).
  public let source: String
  /// Emoji per section, to find one by its flat position.
  private let sectionOffsets: Offsets
  public var count: Int { sectionOffsets.total }

  /// Groups `entries` (parser output, in file order) into sections, each
  /// with its `keywords`, and its name and keywords in the user's language
  /// when that is not English (`annotations`).
  public init(
    entries: [Emoji], includeSkinTones: Bool, source: String, keywords: EmojiKeywords = .builtIn,
    aliases: EmojiKeywords = .aliases, tags: EmojiKeywords = .tags, annotations: LocalAnnotations? = nil
  ) {
    var bases: [Emoji] = []
    var baseIndexByScalars: [[Unicode.Scalar]: Int] = [:]
    for var entry in entries {
      entry.keywords = keywords.keywords(for: entry)
      entry.aliases = aliases.keywords(for: entry)
      entry.tags = tags.keywords(for: entry)
      if let annotations {
        entry.localName = annotations.name(for: entry)
        entry.localKeywords = annotations.keywords(for: entry)
      }
      if entry.hasSkinTone {
        // A variant joins its base; one whose base Unicode does not list on its
        // own (the two-tone handshakes) joins the base just before it.
        guard let index = baseIndexByScalars[entry.scalarsWithoutSkinTone] ?? bases.indices.last
        else { continue }
        bases[index].skinToneVariants.append(entry)
      } else {
        baseIndexByScalars[entry.scalars] = bases.count
        bases.append(entry)
      }
    }
    var groups: [(name: String, emoji: [Emoji])] = []
    for base in bases {
      if groups.last?.name != base.group { groups.append((base.group, [])) }
      groups[groups.count - 1].emoji.append(base)
      if includeSkinTones { groups[groups.count - 1].emoji += base.skinToneVariants }
    }
    self.init(sections: groups.map { Section(name: $0.name, emoji: $0.emoji) }, source: source)
  }

  private init(sections: [Section], source: String) {
    self.sections = sections
    self.source = source
    sectionOffsets = Offsets(sizes: sections.map(\.emoji.count))
  }

  /// The emoji at a flat position through all sections (the loader's
  /// identifier), found by binary search rather than a flattened copy.
  public func emoji(atFlatIndex index: Int) -> Emoji {
    let section = sectionOffsets.part(containing: index)
    return sections[section].emoji[index - sectionOffsets[section]]
  }

  /// `items` emoji: this catalog's sections over and over ("Smileys &
  /// Emotion · 2", …), cut off at `items` — content many screens long, for
  /// measuring that the cost of a frame does not grow with it (`--items`).
  /// Repeated sections share their arrays, so a million items cost the
  /// memory of the catalog plus one small record per section.
  public func repeated(toCount items: Int) -> EmojiCatalog {
    precondition(items > 0 && count > 0)
    var sections: [Section] = []
    var remaining = items
    var round = 1
    while remaining > 0 {
      for section in self.sections where remaining > 0 {
        let name = round == 1 ? section.name : "\(section.name) · \(round)"
        let emoji = section.emoji.count <= remaining ? section.emoji : Array(section.emoji.prefix(remaining))
        sections.append(Section(name: name, emoji: emoji))
        remaining -= emoji.count
      }
      round += 1
    }
    return EmojiCatalog(sections: sections, source: "\(source), repeated to \(items) items")
  }

  /// The emoji at these flat positions (ascending), in their sections;
  /// sections left empty are dropped. A smaller catalog of the same shape.
  func subset(_ items: [Int]) -> EmojiCatalog {
    var kept: [[Emoji]] = Array(repeating: [], count: sections.count)
    for item in items {
      let section = sectionOffsets.part(containing: item)
      kept[section].append(sections[section].emoji[item - sectionOffsets[section]])
    }
    let shown = zip(sections, kept).filter { !$0.1.isEmpty }.map { Section(name: $0.0.name, emoji: $0.1) }
    return EmojiCatalog(sections: shown, source: source)
  }

  /// The section holding a flat position.
  public func part(containing index: Int) -> Int {
    sectionOffsets.part(containing: index)
  }

  public subscript(section: Int, item: Int) -> Emoji { sections[section].emoji[item] }

  // MARK: Loading

  /// The catalog built into the binary: Unicode's emoji-test.txt (17.0 today).
  public static func builtIn(includeSkinTones: Bool, language: UserLanguage = .english) -> EmojiCatalog {
    do {
      // Parsed straight from the binary's read-only data, without a copy.
      let entries = try embeddedEmojiTestText.withUTF8Buffer { bytes in
        Result { () throws(CatalogError) in
          try EmojiTestParser.parse(bytes, source: "built-in emoji-test.txt")
        }
      }.get()
      return EmojiCatalog(
        entries: entries, includeSkinTones: includeSkinTones,
        source: "built-in Unicode \(embeddedEmojiTestVersion)", annotations: language.annotations)
    } catch {
      // The embedded copy is checked by the tests; failing here is a build defect.
      preconditionFailure("the built-in emoji data does not parse: \(error)")
    }
  }

  /// The largest `--emoji-data` file read: sixteen times Unicode's own.
  static let maximumDataFileSize = 16 * 1024 * 1024

  /// A catalog from another copy of emoji-test.txt (`--emoji-data PATH`).
  public static func load(path: String, includeSkinTones: Bool, language: UserLanguage = .english)
    throws(CatalogError) -> EmojiCatalog
  {
    // Unicode's own file is under a megabyte: a much larger one is not it,
    // and is refused before it is read.
    let data: Data
    switch FileTarget.read(path, limit: maximumDataFileSize) {
    case .success(let read?): data = read
    case .success(nil): throw CatalogError(file: path, reason: "cannot read the file (no such file)")
    case .failure(let refusal):
      throw CatalogError(file: path, reason: "cannot read the file (\(refusal.reason))")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw CatalogError(file: path, reason: "the file is not UTF-8 text")
    }
    let entries = try EmojiTestParser.parse(text, source: path)
    return EmojiCatalog(
      entries: entries, includeSkinTones: includeSkinTones, source: path, annotations: language.annotations)
  }

}
