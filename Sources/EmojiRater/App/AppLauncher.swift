import Dispatch
import EmojiModel
import FrameTiming
import Support
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// Starts the interactive app: loads the catalog, sets the screen up and runs
/// the loop. Errors are printed as `emoji-rater: …` with what to do.
public enum AppLauncher {
  /// Returns an exit status only when the app could not start; once running
  /// it leaves through `exit`.
  @MainActor
  public static func launch(_ options: AppOptions) -> Int32 {
    // A pick draws on the terminal whatever standard output is.
    var pickTerminal: PickTerminal?
    if let pick = options.pick {
      switch PickTerminal.takeOver(format: pick.format) {
      case .success(let terminal): pickTerminal = terminal
      case .failure(let error): return fail(error, status: 2)
      }
    }
    // Check for a terminal before the catalog is read, so a redirected run
    // fails at once and leaves the terminal untouched.
    guard Platform.isTerminal(STDIN_FILENO), Platform.isTerminal(STDOUT_FILENO) else {
      let stream = Platform.isTerminal(STDIN_FILENO) ? "standard output" : "standard input"
      return fail(TerminalError.notATerminal(stream: stream), status: 2)
    }
    if let path = options.statsJSONPath {
      do { try StatsReport.checkWritable(path) } catch { return fail(error, status: 2) }
    }
    let glyphSettings: GlyphSettings
    do { glyphSettings = try savedGlyphSettings(options.glyphs) } catch { return fail(error, status: 2) }
    var catalog: EmojiCatalog
    if let path = options.emojiDataPath {
      do {
        catalog = try EmojiCatalog.load(
          path: path, includeSkinTones: options.includeSkinTones, language: options.language)
      } catch {
        return fail(error, status: 1)
      }
    } else {
      catalog = EmojiCatalog.builtIn(includeSkinTones: options.includeSkinTones, language: options.language)
    }
    // The start-up questions go out now and their answers are read once
    // the rest is ready, so the wait overlaps the start-up.
    let isUnicode = Platform.adoptLocale()
    // `safe` asks too: it draws letters for the single emoji this terminal
    // gives one column. `full` trusts it blindly; `ascii` draws none.
    let asksWidths = (options.glyphs.mode == .auto || options.glyphs.mode == .safe) && isUnicode
    let probe = beginProbe(asksWidths: asksWidths, catalog: catalog)
    let browsed = catalog
    if let items = options.items { catalog = catalog.repeated(toCount: items) }
    // Votes are the person's data: a place they cannot be kept is an error
    // now, not a lost vote later.
    let ratings: RatingsStore
    if options.items != nil {
      ratings = .disabled(reason: "--items repeats the catalog")
    } else {
      do {
        ratings = try RatingsStore.open(options.ratings)
      } catch {
        _ = probe.finish()  // Its answers are read here, not left to the shell.
        return fail(error, status: 2)
      }
    }
    // The last run's selection, mode and filter, kept beside the ratings
    // (only by the copy that may write them).
    let memoryPath = ratings.access == .readWrite ? ratings.path.map(SessionMemory.path(besideRatings:)) : nil
    let memory = memoryPath.flatMap(SessionMemory.read(from:)) ?? SessionMemory()
    // What was used most, kept beside the ratings as they are.
    let usage = options.history ? ratings.path.map { usageHistory(besideRatings: $0, ratings.access) } : nil
    var options = options
    options.loading.mode = options.mode ?? .prefetch
    let answers = probe.finish()
    let glyphs = glyphPolicy(
      isUnicode ? glyphSettings : GlyphSettings(mode: .ascii), probe: answers, catalog: browsed)
    let screen: TerminalScreen
    do {
      screen = try TerminalScreen.start(
        options: ScreenOptions(
          mouse: options.mouse,
          colors: ScreenOptions.colorsAllowed(environment: currentEnvironment()),
          asciiOnly: glyphs.mode == .ascii, typedAhead: answers.typed,
          lateCursorReports: answers.missingAnswers,
          synchronizedOutput: answers.synchronizedOutput ?? false))
    } catch {
      return fail(error, status: 2)
    }
    let asciiNotice =
      options.glyphs.mode == .ascii ? nil : "ASCII mode: the locale is not UTF-8 (try LANG=C.UTF-8)"
    let notices = [screen.isUnicode ? nil : asciiNotice, ratings.notice, usage?.notice].compactMap { $0 }
    var state = AppState(
      catalog: catalog, screenSize: screen.size,
      notice: notices.isEmpty ? nil : notices.joined(separator: "; "))
    state.restoreVotes(votes(ratings.ratings, in: catalog))
    state.votesAreReadOnly = ratings.access == .readOnly
    state.hasCommunity = options.loading.source.server != nil && options.items == nil
    state.restore(memory)
    if let tone = options.skinTone { state.start(inSkinTone: tone) }
    if options.pick != nil { state.picker = Picker() }
    let frequent = options.items == nil ? usage?.frequentlyUsed ?? [] : []
    if !frequent.isEmpty {
      let items = catalog.itemsByIdentifier
      state.showFrequentlyUsed(frequent.compactMap { items[$0] })
    }
    let clock = SystemClock()
    let loading = LoadingController(
      catalog: catalog, layout: state.layout, options: options.loading, clock: clock, glyphs: glyphs)
    loading.show(state.shown, in: state.layout)
    let frames = FrameLoop(
      state: state, loading: loading, screen: screen, clock: clock, framesPerSecond: options.framesPerSecond)
    frames.ratings = ratings
    frames.usageHistory = usage
    frames.voteSender = voteSender(for: options.loading.source, ratings: ratings)
    frames.desktopClipboard = DesktopClipboard.find(
      environment: ["PATH", "DISPLAY", "WAYLAND_DISPLAY"].reduce(into: [:]) {
        $0[$1] = Platform.environment($1)
      })
    if let server = options.loading.source.server, options.items == nil {
      // The community's votes as they change (not for a repeated catalog,
      // whose items are not one emoji each).
      let live = LiveTallies(server: server) { [weak frames] change in
        DispatchQueue.main.async { MainActor.assumeIsolated { frames?.receive(change) } }
      }
      frames.liveTallies = live
      live.start()
      frames.rankings = CommunityRankings(server: server)
    }
    if options.order != .catalog { frames.enqueue(.order(options.order)) }
    if let pick = options.pick {
      // Typing searches at once, as in fzf, from the query given if any.
      frames.enqueue(.startSearch)
      for character in pick.query ?? "" { frames.enqueue(.searchInput(character)) }
    }
    AppController(
      frames: frames, statsJSONPath: options.statsJSONPath, memoryPath: memoryPath, pickTerminal: pickTerminal
    ).run()
  }

