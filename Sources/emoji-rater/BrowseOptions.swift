import ArgumentParser
import EmojiModel
import EmojiRater
import Foundation
import Loading

/// The app's options: `browse`'s, and `pick`'s too (the same grid, drawn
/// on the terminal while standard output goes elsewhere). One definition,
/// so both commands, the config file and `emoji-rater config` read them
/// alike.
struct BrowseOptions: ParsableArguments {
  @Flag(
    inversion: .prefixedNo, exclusivity: .chooseLast,
    help: "Show every skin-tone variant after its base emoji.")
  var skinTones = false

  @Option(
    name: .long,
    help: ArgumentHelp("Read emoji from another copy of Unicode's emoji-test.txt.", valueName: "path"))
  var emojiData: String?

  @Flag(
    inversion: .prefixedNo, exclusivity: .chooseLast,
    help:
      "Take the mouse for scrolling and voting (--no-mouse leaves it to the terminal, for selecting and copying text)."
  )
  var mouse = true

  @Flag(
    inversion: .prefixedNo, exclusivity: .chooseLast,
    help:
      "Show the emoji you copy, pick and vote on most first, in \"Frequently used\" (--no-history reads and keeps no history; X forgets it)."
  )
  var history = true

  @Option(
    help: ArgumentHelp(
      "How cells load: sync, async or prefetch (switch live with m; default: the last run's, else prefetch).",
      valueName: "mode"))
  var mode: LoadingMode?

  @Option(
    help: ArgumentHelp(
      "One skin tone for every emoji that has them: 1 (light) to 5 (dark), or none (switch with t; default: the last run's, else none).",
      valueName: "tone"), transform: ArgumentValue.skinTone)
  var skinTone: SkinToneChoice?

  @Option(
    help: ArgumentHelp(
      "The grid's order: catalog, or with --source URL the community's, top (most voted up) or controversial (switch with o).",
      valueName: "order"))
  var order = CommunityOrder.catalog

  @OptionGroup var content: ContentOptions

  @Option(
    help: ArgumentHelp(
      "How emoji are drawn: auto (as this terminal was found to draw each kind), full (every kind whole), safe (stand-ins for sequences) or ascii; then per kind, KIND=whole, stand-in or letters (auto,flags=letters; kinds as emoji-rater doctor names them). (default: \(GlyphSettings()))",
      valueName: "glyphs"), transform: ArgumentValue.glyphSettings)
  var glyphs = GlyphSettings()

  @Option(help: ArgumentHelp("The share of loads that fail, from 0 to 1.", valueName: "rate"))
  var failureRate: Double = 0

  @Option(
    help: ArgumentHelp(
      "Loads in flight at most, like a connection pool; 0 for no bound (default: sized for the terminal and latency).",
      valueName: "n"))
  var maxConcurrent: Int?

  @Option(
    help: ArgumentHelp("Rows to prefetch beyond each edge (default: adapts to the scroll).", valueName: "n"))
  var prefetchRows: Int?

  @Option(
    help: ArgumentHelp("Items the loader keeps in its cache (at least six screens' worth).", valueName: "n")
  )
  var cacheSize = LoadingOptions.defaultCacheSize

  @Option(help: ArgumentHelp("Seed for latencies and failures, to repeat a run.", valueName: "n"))
  var seed: UInt64?

  @Option(
    help: ArgumentHelp("Frames per second to aim for (the HUD's budget), e.g. 30, 60 or 120.", valueName: "n")
  )
  var fps: Int = 60

  @Option(
    help: ArgumentHelp(
      "On exit, write the session's full statistics as JSON to this file.", valueName: "path"))
  var statsJson: String?

  @OptionGroup var ratings: RatingsOption

  @OptionGroup var language: LanguageOption

  func validate() throws {
    if content.source == .ownServer {
      throw ValidationError(
        "--source serve is for bench; start 'emoji-rater serve' and give its address, e.g. --source http://127.0.0.1:8080"
      )
    }
    if order != .catalog {
      guard case .given(let source) = content.source, source.server != nil, content.items == nil else {
        throw ValidationError(
          "--order \(order.rawValue) is the community's order: it needs a ratings server, --source URL (and no --items)"
        )
      }
    }
    if failureRate > 0, content.source != .given(.simulated) {
      throw ValidationError(
        "--failure-rate is the simulated source's; with --source, give it to 'emoji-rater serve' instead")
    }
    guard (0...1).contains(failureRate) else {
      throw ValidationError("--failure-rate must be between 0 and 1 (e.g. 0.05), not \(failureRate)")
    }
    if let maxConcurrent, !(0...Self.maximumConcurrent).contains(maxConcurrent) {
      throw ValidationError(
        "--max-concurrent must be a whole number from 0 (no bound) to \(Self.maximumConcurrent), not \(maxConcurrent)"
      )
    }
    if let prefetchRows, !(1...Self.maximumPrefetchRows).contains(prefetchRows) {
      throw ValidationError(
        "--prefetch-rows must be a whole number from 1 to \(Self.maximumPrefetchRows), not \(prefetchRows)")
    }
    guard (1...240).contains(fps) else {
      throw ValidationError(
        "--fps must be a whole number of frames per second from 1 to 240 (e.g. 30, 60 or 120), not \(fps)")
    }
    guard (1...Self.maximumCacheSize).contains(cacheSize) else {
      throw ValidationError(
        "--cache-size must be a whole number from 1 to \(Self.maximumCacheSize), not \(cacheSize)")
    }
  }

  // Far past any use, short of where memory or arithmetic gives out.
  static let maximumConcurrent = 10_000
  static let maximumPrefetchRows = 10_000
  static let maximumCacheSize = 10_000_000

  /// The app's options, as the launcher takes them.
  func appOptions() throws -> AppOptions {
    var options = AppOptions()
    options.includeSkinTones = skinTones
    options.emojiDataPath = emojiData
    options.mouse = mouse
    options.history = history
    options.items = content.items
    options.mode = mode
    options.skinTone = skinTone.map(\.tone)
    options.order = order
    options.loading.latency = content.latency
    if case .given(let source) = content.source { options.loading.source = source }
    options.loading.failureRate = failureRate
    options.loading.maxConcurrent = maxConcurrent
    options.loading.prefetchRows = prefetchRows
    options.loading.cacheSize = cacheSize
    if let seed { options.loading.seed = seed }
    options.framesPerSecond = fps
    options.statsJSONPath = statsJson
    options.ratings = ratings.location
    options.glyphs = glyphs
    options.language = try language.language()
    return options
  }
}
