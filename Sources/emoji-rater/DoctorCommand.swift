import ArgumentParser
import EmojiRater
import Foundation
import Terminal

/// `emoji-rater doctor`: what to paste into a bug report about how emoji look.
struct DoctorCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "doctor",
    abstract: "Print what this terminal does with emoji, for a bug report.",
    discussion: """
      The terminal (TERM, TERM_PROGRAM), the locale, the colours, the columns the terminal \
      gives each kind of emoji (asked of the terminal itself with a cursor position request, \
      for about 150 ms; nothing stays on screen), and how much of the catalog is drawn as \
      itself. Needs a terminal.
      """
  )

  func run() throws {
    do {
      let report = try TerminalReport.gather(
        catalog: EmojiCatalog.builtIn(includeSkinTones: false),
        environment: ProcessInfo.processInfo.environment)
      print(report.text, terminator: "")
    } catch {
      StandardError.write("emoji-rater doctor: \(error)")
      throw ExitCode(2)
    }
  }
}
