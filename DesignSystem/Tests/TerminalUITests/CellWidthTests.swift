import Testing

@testable import TerminalUI

@Suite("Cell widths", .timeLimit(.minutes(1)))
struct CellWidthTests {
    @Test(
        "grapheme clusters take the cells a terminal gives them",
        arguments: [
            ("a", 1),
            ("e\u{301}", 1),  // e + COMBINING ACUTE ACCENT: one cluster, one cell
            ("\u{E9}", 1),  // precomposed é
            ("n\u{303}\u{323}", 1),  // two combining marks
            ("日", 2),
            ("한", 2),  // Hangul syllable
            ("\u{1100}\u{1161}\u{11A8}", 2),  // Hangul Jamo L V T: one cluster, two cells
            ("Ａ", 2),  // FULLWIDTH LATIN CAPITAL LETTER A
            ("ｱ", 1),  // HALFWIDTH KATAKANA LETTER A
            ("😀", 2),
            ("👍🏽", 2),  // emoji with a skin-tone modifier
            ("👩‍💻", 2),  // ZWJ sequence
            ("👨‍👩‍👧‍👦", 2),  // four-person ZWJ family
            ("🏳️‍🌈", 2),  // pictograph + VS16 + ZWJ + pictograph
            ("🇫🇷", 2),  // a flag: two regional indicators
            ("🇫", 1),  // a lone regional indicator (East_Asian_Width N)
            ("❤", 1),  // text-default pictograph
            ("❤️", 2),  // with U+FE0F, emoji presentation
            ("1️⃣", 2),  // keycap sequence
            ("☺︎", 1),  // U+FE0E text presentation of a narrow character stays narrow
            ("\u{200B}", 0),  // ZERO WIDTH SPACE (Cf)
            ("\u{200D}", 0),  // a lone ZERO WIDTH JOINER
            ("\u{0301}", 0),  // a lone combining mark
            ("\u{AD}", 1),  // SOFT HYPHEN is drawn
            ("\u{1B}", 0),  // control characters take no cell
        ] as [(String, Int)]
    )
    func clusterWidth(text: String, cells: Int) {
        #expect(text.count == 1)
        #expect(CellWidth.of(Character(text)) == cells)
        #expect(CellWidth.of(text) == cells)
    }

    @Test("a string's width is the sum of its clusters' widths")
    func stringWidth() {
        #expect(CellWidth.of("") == 0)
        #expect(CellWidth.of("Storefront") == 10)
        #expect(CellWidth.of("Cafe\u{301} 東京 👩‍💻 🇯🇵") == 4 + 1 + 4 + 1 + 2 + 1 + 2)
    }

    @Test("scalars on their own: table boundaries")
    func scalarBoundaries() {
        #expect(CellWidth.of(Unicode.Scalar(0x10FF)!) == 1)
        #expect(CellWidth.of(Unicode.Scalar(0x1100)!) == 2)  // first wide range starts here
        #expect(CellWidth.of(Unicode.Scalar(0x115F)!) == 2)
        #expect(CellWidth.of(Unicode.Scalar(0x1160)!) == 0)  // Jamo medial vowel filler
        #expect(CellWidth.of(Unicode.Scalar(0x3099)!) == 0)  // combining kana mark inside a wide block
        #expect(CellWidth.of(Unicode.Scalar(0x3400)!) == 2)  // CJK Extension A
        #expect(CellWidth.of(Unicode.Scalar(0x2A6DF)!) == 2)  // CJK Extension B, plane 2
        #expect(CellWidth.of(Unicode.Scalar(0xE0001)!) == 0)  // LANGUAGE TAG (Cf)
        #expect(CellWidth.of(Unicode.Scalar(0x10FFFD)!) == 1)
    }
}
