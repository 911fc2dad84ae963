import Foundation
import Loading

/// The emoji's details from `emoji-rater serve`: where each is
/// (`/emoji/{code points}`) and how its answer becomes a cell's data.
enum EmojiOverHTTP {
  /// A source of the catalog's items from the server at `base`, over a pool
  /// of `connections` connections (0: no bound).
  static func source(base: URL, catalog: EmojiCatalog, glyphs: GlyphPolicy, connections: Int)
    -> HTTPLoadSource<Int, EmojiPresentation>
  {
    var configuration = HTTPLoadSource<Int, EmojiPresentation>.Configuration()
    configuration.connections = connections
    return HTTPLoadSource(
      configuration: configuration,
      url: {
        base.appendingPathComponent("emoji").appendingPathComponent(catalog.emoji(atFlatIndex: $0).identifier)
      },
      decode: { item, body in
        EmojiPresentation(try emoji(from: body, for: catalog.emoji(atFlatIndex: item)), policy: glyphs)
      })
  }

  /// The emoji an answer describes, which must be `asked`: the server's
  /// name, group, version and keywords; the app's own names in the user's
  /// language and skin-tone variants (they are not the server's to say).
  static func emoji(from body: Data, for asked: Emoji) throws -> Emoji {
    let record = try JSONDecoder().decode(EmojiRecord.self, from: body)
    guard record.codePoints == asked.identifier, !record.name.isEmpty else {
      throw NotTheEmojiAsked(asked: asked.identifier, answered: record.codePoints)
    }
    var emoji = Emoji(
      scalars: asked.scalars, name: record.name, group: record.group, subgroup: record.subgroup,
      version: record.version)
    emoji.keywords = record.keywords
    emoji.localName = asked.localName
    emoji.localKeywords = asked.localKeywords
    emoji.skinToneVariants = asked.skinToneVariants
    return emoji
  }

  struct NotTheEmojiAsked: Error {
    var asked: String
    var answered: String
  }
}
