import Testing

@testable import TerminalUI

@Suite("Styled line layout")
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
            // What is kept is whole clusters of the original, then at most one filler space, then the ellipsis.
            var kept = Array(truncated.plainText)
            #expect(kept.removeLast() == "…")
            if kept.last == " " && !clusters.starts(with: kept) { kept.removeLast() }
            #expect(clusters.starts(with: kept), "width \(width): \(truncated.plainText)")
        }
    }

    @Test("a two-cell character that does not fit leaves a space, keeping the width exact")
    func wideCharacterAtTheEdge() {
        let line = StyledLine("日本語")
        #expect(line.truncated(toWidth: 4, ellipsis: "…").plainText == "日 …")
        #expect(line.truncated(toWidth: 5, ellipsis: "…").plainText == "日本…")
        #expect(line.clipped(toWidth: 3).plainText == "日 ")
        #expect(line.clipped(toWidth: 1).plainText == " ")
        #expect(StyledLine("👩‍💻👩‍💻").clipped(toWidth: 3).plainText == "👩‍💻 ")
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
