import DesignSystem
import TerminalUI
import Testing

@Suite("Scroll view", .timeLimit(.minutes(1)))
struct ScrollViewTests {
    static let theme = Theme.unicode

    /// `count` numbered one-line elements: `line 0`, `line 1`, …
    static func numbered(_ count: Int) -> [any Component] {
        (0..<count).map { Text("line \($0)") }
    }

    private func layout(
        _ content: [any Component], height: Int = 5, state: ScrollState = ScrollState(), focus: Int? = nil,
        width: Int = 20
    ) -> ScrollView.Layout {
        ScrollView(content, height: height, state: state, focusedElement: focus).layout(width: width, theme: Self.theme)
    }

    @Test("content that fits is shown whole, with no scroll bar, and takes no navigation key")
    func fits() {
        let fitting = layout(Self.numbered(3))
        #expect(fitting.lines.map(\.plainText) == ["line 0", "line 1", "line 2"])
        #expect(!fitting.isScrollable)
        var state = ScrollState()
        #expect(state.handle(KeyEvent(.down), in: fitting) == .ignored)
        #expect(state.handle(MouseEvent(.wheel(.down), column: 0, row: 0), in: fitting) == .ignored)
    }

    @Test("taller content shows `height` lines of the full width, the bar in the last column")
    func scrollBar() {
        let top = layout(Self.numbered(20))
        #expect(top.lines.count == 5 && top.lines.allSatisfy { $0.width == 20 })
        #expect(top.isScrollable && top.indicatorColumn == 19 && top.contentWidth == 19)
        #expect(top.lines.map { String($0.plainText.last ?? " ") } == ["┃", "│", "│", "│", "│"])
        #expect(top.lines[0].plainText.hasPrefix("line 0"))
        // The thumb is at the very bottom only at the last line, and off both ends in between.
        let bottom = layout(Self.numbered(20), state: ScrollState(offset: 15))
        #expect(bottom.thumb == 4..<5 && bottom.lines[4].plainText.hasPrefix("line 19"))
        let middle = layout(Self.numbered(20), state: ScrollState(offset: 1))
        #expect(middle.thumb.lowerBound >= 1 && middle.thumb.upperBound <= 4)
        let almost = layout(Self.numbered(20), state: ScrollState(offset: 14))
        #expect(almost.thumb.upperBound <= 4)
        // Past the end is clamped to the last page.
        #expect(layout(Self.numbered(20), state: ScrollState(offset: 99)).offset == 15)
    }

    @Test("the thumb's length is the share in view")
    func thumbLength() {
        #expect(layout(Self.numbered(10), height: 8).thumb.count == 6)
        #expect(layout(Self.numbered(1000), height: 8).thumb.count == 1)
    }

    @Test("keys scroll a line, a page less one line, and to either end, never past them")
    func keys() {
        let content = Self.numbered(20)
        var state = ScrollState(revealsFocus: false)
        func press(_ key: Key) {
            #expect(state.handle(KeyEvent(key), in: layout(content, state: state)) == .handled)
        }
        press(.down)
        #expect(state.offset == 1)
        press(.pageDown)
        #expect(state.offset == 5)
        press(.end)
        #expect(state.offset == 15)
        press(.down)
        #expect(state.offset == 15)
        press(.pageUp)
        #expect(state.offset == 11)
        press(.home)
        #expect(state.offset == 0)
        press(.up)
        #expect(state.offset == 0)
        #expect(state.handle(KeyEvent(.down, modifiers: .shift), in: layout(content, state: state)) == .ignored)
        #expect(state.handle(.character("j"), in: layout(content, state: state)) == .ignored)
    }

