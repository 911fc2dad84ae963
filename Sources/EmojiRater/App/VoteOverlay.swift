import CollectionKit
import Terminal

/// The voting overlay: up, down and clear, anchored to the selected cell.
/// Its geometry is worked out here, once, for the view that draws it and for
/// the state that maps a click onto a choice.
public struct VoteOverlay: Equatable, Sendable {
  /// The choices, left to right.
  public enum Choice: Int, CaseIterable, Equatable, Sendable {
    case up, down, clear

    /// The vote it casts (nil: clears).
    public var vote: Vote? {
      switch self {
      case .up: .up
      case .down: .down
      case .clear: nil
      }
    }

    init(_ vote: Vote) {
      self = vote == .up ? .up : .down
    }

    /// The glyph where the terminal draws emoji, and its plain-text stand-in.
    var glyph: (unicode: Unicode.Scalar, ascii: Unicode.Scalar) {
      switch self {
      case .up: ("👍", "+")
      case .down: ("👎", "-")
      case .clear: ("✕", "x")
      }
    }

    var label: String {
      switch self {
      case .up: "up"
      case .down: "down"
      case .clear: "clear"
      }
    }
  }

  /// The highlighted choice (arrows move it, Enter takes it).
  public var highlighted: Choice

  /// Opens on the selected emoji's current vote, or on "up" for one not
  /// voted yet. It votes on the selection, which nothing moves while it is
  /// open (a command that would closes it).
  public init(current: Vote?) {
    highlighted = current.map(Choice.init) ?? .up
  }

  /// Where the overlay sits on screen and where each choice is.
  public struct Frame: Equatable, Sendable {
    public var top: Int
    public var left: Int
    public var width: Int
    /// Each choice's columns on the middle row (`top + 1`), left to right.
    public var choices: [Range<Int>]
    /// Whether the labels fit (a narrow screen shows the glyphs alone).
    public var showsLabels: Bool

    public static let height = 3

    /// The choice under a screen position, if any.
    public func choice(atRow row: Int, column: Int) -> Choice? {
      guard row == top + 1 else { return nil }
      return choices.firstIndex { $0.contains(column) }.flatMap(Choice.init(rawValue:))
    }

    public func contains(row: Int, column: Int) -> Bool {
      (top..<(top + Self.height)).contains(row) && (left..<(left + width)).contains(column)
    }
  }

  /// Below the cell when there is room in the grid, above it otherwise;
  /// moved left as far as it must be to stay on screen.
  public func frame(cellRow: Int, cellX: Int, gridHeight: Int, columns: Int) -> Frame {
    // A choice: space, a two-column glyph, space, label, space.
    let labelled = Choice.allCases.map { 2 + 2 + $0.label.count + 1 }
    let withLabels = labelled.reduce(2, +) <= columns
    let widths = withLabels ? labelled : Choice.allCases.map { _ in 4 }
    let width = widths.reduce(2, +)
    let below = cellRow + 1 + Frame.height <= gridHeight
    let top = below ? cellRow + 1 : max(0, cellRow - Frame.height)
    let left = max(0, min(cellX, columns - width))
    var column = left + 1
    var choices: [Range<Int>] = []
    for choiceWidth in widths {
      choices.append(column..<(column + choiceWidth))
      column += choiceWidth
    }
    return Frame(top: top, left: left, width: width, choices: choices, showsLabels: withLabels)
  }
}
