/// Where each of a run of consecutive parts starts, given their sizes (prefix
/// sums), and which part holds a position — the arithmetic behind sections of
/// rows and sections of items, shared so it is written (and tested) once.
public struct Offsets: Equatable, Sendable {
  private let starts: [Int]
  private let sizes: [Int]
  /// The sum of the sizes.
  public let total: Int

  public init(sizes: [Int]) {
    var starts: [Int] = []
    starts.reserveCapacity(sizes.count)
    var total = 0
    for size in sizes {
      starts.append(total)
      total += size
    }
    self.starts = starts
    self.sizes = sizes
    self.total = total
  }

  /// Where part `index` starts.
  public subscript(index: Int) -> Int { starts[index] }

  /// The part that holds `position` (in 0..<total): the last non-empty part
  /// starting at or before it. O(log parts).
  public func part(containing position: Int) -> Int {
    var part = starts.partitioningIndex { $0 > position } - 1
    while sizes[part] == 0 { part -= 1 }
    return part
  }
}
