import CollectionKit
import EmojiModel
import Terminal

/// Something the person asked for, decoded from input by `KeyBindings` and
/// applied to `AppState`. Plain values, so behaviour is tested without a terminal.
public enum Command: Equatable, Sendable {
  case move(SelectionMove)
  /// A screenful up or down (the size is the state's to know).
  case page(down: Bool)
  /// Scrolls the view by rows (the mouse wheel); the selection follows only
  /// as far as it must to stay on screen.
  case scroll(rows: Int)
  /// Selects the cell under a screen position (a click).
  case select(row: Int, column: Int)
  /// Switches the loading mode: sync → async → prefetch → sync.
  case cycleMode
  /// Starts the statistics afresh (the counters on the bottom line).
  case resetStatistics
  case toggleHelp
  case toggleHUD
  /// Votes on the selected emoji (nil clears its vote); closes the voting overlay.
  case vote(Vote?)
  /// Takes back the last vote, whatever was selected since.
  case undoVote
  /// Opens the voting overlay on the selected emoji (Enter, space).
  case openVoteOverlay
  /// Moves the overlay's highlight by this many choices (arrows).
  case moveInOverlay(Int)
  /// Takes the overlay's highlighted choice (Enter).
  case confirmOverlay
  /// Shows the next filter: all, voted up, voted down, not voted yet (`v`).
  case cycleFilter
  /// Shows the next order: the catalog's, the community's most voted up,
  /// its most argued over (`o`; with a ratings server).
  case cycleOrder
  /// Shows the grid in this order (`--order`).
  case order(CommunityOrder)
  /// Copies the selected emoji to the clipboard (the terminal's, OSC 52).
  case copySelection
  /// Shows every emoji that has skin tones in the next tone: none, then
  /// light to dark (`t`).
  case cycleSkinTone
  /// Shows every emoji that has skin tones in this one (`--skin-tone`; nil: none).
  case skinTone(SkinTone?)
  /// Forgets the "Frequently used" section's history (`X`, pressed twice).
  case forgetFrequentlyUsed
  /// Opens the search prompt (`/`).
  case startSearch
  /// A character typed into the search prompt.
  case searchInput(Character)
  /// Text pasted (in one piece): it goes into the search prompt, if open.
  case paste(Paste)
  case searchBackspace
  /// Ends typing; n and N then step through the matches.
  case confirmSearch
  /// The next (or previous) match.
  case nextMatch(forward: Bool)
  case closeOverlay
  case resize(Size)
  case redraw
  /// Ctrl-Z: gives the terminal back to the shell until `fg`.
  case suspend
  case quit
  /// Picking: prints the marked emoji, or else the selected one, and
  /// leaves (Enter).
  case choose
  /// Picking: marks the selected emoji to be printed with the others, or
  /// unmarks it (Tab).
  case toggleMark
  /// Picking: leaves without printing anything (Esc, q; Ctrl-C is
  /// `interrupted`, which a shell tells apart).
  case abandonPick(interrupted: Bool)
}
