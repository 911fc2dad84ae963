import ArgumentParser
import EmojiModel
import EmojiRater

/// `emoji-rater stats`: how far the rating has got, group by group.
struct StatsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats",
    abstract: "Print how many emoji of each Unicode group are voted up, down or not yet.",
    discussion: """
      One line per group in catalog order, then the total. Skin-tone variants count as \
      emoji of their group, as each can be rated. Ratings of emoji this version does not \
      know (rated with a newer one) get a line of their own, so the total counts every vote.

      Only reads the ratings file: never creates, changes or moves it, and needs no terminal.
      """
  )

  @OptionGroup var ratings: RatingsOption

  func run() throws {
    let votes = try RatingsReader.read(ratings.location)
    let stats = RatingsStats(ratings: votes, catalog: EmojiCatalog.builtIn(includeSkinTones: true))
    print(stats.table, terminator: "")
  }
}