    @Test("the wheel scrolls three lines; on the bar a press moves a page and a drag moves the thumb")
    func mouse() {
        let content = Self.numbered(40)
        var state = ScrollState()
        var current = layout(content, height: 10, state: state)
        #expect(state.handle(MouseEvent(.wheel(.down), column: 3, row: 2), in: current) == .handled)
        #expect(state.offset == 3)
        current = layout(content, height: 10, state: state)
        #expect(state.handle(MouseEvent(.wheel(.up), column: 3, row: 2), in: current) == .handled)
        #expect(state.offset == 0)
        current = layout(content, height: 10, state: state)
        // Below the thumb: a page down.
        #expect(state.handle(MouseEvent(.press(.left), column: 19, row: 9), in: current) == .handled)
        #expect(state.offset == 9)
        current = layout(content, height: 10, state: state)
        // A drag to the bottom of the bar: the end.
        #expect(state.handle(MouseEvent(.drag(.left), column: 19, row: 9), in: current) == .handled)
        #expect(state.offset == 30)
        current = layout(content, height: 10, state: state)
        #expect(state.handle(MouseEvent(.drag(.left), column: 19, row: 0), in: current) == .handled)
        #expect(state.offset == 0)
        // Clicks on the content and reports outside the view are the screen's.
        current = layout(content, height: 10, state: state)
        #expect(state.handle(MouseEvent(.press(.left), column: 3, row: 2), in: current) == .ignored)
        #expect(state.handle(MouseEvent(.wheel(.down), column: 3, row: 10), in: current) == .ignored)
        #expect(state.handle(MouseEvent(.wheel(.down), column: 20, row: 1), in: current) == .ignored)
    }

    @Test("the focused element is scrolled into view until the user scrolls away, and again after revealFocus")
    func focus() {
        let content: [any Component] = Self.numbered(12) + [Text("field\nits error")] + Self.numbered(6)
        var state = ScrollState()
        var current = layout(content, state: state, focus: 12)
        // The field's two lines end at the bottom: as little scrolling as shows it.
        #expect(current.offset == 9)
        #expect(current.lines[3].plainText.hasPrefix("field") && current.lines[4].plainText.hasPrefix("its error"))
        #expect(current.element(atLine: 3) == 12 && current.element(atLine: 0) == 9)
        // Scrolled away with the wheel: the layout no longer pulls the field back.
        _ = state.handle(MouseEvent(.wheel(.down), column: 0, row: 0), in: current)
        #expect(!state.revealsFocus && state.offset == 12)
        current = layout(content, state: state, focus: 12)
        #expect(current.offset == 12)
        state.revealFocus()
        #expect(layout(content, state: state, focus: 12).offset == 12)  // already in view: no move
        state.offset = 0
        #expect(layout(content, state: state, focus: 12).offset == 9)
        // An element taller than the view shows from its top.
        let tall: [any Component] = Self.numbered(3) + [Text((0..<8).map { "tall \($0)" }.joined(separator: "\n"))]
        #expect(layout(tall, state: ScrollState(), focus: 3).offset == 3)
    }

    @Test("hit-testing: the content line and element on each line, spacing between elements included")
    func hitTesting() {
        let view = ScrollView(Self.numbered(10), height: 4, state: ScrollState(offset: 2), spacing: 1)
        let current = view.layout(width: 30, theme: Self.theme)
        #expect(current.elementLines[1] == 2..<3)
        #expect(current.contentLine(atLine: 0) == 2 && current.element(atLine: 0) == 1)
        #expect(current.element(atLine: 1) == nil)  // a spacing line
        #expect(current.element(atLine: 2) == 2)
        #expect(current.contentLine(atLine: 4) == nil)
        #expect(current.visibleContent == 2..<6)
    }

    @Test("lines drawn already (a picture) are clipped to the width beside the bar")
    func drawnLines() {
        let picture = (0..<6).map { StyledLine(String(repeating: "▚", count: 30 + $0)) }
        let current = ScrollView(lines: picture, height: 3, state: ScrollState()).layout(width: 12, theme: .ascii)
        #expect(current.lines.map(\.plainText) == ["▚▚▚▚▚▚▚▚▚▚▚#", "▚▚▚▚▚▚▚▚▚▚▚|", "▚▚▚▚▚▚▚▚▚▚▚|"])
    }
}
