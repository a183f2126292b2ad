import DesignSystem
import TerminalUI
import Testing

@Suite("Screen scaffold", .timeLimit(.minutes(1)))
struct ScreenScaffoldTests {
    @Test("header, notice, a blank line, the body, padding, and the key hints on the last row")
    func layout() {
        let scaffold = ScreenScaffold(
            header: [Text("Title")], notice: Notice(.error, message: "It failed."),
            body: .stack([Text("one"), Text("two")]), hints: [KeyHelpItem(key: "q", action: "quit")])
        let lines = scaffold.render(size: TerminalSize(columns: 20, rows: 9), theme: .ascii).map(\.plainText)
        #expect(lines == ["Title", "x It failed.", "", "one", "", "two", "", "", "q quit"])
    }

    @Test("a filling body gets exactly the rows left, and a body too long is cut above the footer")
    func fill() {
        var offered: TerminalSize?
        let scaffold = ScreenScaffold(
            header: [Text("Top")],
            body: .fill { room in
                offered = room
                return (0..<50).map { StyledLine("row \($0)") }
            }, hints: [KeyHelpItem(key: "enter", action: "open")])
        let lines = scaffold.render(size: TerminalSize(columns: 30, rows: 6), theme: .ascii).map(\.plainText)
        #expect(offered == TerminalSize(columns: 30, rows: 3))
        #expect(lines == ["Top", "", "row 0", "row 1", "row 2", "enter open"])
        #expect(scaffold.render(size: TerminalSize(columns: 0, rows: 6), theme: .ascii).isEmpty)
    }

    @Test("list moves come from navigation keys only, and apply without a key")
    func listMoves() {
        #expect(ListState.Move(KeyEvent(.pageDown)) == .pageDown)
        #expect(ListState.Move(KeyEvent(.home)) == .first)
        #expect(ListState.Move(.character("j")) == nil)
        #expect(ListState.Move(KeyEvent(.down, modifiers: .shift)) == nil)
        var state = ListState()
        let moved = state.apply(.last, itemCount: 10, visibleCount: 4)
        #expect(moved)
        #expect(state.selectedIndex == 9 && state.firstVisibleIndex == 6)
        let movedInEmpty = state.apply(.down, itemCount: 0, visibleCount: 4)
        #expect(!movedInEmpty)
    }
}
