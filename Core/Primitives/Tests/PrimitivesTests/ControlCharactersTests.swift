import Primitives
import Testing

@Suite("ControlCharacters", .timeLimit(.minutes(1)))
struct ControlCharactersTests {
    @Test("C0, DEL and C1 are control characters; printable text, U+00A0 and emoji are not")
    func classification() {
        for value: UInt32 in [0x00, 0x09, 0x0A, 0x0D, 0x1B, 0x1F, 0x7F, 0x80, 0x9B, 0x9F] {
            #expect(ControlCharacters.isControl(Unicode.Scalar(value)!), "U+\(value)")
        }
        for value: UInt32 in [0x20, 0x41, 0x7E, 0xA0, 0xE9, 0x241B, 0x1F600] {
            #expect(!ControlCharacters.isControl(Unicode.Scalar(value)!), "U+\(value)")
        }
        #expect(ControlCharacters.first(in: "the green one") == nil)
        #expect(ControlCharacters.first(in: "the \u{1B}[31mred\n one") == "\u{1B}")
    }

    @Test("a control character is named by its code point and common name")
    func names() {
        #expect(ControlCharacters.name(of: "\u{1B}") == "U+001B (ESC)")
        #expect(ControlCharacters.name(of: "\n") == "U+000A (line feed)")
        #expect(ControlCharacters.name(of: "\u{0}") == "U+0000 (NUL)")
        #expect(ControlCharacters.name(of: "\u{9B}") == "U+009B")
    }

    @Test("escaped text keeps every other character and shows each control as one visible character")
    func escaping() {
        #expect(ControlCharacters.escaped("plain é 😀") == "plain é 😀")
        #expect(ControlCharacters.escaped("a\u{1B}[2Jb") == "a\u{241B}[2Jb")
        #expect(ControlCharacters.escaped("line\nbreak\r\n") == "line\u{240A}break\u{240D}\u{240A}")
        #expect(ControlCharacters.escaped("a\u{0}b") == "a\u{2400}b")
        #expect(ControlCharacters.escaped("\u{9B}31m\u{7F}") == "\u{FFFD}31m\u{2421}")
        #expect(ControlCharacters.escaped("a\tb") == "a\u{2409}b")
        #expect(ControlCharacters.escaped("a\tb", tabsAsSpaces: true) == "a b")
        #expect(ControlCharacters.escaped("one\ntwo\u{1B}\n", keeping: ["\n"]) == "one\ntwo\u{241B}\n")
        let escaped = ControlCharacters.escaped("\u{1B}]0;title\u{7}\r\u{85}")
        #expect(ControlCharacters.first(in: escaped) == nil)
    }

    @Test(
        "bidirectional controls and invisible format characters are shown by their code point",
        arguments: [
            0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C, 0x200B,
            0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD,
        ] as [UInt32])
    func shownByCodePoint(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(ControlCharacters.isShownByCodePoint(scalar))
        #expect(!ControlCharacters.isControl(scalar), "still one cell-wide rule for Cc only")
        let hex = String(value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
        var text = "abc"
        text.unicodeScalars.insert(scalar, at: text.unicodeScalars.index(after: text.unicodeScalars.startIndex))
        #expect(ControlCharacters.escaped(text) == "a\u{27E8}\(code)\u{27E9}bc")
        #expect(ControlCharacters.escaped(text, tabsAsSpaces: true) == "a\u{27E8}\(code)\u{27E9}bc")
    }

    @Test("a right-to-left override cannot reorder a line: it is shown, and input refuses it by name")
    func trojanSource() {
        let title = "invoice\u{202E}fdp.exe"
        #expect(ControlCharacters.escaped(title) == "invoice\u{27E8}U+202E\u{27E9}fdp.exe")
        #expect(ControlCharacters.first(in: title) == "\u{202E}")
        #expect(ControlCharacters.name(of: "\u{202E}") == "U+202E (right-to-left override)")
        #expect(ControlCharacters.name(of: "\u{2066}") == "U+2066 (left-to-right isolate)")
        #expect(ControlCharacters.first(in: "zero\u{200B}width") == nil, "invisible characters are shown, not refused")
        #expect(ControlCharacters.escaped("a\u{202E}b", keeping: ["\u{202E}"]) == "a\u{202E}b")
    }

    @Test("a zero width joiner inside an emoji sequence is kept; one between letters is shown")
    func emojiJoiner() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        #expect(ControlCharacters.escaped("a \(family) b") == "a \(family) b")
        let technologist = "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}"
        #expect(ControlCharacters.escaped(technologist) == technologist)
        #expect(ControlCharacters.escaped("a\u{200D}b") == "a\u{27E8}U+200D\u{27E9}b")
        #expect(ControlCharacters.escaped("1\u{200D}2") == "1\u{27E8}U+200D\u{27E9}2")
        #expect(ControlCharacters.escaped("\u{1F600}\u{200D}") == "\u{1F600}\u{27E8}U+200D\u{27E9}")
    }
}
