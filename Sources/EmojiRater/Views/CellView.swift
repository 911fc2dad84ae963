import CollectionKit
import EmojiModel
import Terminal

/// What a cell shows: its emoji once the data has arrived, a spinner while
/// it loads, a distinct mark when the load failed.
public enum CellContent: Equatable, Sendable {
  case loaded(EmojiPresentation)
  /// Still loading: a spinner.
  case loading
  case failed

  /// A loaded emoji in the skin tone chosen for every emoji (`t`).
  func inTone(_ tone: SkinTone?) -> CellContent {
    guard let tone, case .loaded(let presentation) = self else { return self }
    return .loaded(presentation.inTone(tone))
  }
}

/// Draws one grid cell, `GridMetrics.cellWidth` (5) columns wide:
///
///     [😀+]   bracket, two-column glyph slot, marker column, bracket
///     ▲😀     a vote, on a cell not selected: ▲ up (green), ▼ down (red)
///     ✓😀     marked by a pick to be printed (in place of a vote's sign)
///      😀 ▆   the community's votes, on a cell not selected, where a
///             ratings server counts them: a bar as high as the share
///             that is up, green where most are up, red where most are down
///
/// The brackets show only on the selected cell, in the vote's colour if it
/// has one (the mark's, if it is marked). Every part is placed at an
/// absolute column, so whatever a terminal does with a glyph's width, the
/// next cell starts where it should.
enum CellView {
  static let spinner: [Unicode.Scalar] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  static let asciiSpinner: [Unicode.Scalar] = ["-", "\\", "|", "/"]

  /// The vote's sign beside the emoji: one column in every terminal.
  static func voteSign(_ vote: Vote, unicode: Bool) -> String {
    switch vote {
    case .up: unicode ? "▲" : "+"
    case .down: unicode ? "▼" : "-"
    }
  }

  /// The community's votes in one column: a bar from ▁ (all down) to █
  /// (all up), or in plain text the share up in tenths, `0` to `9`; nil
  /// when nobody voted.
  static func communityBar(_ tally: CommunityTally, unicode: Bool) -> String? {
    guard let share = tally.upShare else { return nil }
    if unicode {
      let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
      return String(bars[min(bars.count - 1, Int(share * Double(bars.count)))])
    }
    return String(min(9, Int(share * 10)))
  }

  /// Spinner frames per second: alive, without repainting every loading
  /// cell on every frame.
  static let spinnerRate = 10

  /// Spinner cells an animation step (a frame) may redraw, give or take a
  /// row (rows take turns whole: see `spinnerFrame`).
  static let spinnerBudget = 100

  /// In how many groups the spinners take turns to move on, one group per
  /// animation step: six, so each moves `spinnerRate` times a second and a
  /// sixth of them each frame. A 200×60 screen of fresh cells would then
  /// redraw 390 spinners every frame, most of the frame's drawing and
  /// output; past `spinnerBudget` a step, there are more groups, each
  /// turning slower. Doubling, so the count changes rarely: each change
  /// moves every spinner once.
  static func spinnerGroups(spinners: Int) -> Int {
    var groups = max(1, AppState.stepsPerSecond / spinnerRate)
    while spinners > groups * spinnerBudget { groups *= 2 }
    return groups
  }

  /// The groups for `spinners` while `current` are in use: more as soon as
  /// the budget needs them, fewer only once half as many would keep a step
  /// within half the budget. A count hovering about a threshold (a page of
  /// fresh cells loading at 200×60 hovers about 1,200) would otherwise
  /// change them every few frames, and each change moves every spinner on
  /// screen at once (`emoji-rater bench`, 200×60, pages: four frames of
  /// 1.1–1.8 ms in 2.4 s, the run's p99).
  static func spinnerGroups(spinners: Int, keeping current: Int) -> Int {
    let needed = spinnerGroups(spinners: spinners)
    guard current > needed else { return needed }
    var groups = current
    while groups > needed, spinners * 2 <= groups / 2 * spinnerBudget { groups /= 2 }
    return groups
  }

