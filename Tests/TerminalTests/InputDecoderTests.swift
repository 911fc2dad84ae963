import Terminal
import Testing

@Suite struct InputDecoderTests {
  @Test(
    arguments: [
      (9, .tab), (10, .enter), (13, .enter), (27, .escape), (8, .backspace), (127, .backspace),
    ] as [(UInt32, Key)])
  func namedControlCharacters(code: UInt32, key: Key) {
    #expect(InputDecoder.decode(character: code) == .key(key))
  }

  @Test(arguments: [(1, "a"), (12, "l"), (11, "k"), (26, "z")] as [(UInt32, Character)])
  func ctrlLetters(code: UInt32, letter: Character) {
    #expect(InputDecoder.decode(character: code) == .key(.control(letter)))
  }

  @Test(arguments: ["a", "Z", " ", "~", "+", "é", "日", "😀"] as [Unicode.Scalar])
  func printableCharacters(scalar: Unicode.Scalar) {
    #expect(InputDecoder.decode(character: scalar.value) == .key(.character(Character(scalar))))
  }

  @Test(arguments: [0, 28, 31, 0xD800, 0x11_0000] as [UInt32])
  func unknownCharactersAreDropped(code: UInt32) {
    #expect(InputDecoder.decode(character: code) == nil)
  }

  @Test(
    arguments: [
      (0o402, .down), (0o403, .up), (0o404, .left), (0o405, .right), (0o406, .home), (0o550, .end),
      (0o522, .pageDown), (0o523, .pageUp), (0o541, .backTab), (0o407, .backspace),
      (0o512, .delete), (0o527, .enter),
    ] as [(Int32, Key)])
  func ncursesKeys(code: Int32, key: Key) {
    #expect(InputDecoder.decode(functionKey: code) == .key(key))
  }

  @Test func resize() {
    #expect(InputDecoder.decode(functionKey: 0o632) == .resize)
  }

  @Test(arguments: [1, 5, 12, 24])
  func functionKeys(number: Int) {
    #expect(InputDecoder.decode(functionKey: 0o410 + Int32(number)) == .key(.function(number)))
  }

  @Test(arguments: [0, 65, 0o401, 0o410, 0o410 + 25, 0o631, 0o777] as [Int32])
  func unknownKeyCodesAreDropped(code: Int32) {
    #expect(InputDecoder.decode(functionKey: code) == nil)
  }
}
