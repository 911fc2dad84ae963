import ArgumentParser
import EmojiModel
import EmojiRater
import Foundation
import Support
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

      With --check it then shows a row of examples of each kind drawn whole here and asks \
      whether they look right: a terminal can give a kind two columns and still draw it wrong \
      (flags as letters, blank cells, a joined emoji in pieces). The kinds answered no are \
      drawn as stand-ins from then on, saved in $XDG_CONFIG_HOME/emoji-rater/glyphs.toml \
      (~/.config without it); --glyphs on the command line wins over it.
      """
  )

  @Flag(help: "Ask, kind by kind, whether emoji look right here, and save the answers.")
  var check = false

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let report: TerminalReport
    do {
      report = try TerminalReport.gather(
        catalog: EmojiCatalog.builtIn(includeSkinTones: false), environment: environment)
    } catch {
      StandardError.write("emoji-rater doctor: \(error)")
      throw ExitCode(2)
    }
    print(report.text, terminator: "")
    if check { try ask(about: report, environment: environment) }
  }

  /// Asks about each kind drawn whole here, then saves the kinds answered no.
  private func ask(about report: TerminalReport, environment: [String: String]) throws {
    guard let path = GlyphCorrectionsFile.path(environment: environment) else {
      StandardError.write("emoji-rater doctor: no place to save answers: set HOME or XDG_CONFIG_HOME")
      throw ExitCode(2)
    }
    let check = GlyphCheck(probe: report.probe, catalog: EmojiCatalog.builtIn(includeSkinTones: true))
    guard !check.questions.isEmpty else {
      print(
        "\ncheck     nothing is drawn whole here, so nothing to ask; --glyphs safe or ascii is as straight")
      return
    }
    print(
      """

      check     \(check.questions.count) kinds are drawn whole here. Each row shows examples between bars:
                answer y if every one is a single picture that fits between its bars, n if any is
                clipped, blank, a box, two letters or in pieces (q stops, saving nothing).
      """)
    var lookingWrong: [GlyphKind] = []
    for (number, question) in check.questions.enumerated() {
      print("\n\(number + 1)/\(check.questions.count)  \(question.kind.name)\n    \(question.row)")
      switch readAnswer() {
      case true?: continue
      case false?: lookingWrong.append(question.kind)
      case nil:
        print("stopped: nothing saved")
        throw ExitCode(1)
      }
    }
    let corrections = GlyphCheck.corrections(lookingWrong: lookingWrong)
    do {
      try GlyphCorrectionsFile.write(corrections, to: path)
    } catch {
      StandardError.write("emoji-rater doctor: \(error)")
      throw ExitCode(2)
    }
    let names = Set(lookingWrong.map(\.settingName)).sorted()
    print(
      names.isEmpty
        ? "\nsaved     every kind looks right: drawn as measured (\(SafeText.escaped(path)))"
        : "\nsaved     \(names.joined(separator: ", ")) drawn as stand-ins from now on, in \(SafeText.escaped(path)); "
          + "--glyphs \(names[0])=whole on the command line overrides it")
  }

  /// y or n from the person, asked until it is one of them; nil for q or
  /// the end of input.
  private func readAnswer() -> Bool? {
    while true {
      print("    looks right? [y/n] ", terminator: "")
      fflush(nil)
      guard let line = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return nil }
      switch line {
      case "y", "yes": return true
      case "n", "no": return false
      case "q", "quit": return nil
      default: print("    please answer y or n (q stops)")
      }
    }
  }
}
