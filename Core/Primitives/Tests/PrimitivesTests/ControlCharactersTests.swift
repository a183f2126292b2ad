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
}
