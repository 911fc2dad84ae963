import EmojiModel

/// `emoji-rater doctor --check`: what no cursor report can see, asked of
/// the person. A terminal may give a kind two columns and still draw it
/// wrong: flags as two clipped letters, an Emoji 15.0 cell blank, a joined
/// emoji in overlapping pieces. Each kind the grid would draw whole here is
/// shown in a row of examples between bars, and the person says whether
/// they look right; the kinds they say no to become stand-ins.
public struct GlyphCheck: Sendable {
  public struct Question: Sendable {
    public var kind: GlyphKind
    /// Examples of the kind, each between bars: `│😀│😃│😄│`.
    public var row: String
  }

  public let questions: [Question]

  /// Examples in a row: enough to show a kind's variety, few enough for any width.
  static let examplesPerRow = 8

  /// One question for each kind `probe` found drawn whole (corrections
  /// aside: a kind corrected before is asked again), examples from
  /// `catalog` with its skin tones.
  public init(probe: TerminalProbe, catalog: EmojiCatalog) {
    let policy = GlyphPolicy(mode: .auto, measured: probe.measured, catalog: catalog)
    var examples: [GlyphKind: [Emoji]] = [:]
    for emoji in catalog.sections.lazy.flatMap(\.votableEmoji) {
      guard let kind = GlyphKind.sampledKind(of: emoji) else { continue }
      examples[kind, default: []].append(emoji)
    }
    questions = probe.samples.compactMap { sample in
      // The two-read sample is the probe's own case of ZWJ, drawn the same.
      guard sample.kind != .zwjInTwoReads, policy.drawsWhole(sample.emoji),
        let all = examples[sample.kind], !all.isEmpty
      else { return nil }
      let chosen = Self.spread(all, count: Self.examplesPerRow).filter(policy.drawsWhole)
      return Question(kind: sample.kind, row: "│" + chosen.map(\.string).joined(separator: "│") + "│")
    }
  }

  /// `count` of `items` taken evenly from first to last.
  static func spread<T>(_ items: [T], count: Int) -> [T] {
    guard items.count > count, count > 1 else { return Array(items.prefix(count)) }
    return (0..<count).map { items[$0 * (items.count - 1) / (count - 1)] }
  }

  /// What to save: stand-ins for the kinds answered no.
  public static func corrections(lookingWrong kinds: [GlyphKind]) -> [GlyphKind: GlyphChoice] {
    Dictionary(kinds.map { ($0, .standIn) }, uniquingKeysWith: { first, _ in first })
  }
}
