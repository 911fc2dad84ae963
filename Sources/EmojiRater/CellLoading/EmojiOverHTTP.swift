import EmojiModel
import Foundation
import HTTPLoading
import Loading
import Support

/// The emoji's details from `emoji-rater serve`: where each is
/// (`/emoji/{code points}`) and how its answer becomes a cell's data.
enum EmojiOverHTTP {
  /// A source of the catalog's items from the server at `base`, over a pool
  /// of `connections` connections (0: no bound).
  static func source(
    server: (host: String, port: Int, path: String), catalog: EmojiCatalog, glyphs: GlyphPolicy,
    connections: Int
  ) -> HTTPLoadSource<Int, EmojiPresentation> {
    var configuration = HTTPLoadSource<Int, EmojiPresentation>.Configuration()
    configuration.connections = connections
    return HTTPLoadSource(
      host: server.host, port: server.port, configuration: configuration,
      path: { server.path + "/emoji/" + catalog.emoji(atFlatIndex: $0).identifier },
      decode: { item, body in
        let (emoji, community) = try answer(body, for: catalog.emoji(atFlatIndex: item))
        return EmojiPresentation(emoji, policy: glyphs, community: community)
      })
  }

  /// The emoji an answer describes, which must be `asked` (its code points
  /// and the emoji itself): the server's name, group, version and keywords,
  /// with any control character taken out (a server is input like any
  /// other); the app's own names in the user's language, short names and
  /// skin-tone variants (they are not the server's to say). And the community's
  /// votes, when the answer has them.
  static func answer(_ body: Data, for asked: Emoji) throws(LoadFailure) -> (
    emoji: Emoji, community: CommunityTally?
  ) {
    guard let record = try? JSONDecoder().decode(EmojiRecord.self, from: body), !record.name.isEmpty else {
      throw .server("the server's answer is not emoji data")
    }
    guard record.codePoints == asked.identifier, record.emoji == asked.string else {
      let other = SafeText.printable(record.codePoints.prefix(40))
      throw .server("the server answered with another emoji (\(other.isEmpty ? "none" : other))")
    }
    let clean = { (text: String) in SafeText.printable(text) }
    var emoji = Emoji(
      scalars: asked.scalars, name: clean(record.name), group: clean(record.group),
      subgroup: clean(record.subgroup), version: clean(record.version))
    emoji.keywords = record.keywords.map(clean)
    emoji.localName = asked.localName
    emoji.localKeywords = asked.localKeywords
    emoji.aliases = asked.aliases
    emoji.tags = asked.tags
    emoji.skinToneVariants = asked.skinToneVariants
    return (emoji, record.tally)
  }
}
