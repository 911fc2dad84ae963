import Support
import Terminal
import Testing

@Suite struct SafeTextTests {
  @Test func controlsAndDirectionOverridesAreDropped() {
    let hostile = "a\u{1B}]52;c;aGk=\u{07}b\u{9B}31mc\u{202E}d\u{2066}e\u{7F}f\u{0}"
    #expect(SafeText.printable(hostile) == "a]52;c;aGk=b31mcdef")
  }

  @Test func lineBreaksAndTabsBecomeSpaces() {
    #expect(SafeText.printable("cat\nface\tsmile\r") == "cat face smile ")
  }

  @Test func emojiSequencesKeepTheirJoinersAndSelectors() {
    let family = "👩‍💻 ❤️ 🇺🇸"
    #expect(SafeText.printable(family) == family)
  }

  /// Quoted in a message, an escape is shown as text a person can read and
  /// a terminal does not obey.
  @Test func escapedShowsEveryUnsafeScalarAsText() {
    let hostile = "a\u{1B}]52;c;aGk=\u{07}b\u{9B}c\u{202E}d\ne"
    #expect(SafeText.escaped(hostile) == #"a\u{1b}]52;c;aGk=\u{7}b\u{9b}c\u{202e}d\u{a}e"#)
    #expect(SafeText.escapedKeepingLineBreaks(hostile).hasSuffix("d\ne"))
    #expect(SafeText.escaped("plain 👩‍💻 ❤️") == "plain 👩‍💻 ❤️")
  }
}