  /// The usage history beside the ratings file, written only by the copy
  /// of the app that may write the ratings.
  private static func usageHistory(besideRatings path: String, _ access: RatingsStore.Access)
    -> UsageHistoryStore
  {
    UsageHistoryStore.open(path: UsageHistoryFile.path(besideRatings: path), writable: access == .readWrite)
  }

  /// Where the person's votes go when the emoji come from a ratings
  /// server: an outbox beside the ratings file, sent from there. None
  /// without a server, or for a copy of the app that may not write the
  /// ratings file (the copy that owns it sends).
  private static func voteSender(for source: DataSource, ratings: RatingsStore) -> VoteSender? {
    guard let server = source.server, ratings.access == .readWrite, let path = ratings.path else {
      return nil
    }
    let sender = VoteSender(
      server: server,
      outbox: VoteOutbox(path: VoteOutbox.path(besideRatings: path)),
      tokens: VoterTokens(path: VoterTokens.path(besideRatings: path)))
    sender.start()
    return sender
  }

  /// Asks the terminal, before the screen starts (so nothing of it shows
  /// and keys typed meanwhile are kept), whether it has synchronized output
  /// and, if `asksWidths` (`--glyphs auto` or `safe` in a UTF-8 locale), how it draws
  /// each kind of emoji in `catalog`.
  private static func beginProbe(asksWidths: Bool, catalog: EmojiCatalog) -> TerminalProbe.Pending {
    TerminalProbe.begin(
      samples: asksWidths ? TerminalProbe.samples(in: catalog) : [], input: STDIN_FILENO,
      output: STDOUT_FILENO)
  }

  /// The command line's glyph settings laid over those `doctor --check`
  /// saved (none with `--glyphs ascii`, which draws no emoji). A file that
  /// cannot be read is an error: starting without it would bring back
  /// what the person saw drawn wrong.
  private static func savedGlyphSettings(_ given: GlyphSettings) throws(GlyphCorrectionsFile.Failure)
    -> GlyphSettings
  {
    let environment = ["XDG_CONFIG_HOME", "HOME"].reduce(into: [String: String]()) {
      $0[$1] = Platform.environment($1)
    }
    guard given.mode != .ascii, let path = GlyphCorrectionsFile.path(environment: environment) else {
      return given
    }
    let saved = try GlyphCorrectionsFile.read(path)
    return GlyphSettings(mode: given.mode, corrections: saved).overridden(by: given.corrections)
  }

  /// What the grid draws for each emoji: for `--glyphs auto`, as `probe`
  /// found, then as the person corrected it. The columns it decides are
  /// declared before anything is drawn.
  private static func glyphPolicy(_ settings: GlyphSettings, probe: TerminalProbe, catalog: EmojiCatalog)
    -> GlyphPolicy
  {
    let policy = GlyphPolicy(
      mode: settings.mode, measured: probe.measured, catalog: catalog, corrections: settings.corrections)
    ColumnTable.declare(policy.overrides)
    return policy
  }

  /// The stored votes at their places in this catalog (by code points: a
  /// vote for an emoji this catalog lacks waits in the file for one that has it).
  private static func votes(_ ratings: Ratings, in catalog: EmojiCatalog) -> [Int: Vote] {
    guard !ratings.isEmpty else { return [:] }
    var votes: [Int: Vote] = [:]
    for item in 0..<catalog.count {
      if let rating = ratings[catalog.emoji(atFlatIndex: item).identifier] { votes[item] = rating.vote }
    }
    return votes
  }

  private static func fail(_ error: any Error, status: Int32) -> Int32 {
    StandardError.write("emoji-rater: \(error)")
    return status
  }

  private static func currentEnvironment() -> [String: String] {
    ["NO_COLOR": Platform.environment("NO_COLOR") ?? ""]
  }
}
