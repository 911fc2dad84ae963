import FrameTiming
import Terminal

/// The frame-timing HUD on the bottom line: the loading mode, frames per
/// second, dropped frames, work-time percentiles, the hitch ratio coloured by
/// its band, a sparkline of recent frames against the budget, and the
/// loader's figures. Long forms where they fit, short ones where not, and
/// the least important pieces go first when even those do not.
///
///     prefetch │ 60 fps │ dropped 0 (0.0%) │ p50 0.4 p95 0.8 p99 1.1 ms │ hitch 0.0 ms/s │ ▁▁▂▁▁▃▁ │ …
///     … │ queued 4 loading 6 done 812 cancelled 37 hits 12 │ failed 3 (1 unreached) │ ready 93%
enum HUDView {
  private struct Piece {
    var long: String
    var short: String
    var style: Style
    /// Lower goes first when even the short forms do not fit.
    var keep: Int
  }

  @MainActor
  static func draw(_ hud: HUDModel, notice: String?, row: Int, on canvas: any Canvas) {
    let separator = canvas.isUnicode ? " │ " : " | "
    let key = LayoutKey(hud: hud, notice: notice, width: canvas.size.columns - 2, ascii: !canvas.isUnicode)
    // Laid out (formatted, fitted) only when drawn: the frame loop draws
    // the bottom lines again only when what they show changed
    // (`RootView`), and the HUD's figures change a few times a second.
    var column = 1
    for (index, (text, style)) in layout(key, separator: separator).enumerated() {
      if index > 0 { column += canvas.text(separator, row: row, column: column, style: Theme.hint) }
      column += canvas.text(text, row: row, column: column, maxWidth: key.width + 1 - column, style: style)
    }
  }

  private struct LayoutKey: Equatable {
    var hud: HUDModel
    var notice: String?
    var width: Int
    var ascii: Bool
  }

  /// The pieces that fit `key.width`, long forms if all fit, else short ones,
  /// dropping the least important until they do. Each piece is measured once:
  /// the layout is made in the frame that shows it, a few times a second.
  private static func layout(_ key: LayoutKey, separator: String) -> [(String, Style)] {
    var pieces = pieces(key.hud, ascii: key.ascii)
    if let notice = key.notice {
      // A notice is about the person's data (read-only votes, a file kept
      // aside, a save that failed): it is the last piece to go, after the mode.
      pieces.insert(Piece(long: notice, short: notice, style: Theme.notice, keep: 10), at: 0)
    }
    let separatorWidth = TextWidth.columns(of: separator)
    var widths = pieces.map { (long: TextWidth.columns(of: $0.long), short: TextWidth.columns(of: $0.short)) }
    let fits = { (short: Bool) in
      widths.reduce(0) { $0 + (short ? $1.short : $1.long) } + separatorWidth * (widths.count - 1)
        <= key.width
    }
    var useShort = !fits(false)
    while useShort, !fits(true), pieces.count > 1,
      let weakest = pieces.indices.min(by: { pieces[$0].keep < pieces[$1].keep })
    {
      pieces.remove(at: weakest)
      widths.remove(at: weakest)
      if fits(false) { useShort = false }
    }
    return pieces.map { (useShort ? $0.short : $0.long, $0.style) }
  }

  private static func pieces(_ hud: HUDModel, ascii: Bool) -> [Piece] {
    var pieces: [Piece] = []
    if let loading = hud.loading {
      pieces.append(
        Piece(long: loading.mode.rawValue, short: loading.mode.rawValue, style: Theme.mode, keep: 9))
      // The simulated source goes without saying; a server is named.
      if case .http(let url) = loading.source {
        let address = url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } ?? "server"
        pieces.append(Piece(long: "http \(address)", short: "http", style: Theme.mode, keep: 8))
      }
    }
    let fps = hud.idle ? "idle" : "\(Int(hud.fps.rounded()))"
    pieces.append(
      Piece(
        long: hud.idle ? fps : fps + " fps", short: hud.idle ? fps : fps + "fps", style: Theme.status, keep: 8
      ))
    pieces.append(
      Piece(
        long: "dropped \(hud.dropped) (\(percent(hud.droppedShare, digits: 1)))",
        short: "drop \(hud.dropped)",
        style: hud.dropped > 0 ? Theme.warning : Theme.hint, keep: 6))
    pieces.append(
      Piece(
        long: "p50 \(ms(hud.workP50)) p95 \(ms(hud.workP95)) p99 \(ms(hud.workP99)) ms",
        short: "p99 \(ms(hud.workP99))ms", style: Theme.hint, keep: 4))
    let hitchStyle: Style =
      switch hud.hitchBand {
      case .good: Theme.good
      case .warning: Theme.warning
      case .critical: Theme.critical
      }
    pieces.append(
      Piece(
        long: "hitch \(ms(hud.hitchRatio)) ms/s", short: "hitch \(ms(hud.hitchRatio))", style: hitchStyle,
        keep: 5))
    pieces.append(
      Piece(
        long: Sparkline.render(hud.recentWork, budget: hud.budget, ascii: ascii),
        short: Sparkline.render(Array(hud.recentWork.suffix(8)), budget: hud.budget, ascii: ascii),
        style: Theme.spinner, keep: 1))
    if let loading = hud.loading {
      let loader = loading.loader
      pieces.append(
        Piece(
          long: "queued \(loader.queued) loading \(loader.inFlight) done \(loader.completed)"
            + " cancelled \(loader.cancelled) hits \(loader.cacheHits)",
          short: "q\(loader.queued) ld\(loader.inFlight) ok\(loader.completed) cx\(loader.cancelled)",
          style: Theme.hint, keep: 3))
      if loader.failed > 0 {
        // A piece of its own, kept longer than the loader's other counts:
        // cells that failed need a word even on a narrow line, with ✗ as on
        // the cells themselves.
        let unreached = loader.connectionErrors > 0 ? " (\(loader.connectionErrors) unreached)" : ""
        pieces.append(
          Piece(
            long: "failed \(loader.failed)\(unreached)", short: (ascii ? "x" : "✗") + "\(loader.failed)",
            style: Theme.failed, keep: 6))
      }
      let ready = percent(loading.readyRate, digits: 0)
      let wait = loading.medianWait.map { " wait p50 \(Int($0.rounded())) ms" } ?? ""
      pieces.append(
        Piece(long: "ready \(ready)\(wait)", short: "ready \(ready)", style: Theme.status, keep: 7))
    }
    return pieces
  }

  /// Milliseconds: one decimal under 10, whole above. Formatted by hand:
  /// `String(format:)` goes through Foundation, and with it (and joining
  /// every candidate line to measure it) a layout took about 0.3 ms.
  static func ms(_ value: Double) -> String {
    value < 10 ? decimal(value, digits: 1) : String(Int(value.rounded()))
  }

  static func percent(_ share: Double, digits: Int) -> String {
    decimal(share * 100, digits: digits) + "%"
  }

  /// `value` rounded to `digits` (0 or 1) decimals, as `%.1f` would write it.
  static func decimal(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "-" }
    if digits == 0 { return String(Int(value.rounded())) }
    let tenths = Int((abs(value) * 10).rounded())
    return (value < 0 && tenths > 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
  }
}
