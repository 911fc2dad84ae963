import Foundation

extension TmuxSession {
  /// The columns tmux gives each of `texts`, each printed alone at the
  /// start of a line in another window of this session's server, and
  /// measured by tmux's own cursor (`CSI 6n`, answered by tmux): what tmux
  /// does, not what the app thinks it does.
  public func columns(of texts: Set<String>) throws -> [String: Int] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("emoji-rater-columns-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let ordered = texts.sorted()
    let input = folder.appendingPathComponent("texts").path
    let output = folder.appendingPathComponent("columns").path
    let done = folder.appendingPathComponent("done").path
    try ordered.joined(separator: "\n").appending("\n").write(
      toFile: input, atomically: true, encoding: .utf8)
    // read -d R puts the terminal in cbreak mode for the answer, ESC [ row ; column R.
    let script = """
      while IFS= read -r text; do
        printf '\\r\\033[2K%s\\033[6n' "$text" > /dev/tty
        IFS='[;' read -rs -d R _ _ column < /dev/tty
        echo "$((column - 1))" >> \(Self.quote(output))
      done < \(Self.quote(input))
      touch \(Self.quote(done))
      """
    try run(["new-window", "-d", "-t", "test", "bash", "-c", script])
    let finished = waitUntil(timeout: 30) { FileManager.default.fileExists(atPath: done) }
    guard finished, let answers = try? String(contentsOfFile: output, encoding: .utf8) else {
      throw TmuxError(arguments: ["(measuring columns)"], output: "no answers within 30 s")
    }
    let columns = answers.split(separator: "\n").compactMap { Int($0) }
    guard columns.count == ordered.count else {
      throw TmuxError(
        arguments: ["(measuring columns)"], output: "\(columns.count) of \(ordered.count) answers")
    }
    return Dictionary(uniqueKeysWithValues: zip(ordered, columns))
  }
}

/// Checks a captured grid against the columns tmux gave each character:
/// every cell of a row starts five columns after the one before, however
/// its emoji was drawn.
public enum GridAlignment {
  /// The grid rows of a captured app screen: every line but the section
  /// headers and the status and HUD lines at the bottom.
  public static func gridRows(of screen: String) -> [String] {
    var screen = screen[...]
    while screen.last == "\n" { screen.removeLast() }
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return lines.dropLast(2).filter { !$0.contains("──") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
  }

  /// Every character (grapheme cluster) of the grid rows, to measure.
  public static func characters(of screen: String) -> Set<String> {
    Set(gridRows(of: screen).flatMap { $0.map(String.init) })
  }

  /// The rows whose cells are not where they belong, each with where it
  /// went wrong. A cell is five columns: the selection's `[`, a two-column
  /// emoji, a marker (`+`, a skin tone's number), the selection's `]`. So
  /// an emoji starts a multiple of five columns after the row's first, a
  /// marker or stand-in letter one or two columns into its slot, and a
  /// bracket just before or after it.
  public static func misplaced(_ screen: String, columns: [String: Int]) -> [String] {
    var problems: [String] = []
    var firstColumns: Set<Int> = []
    for row in gridRows(of: screen) {
      var column = 0
      var first: Int?
      for character in row {
        let text = String(character)
        defer { column += columns[text] ?? 1 }
        guard text != " " else { continue }
        let isEmoji = !character.isASCII && text != "▲" && text != "▼"
        if first == nil, isEmoji || character.isLetter || character.isNumber { first = column }
        guard let origin = first else { continue }
        let place = ((column - origin) % 5 + 5) % 5
        let allowed: Set<Int> =
          switch text {
          case "[", "▲", "▼": [4]
          case "]": [3]
          default: isEmoji ? [0] : [0, 1, 2]
          }
        if !allowed.contains(place) {
          problems.append("\(text) at column \(column), \(place) into its cell: \(row)")
          break
        }
      }
      if let first { firstColumns.insert(first) }
    }
    if firstColumns.count > 1 { problems.append("rows start at different columns: \(firstColumns.sorted())") }
    return problems
  }
}
