import Testing

@testable import TerminalUI

@Suite("Frame renderer", .timeLimit(.minutes(1)))
struct FrameRendererTests {
    static let size = TerminalSize(columns: 10, rows: 3)
    static let begin = "\u{1B}[?2026h\u{1B}[?25l"
    static let end = "\u{1B}[?2026l"
    static let erase = "\u{1B}[K"

    @Test("the first frame draws every row, clipped and erased to the end")
    func firstFrame() {
        var renderer = FrameRenderer(capability: .none)
        let output = renderer.render(["hello", "a line that is too long", "東京タワー!"], size: Self.size)
        #expect(
            output
                == Self.begin + "\u{1B}[1;1Hhello" + Self.erase + "\u{1B}[2;1Ha line tha" + "\u{1B}[3;1H東京タワー"
                + Self.end
        )
    }

    @Test("only changed rows are written; an identical frame writes nothing")
    func diff() {
        var renderer = FrameRenderer(capability: .none)
        _ = renderer.render(["one", "two", "three"], size: Self.size)
        #expect(renderer.render(["one", "two", "three"], size: Self.size) == "")
        #expect(
            renderer.render(["one", "TWO", "three"], size: Self.size) == Self.begin + "\u{1B}[2;1HTWO" + Self.erase
                + Self.end)
        #expect(renderer.render(["one", "TWO"], size: Self.size) == Self.begin + "\u{1B}[3;1H" + Self.erase + Self.end)
    }

    @Test("a style change alone is a change")
    func styleChange() {
        var renderer = FrameRenderer(capability: .ansi16)
        _ = renderer.render(["same"], size: Self.size)
        let output = renderer.render([StyledLine("same", style: Style(attributes: .bold))], size: Self.size)
        #expect(output == Self.begin + "\u{1B}[1;1H\u{1B}[0;1msame\u{1B}[0m" + Self.erase + Self.end)
    }

    @Test("a new size or invalidate() repaints every row")
    func repaint() {
        var renderer = FrameRenderer(capability: .none)
        _ = renderer.render(["a", "b", "c"], size: Self.size)
        let resized = renderer.render(["a", "b", "c"], size: TerminalSize(columns: 12, rows: 3))
        #expect(
            resized.components(separatedBy: "\u{1B}[").filter { $0.hasSuffix("1H") || $0.contains(";1H") }.count == 3)
        renderer.invalidate()
        let repainted = renderer.render(["a", "b", "c"], size: TerminalSize(columns: 12, rows: 3))
        #expect(repainted == resized)
    }

    @Test("the cursor is shown at the first cell styled as the cursor, and hidden again when it goes")
    func cursor() {
        var renderer = FrameRenderer(capability: .none)
        let field = StyledLine([Span("[東京"), Span("x", style: Style(attributes: .cursor)), Span("]")])
        let output = renderer.render(["Name", field], size: Self.size)
        #expect(output.hasSuffix("\u{1B}[2;6H\u{1B}[?25h" + Self.end))
        #expect(renderer.render(["Name", field], size: Self.size) == "")
        // Without colour the row's text is unchanged, so only the cursor goes.
        let hidden = renderer.render(["Name", "[東京x]"], size: Self.size)
        #expect(hidden == Self.begin + Self.end)
    }
}
