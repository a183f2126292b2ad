import Testing

@testable import TerminalUI

@Suite("Styled line layout", .timeLimit(.minutes(1)))
struct StyledLineLayoutTests {
    static let mixed = [
        "Cafe\u{301} crème",
        "東京タワー",
        "👍🏽 good 👩‍💻 work",
        "🇫🇷🇯🇵🇧🇷 flags",
        "abc日本語def",
        "Zoë & 👨‍👩‍👧‍👦 family",
    ]

    @Test("truncation gives exactly the asked width and never splits a cluster", arguments: mixed)
    func truncationIsExact(text: String) {
        let line = StyledLine(text)
        let clusters = Array(text)
        for width in 0...(line.width + 2) {
            let truncated = line.truncated(toWidth: width, ellipsis: "…")
            if line.width <= width {
                #expect(truncated == line)
                continue
            }
            #expect(truncated.width == width, "width \(width): \(truncated.plainText)")
            guard width > 0 else { continue }
            // What is kept is whole clusters of the original, the ellipsis right after them, then at most one
            // filler space; the next cluster of the original would not have fitted before the ellipsis.
            var kept = Array(truncated.plainText)
            if kept.last == " " && kept.dropLast().last == "…" { kept.removeLast() }
            #expect(kept.removeLast() == "…", "width \(width): \(truncated.plainText)")
            #expect(clusters.starts(with: kept), "width \(width): \(truncated.plainText)")
            let next = clusters[kept.count]
            #expect(
                CellWidth.of(String(kept)) + CellWidth.of(next) > width - 1, "width \(width): \(truncated.plainText)")
        }
    }

    /// A line, the width it is truncated to, and what must come out (`·` marks the filler space).
    struct Cut: Sendable, CustomTestStringConvertible {
        let text: String
        let width: Int
        let expected: String

        init(_ text: String, _ width: Int, _ expected: String) {
            (self.text, self.width, self.expected) = (text, width, expected)
        }

        var testDescription: String { "\(text) at \(width)" }
    }

    @Test(
        "the ellipsis follows the last cluster that fits, also where a wide character or a cluster does not",
        arguments: [
            // CJK: two cells each.
            Cut("日本語", 4, "日…·"), Cut("日本語", 5, "日本…"), Cut("日本語", 3, "日…"), Cut("日本語", 2, "…·"),
            Cut("abc日本語", 5, "abc…·"), Cut("abc日本語", 6, "abc日…"), Cut("東京タワー", 8, "東京タ…·"),
            // Emoji: a skin tone, a ZWJ sequence, a flag and a keycap are one two-cell cluster each.
            Cut("👍🏽 good", 3, "👍🏽…"), Cut("👍🏽👍🏽 ok", 4, "👍🏽…·"), Cut("ab👩‍💻cd", 4, "ab…·"),
            Cut("ab👩‍💻cd", 5, "ab👩‍💻…"), Cut("🇫🇷🇯🇵🇧🇷", 4, "🇫🇷…·"), Cut("1️⃣2️⃣3️⃣", 5, "1️⃣2️⃣…"),
            Cut("Zoë & 👨‍👩‍👧‍👦 family", 8, "Zoë & …·"),
            // Combining marks stay with their letter; the cut never falls between them.
            Cut("Cafe\u{301} crème", 5, "Cafe\u{301}…"), Cut("Cafe\u{301} crème", 4, "Caf…"),
            Cut("e\u{301}\u{302}\u{303}xyz", 2, "e\u{301}\u{302}\u{303}…"), Cut("한국어 텍스트", 6, "한국…·"),
            // A zero-width space from outside is drawn as its visible stand-in (ControlCharacters: `⟨U+200B⟩`), so it
            // takes cells like any other text and the cut falls inside the stand-in.
            Cut("a\u{200B}bcdef", 3, "a⟨…"), Cut("a\u{200B}bcdef", 11, "a⟨U+200B⟩b…"),
        ])
    func ellipsisFollowsTheLastClusterThatFits(_ cut: Cut) {
        let truncated = StyledLine(cut.text).truncated(toWidth: cut.width, ellipsis: "…")
        #expect(truncated.plainText == cut.expected.replacingOccurrences(of: "·", with: " "))
        #expect(truncated.width == cut.width)
    }

    @Test("clipping without an ellipsis keeps the width exact with a space where a wide character did not fit")
    func wideCharacterAtTheEdge() {
        let line = StyledLine("日本語")
        #expect(line.clipped(toWidth: 3).plainText == "日 ")
        #expect(line.clipped(toWidth: 1).plainText == " ")
        #expect(StyledLine("👩‍💻👩‍💻").clipped(toWidth: 3).plainText == "👩‍💻 ")
    }

    @Test("the filler space takes the ellipsis's style, so a highlighted row stays highlighted to its edge")
    func fillerStyle() {
        let selected = Style(attributes: .inverse)
        let truncated = StyledLine("日本語", style: selected).truncated(toWidth: 4, ellipsis: "…")
        #expect(truncated.plainText == "日… ")
        #expect(truncated.spans.allSatisfy { $0.style == selected })
    }

    @Test("an ellipsis wider than the space clips instead")
    func ellipsisTooWide() {
        let line = StyledLine("abcdef")
        #expect(line.truncated(toWidth: 2, ellipsis: "...").plainText == "ab")
        #expect(line.truncated(toWidth: 4, ellipsis: "...").plainText == "a...")
    }

    @Test("the ellipsis takes the style of the text it replaces")
    func ellipsisStyle() {
        let bold = Style(attributes: .bold)
        let line = StyledLine([Span("plain "), Span("bold text", style: bold)])
        let truncated = line.truncated(toWidth: 8, ellipsis: "…")
        #expect(truncated.plainText == "plain b…")
        #expect(truncated.spans.last == Span("…", style: bold))
    }

    @Test("padding and fitting measure cells", arguments: mixed)
    func paddingIsExact(text: String) {
        let line = StyledLine(text)
        for width in 0...(line.width + 4) {
            #expect(line.fitted(toWidth: width).width == width)
            #expect(line.fitted(toWidth: width, alignment: .trailing, ellipsis: "…").width == width)
            #expect(line.padded(toWidth: width, alignment: .center).width == max(width, line.width))
        }
    }

    @Test("alignment puts the padding where it says")
    func alignment() {
        let line = StyledLine("東京")
        #expect(line.padded(toWidth: 8).plainText == "東京    ")
        #expect(line.padded(toWidth: 8, alignment: .trailing).plainText == "    東京")
        #expect(line.padded(toWidth: 7, alignment: .center).plainText == " 東京  ")
    }

    @Test("wrapping breaks at spaces, then between clusters, and every line fits", arguments: mixed)
    func wrappingFits(text: String) {
        let line = StyledLine(text)
        for width in 1...(line.width + 1) {
            let lines = line.wrapped(toWidth: width)
            #expect(!lines.isEmpty)
            for wrapped in lines { #expect(wrapped.width <= width, "width \(width): \(wrapped.plainText)") }
            let joined = lines.map(\.plainText).joined().filter { $0 != " " }
            #expect(joined == text.filter { $0 != " " } || width == 1, "width \(width)")
        }
    }

    @Test("wrapping examples")
    func wrappingExamples() {
        let line = StyledLine("the quick brown fox")
        #expect(line.wrapped(toWidth: 10).map(\.plainText) == ["the quick", "brown fox"])
        #expect(line.wrapped(toWidth: 19).map(\.plainText) == ["the quick brown fox"])
        #expect(StyledLine("abcdefgh").wrapped(toWidth: 3).map(\.plainText) == ["abc", "def", "gh"])
        #expect(StyledLine("日本語テキスト").wrapped(toWidth: 5).map(\.plainText) == ["日本", "語テ", "キス", "ト"])
        #expect(StyledLine("").wrapped(toWidth: 5) == [StyledLine("")])
        #expect(StyledLine("abc").wrapped(toWidth: 0).isEmpty)
    }

    @Test("wrapping keeps styles across the break")
    func wrappingKeepsStyles() {
        let red = Style(attributes: .bold)
        let line = StyledLine([Span("plain "), Span("bold words here", style: red)])
        let lines = line.wrapped(toWidth: 11)
        #expect(lines.map(\.plainText) == ["plain bold", "words here"])
        #expect(lines[1].spans == [Span("words here", style: red)])
    }

    @Test("control characters are replaced, so text cannot move the cursor")
    func controlCharactersReplaced() {
        #expect(Span("a\u{1B}[2Jb").text == "a\u{241B}[2Jb")
        #expect(Span("tab\there").text == "tab here")
        #expect(Span("line\nbreak\r\n").text == "line\u{240A}break\u{240D}\u{240A}")
        #expect(Span("\u{9B}31m").text == "\u{FFFD}31m")  // C1 CSI
        #expect(Span("clean 東京").text == "clean 東京")
    }
}
