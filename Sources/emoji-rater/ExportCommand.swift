import ArgumentParser
import EmojiModel
import EmojiRater
import Support
import Terminal

/// `emoji-rater export`: every rating on standard output, as CSV or JSON.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Print every rating as CSV or JSON, for spreadsheets and scripts.",
    discussion: """
      Each rating gives the emoji, its name, its code points, the vote (up or down) and \
      when it was cast (ISO 8601, UTC). Rows follow the catalog: group by group, in grid \
      order; ratings of emoji this version does not know (rated with a newer one) come \
      last, with an empty name.

      csv: RFC 4180, a header line (emoji,name,code_points,vote,time), lines ended by LF. \
      json: an array of objects with the fields emoji, name, codePoints, vote and time.

      Only reads the ratings file: never creates, changes or moves it, and needs no terminal.
      """
  )

  @Option(help: ArgumentHelp("Output format: csv or json.", valueName: "format"))
  var format = RatingsExport.Format.csv.rawValue

  @OptionGroup var ratings: RatingsOption

  func validate() throws {
    _ = try exportFormat()
  }

  private func exportFormat() throws -> RatingsExport.Format {
    guard let format = RatingsExport.Format(rawValue: format.lowercased()) else {
      let accepted = RatingsExport.Format.allCases.map(\.rawValue).joined(separator: " or ")
      throw ValidationError("'\(SafeText.escaped(format))' is not an export format; use \(accepted)")
    }
    return format
  }

  func run() throws {
    // Read before rendering anything, so a bad file prints nothing to stdout.
    let votes = try RatingsReader.read(ratings.location)
    let export = RatingsExport(ratings: votes, catalog: EmojiCatalog.builtIn(includeSkinTones: true))
    print(export.rendered(as: try exportFormat()), terminator: "")
  }
}
