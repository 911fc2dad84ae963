import ArgumentParser
import EmojiRater

/// `--ratings PATH`, one definition for every command that reads or keeps votes.
struct RatingsOption: ParsableArguments {
  @Option(
    name: .customLong("ratings"),
    help: ArgumentHelp(
      "The ratings file (default: $XDG_DATA_HOME/emoji-rater/ratings.json, else ~/.local/share/…).",
      valueName: "path"))
  var path: String?

  var location: RatingsLocation { path.map(RatingsLocation.explicit) ?? .standard }
}
