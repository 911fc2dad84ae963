extension RandomAccessCollection {
  /// The first index whose element satisfies `isInSecondPart`, in a
  /// collection already partitioned by it (all the elements that do not,
  /// then all that do), or `endIndex` if none does. A binary search:
  /// O(log n), for the sorted arrays behind layouts and filters.
  @inlinable
  public func partitioningIndex(where isInSecondPart: (Element) throws -> Bool) rethrows -> Index {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if try isInSecondPart(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }
}
