/// A row of block characters for recent values, scaled to a budget: a bar
/// at full height is a frame that used its whole period (or more).
public enum Sparkline {
  public static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
  public static let asciiBlocks: [Character] = ["_", ".", "-", "=", "#"]

  /// One character per value; `budget` maps to the top block.
  public static func render(_ values: [Double], budget: Double, ascii: Bool = false) -> String {
    let levels = ascii ? asciiBlocks : blocks
    return String(
      values.map { value in
        let share = budget > 0 ? min(max(value / budget, 0), 1) : 0
        return levels[Int((share * Double(levels.count - 1)).rounded())]
      })
  }
}
