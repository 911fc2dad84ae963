import ArgumentParser
import EmojiModel
import EmojiRater
import Support
import Terminal

/// `emoji-rater search QUERY`: the emoji that answer a query, best first,
/// one a line (the emoji, its name, its code points), for scripts and pipes.
struct SearchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Print the emoji that match a query, best first, one a line.",
    discussion: """
      Matches the words of the query against each emoji's name and what people call it \
      (CLDR's English keywords, and chat apps' short names such as tada or +1): \
      'emoji-rater search laugh' finds 🤣 😆 😂. A slip is forgiven (one letter in a word \
      of four or more, two in eight or more: hert finds ❤️), after every match typed \
      right. Exit status 1 when nothing matches.
      """
  )

  @Argument(help: ArgumentHelp("The words to look for, in any order.", valueName: "query"))
  var query: [String]

  @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: "Search the skin-tone variants too.")
  var skinTones = false

  @OptionGroup var language: LanguageOption

  func validate() throws {
    let text = query.joined(separator: " ")
    guard text.contains(where: { !$0.isWhitespace }) else { throw ValidationError("the query is empty") }
    guard text.count <= Search.maximumQueryLength else {
      throw ValidationError("the query is longer than \(Search.maximumQueryLength) characters")
    }
  }

  func run() throws {
    let catalog = EmojiCatalog.builtIn(includeSkinTones: skinTones, language: try language.language())
    let found = SearchRanking.ranked(query.joined(separator: " "), in: catalog)
    for item in found {
      let emoji = catalog.emoji(atFlatIndex: item)
      print("\(emoji.string)\t\(SafeText.printable(emoji.shownName))\t\(emoji.codePoints)")
    }
    if found.isEmpty { throw ExitCode(1) }
  }
}