  /// Which spinner frame cell `item`, on grid row `row`, shows at
  /// animation step `step` (`AppState.stepsPerSecond` a second) when
  /// spinners move in `groups` groups. The rows take turns, and a row's
  /// spinners move on together, each a frame ahead of its left neighbour,
  /// so they ripple rather than blink. Whole rows, not a cell in every row:
  /// ncurses works out and writes its output line by line (`emoji-rater
  /// bench`, 200×60, pages: half the bytes a frame, work p50 0.57 → 0.33 ms).
  static func spinnerFrame(item: Int, row: Int, step: Int, groups: Int) -> Int {
    spinnerBeat(row: row, step: step, groups: groups) + item
  }

  /// How many times row `row`'s spinners have moved on by step `step`: all
  /// of a row's spinners move on when this does, so whether they did
  /// between two frames is a question for the row, not for each cell.
  static func spinnerBeat(row: Int, step: Int, groups: Int) -> Int {
    (step + row % groups) / groups
  }

  /// Draws the cell onto blank columns (`spinnerFrame` is the spinner's
  /// frame, should the cell be loading).
  @MainActor
  static func draw(
    _ content: CellContent, vote: Vote?, marked: Bool = false, selected: Bool, spinnerFrame: Int, row: Int,
    x: Int, on canvas: any Canvas
  ) {
    let slot = x + 1
    let style = selected ? Theme.selection : Style.plain
    if selected {
      let bracket = marked ? Theme.mark : vote.map(Theme.vote) ?? Theme.bracket
      canvas.text("[", row: row, column: x, maxWidth: 1, style: bracket)
      canvas.text("]", row: row, column: x + 4, maxWidth: 1, style: bracket)
    } else if marked {
      canvas.text(canvas.isUnicode ? "✓" : "*", row: row, column: x, maxWidth: 1, style: Theme.mark)
    } else if let vote {
      canvas.text(
        voteSign(vote, unicode: canvas.isUnicode), row: row, column: x, maxWidth: 1, style: Theme.vote(vote))
    }
    switch content {
    case .loaded(let presentation):
      let glyph = presentation.drawableGlyph(on: canvas)
      var column = slot
      let partStyle = glyph.isKeycap ? Theme.keycap : style
      for part in glyph.parts {
        if part.scalars.count == 1 {
          canvas.glyph(part.scalars[0], row: row, column: column, width: part.width, style: partStyle)
        } else {
          canvas.sequence(part.scalars, row: row, column: column, width: part.width, style: partStyle)
        }
        column += part.width
      }
      if column < slot + CellGlyph.slotWidth {
        canvas.fill(row: row, column: column, width: slot + CellGlyph.slotWidth - column, style: partStyle)
      }
      if let marker = glyph.marker {
        canvas.text(String(marker), row: row, column: slot + 2, maxWidth: 1, style: Theme.marker)
      }
      // The bracket's column, free on a cell not selected (the selection's
      // tally is on the status line, in full).
      if !selected, let tally = presentation.community,
        let bar = communityBar(tally, unicode: canvas.isUnicode)
      {
        canvas.text(bar, row: row, column: x + 4, maxWidth: 1, style: Theme.community(tally))
      }
    case .loading:
      let frames = canvas.isUnicode ? spinner : asciiSpinner
      // The blanks around a spinner in its colour too: a row of spinners is
      // then one run of one colour, not two colour changes a cell (at
      // 200×60 paging, a third fewer bytes a frame). Blanks look the same.
      // Unselected, the glyph's padding covers the two blanks after its slot too.
      if !selected, vote == nil, !marked { canvas.fill(row: row, column: x, width: 1, style: Theme.spinner) }
      canvas.glyph(
        frames[spinnerFrame % frames.count], row: row, column: slot,
        width: selected ? CellGlyph.slotWidth : CellGlyph.slotWidth + 2,
        style: selected ? style : Theme.spinner)
    case .failed:
      canvas.text(canvas.isUnicode ? "✗" : "x", row: row, column: slot, maxWidth: 2, style: Theme.failed)
    }
  }
}
