import CollectionKit
import Testing

@Suite struct PartitioningIndexTests {
  @Test func findsTheFirstElementOfTheSecondPart() {
    let sorted = [1, 3, 3, 5, 8, 13]
    #expect(sorted.partitioningIndex { $0 >= 3 } == 1, "the first of equal elements")
    #expect(sorted.partitioningIndex { $0 > 3 } == 3)
    #expect(sorted.partitioningIndex { $0 >= 1 } == 0, "all in the second part")
    #expect(sorted.partitioningIndex { $0 > 13 } == 6, "none: the end")
    #expect([Int]().partitioningIndex { $0 > 0 } == 0)
  }

  @Test func agreesWithALinearSearchOnEveryCutOfEveryLength() {
    for length in 0...9 {
      let array = Array(0..<length)
      for cut in -1...(length + 1) {
        #expect(array.partitioningIndex { $0 >= cut } == (array.firstIndex { $0 >= cut } ?? length))
      }
    }
  }

  @Test func worksOnASlice() {
    let slice = [10, 20, 30, 40, 50][1...3]
    #expect(slice.partitioningIndex { $0 >= 30 } == 2, "indices of the base array")
  }
}
