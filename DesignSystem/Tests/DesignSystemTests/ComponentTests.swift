import DesignSystem
import GalleryCatalog
import TerminalUI
import Testing

@Suite("Components", .timeLimit(.minutes(1)))
struct ComponentTests {
    static let theme = Theme.unicode

    private func plain(_ component: any Component, width: Int, theme: Theme = Self.theme) -> [String] {
        component.render(width: width, theme: theme).map(\.plainText)
    }

    @Test("every component's lines fit every width from 0 to 100", arguments: ["unicode", "ascii"])
    func everyLineFits(symbols: String) {
        let theme = symbols == "ascii" ? Theme.ascii : Theme.unicode
        for entry in GalleryCatalog.entries() {
            for sample in entry.samples {
                for width in 0...100 {
                    let lines = sample.component.render(width: width, theme: theme)
                    if width == 0 { #expect(lines.isEmpty, "\(entry.name) \(sample.state)") }
                    for line in lines where line.width > width {
                        Issue.record(
                            "\(entry.name) (\(sample.state)) at \(width): \(line.width) cells: \(line.plainText)")
                    }
                }
            }
        }
    }

    @Test("Text wraps, truncates and limits lines")
    func text() {
        #expect(plain(Text("one two three four"), width: 9) == ["one two", "three", "four"])
        #expect(plain(Text("one two three four", overflow: .truncate), width: 9) == ["one two …"])
        #expect(plain(Text("one two three four", overflow: .wrapUpTo(lines: 2)), width: 9) == ["one two", "three…"])
        #expect(plain(Text("first\nsecond"), width: 20) == ["first", "second"])
        #expect(plain(Text("mid", alignment: .center), width: 9) == ["   mid"])
        #expect(plain(Text("end", alignment: .trailing), width: 9) == ["      end"])
    }

    @Test("TabBar keeps the selected tab in view")
    func tabBar() {
        let tabs = ["Feed", "Search", "Cart", "Orders", "Account"]
        #expect(plain(TabBar(tabs: tabs, selectedIndex: 0), width: 80) == ["[Feed] Search  Cart  Orders  Account "])
        let scrolled = plain(TabBar(tabs: tabs, selectedIndex: 4), width: 20)
        #expect(scrolled == ["… Orders [Account]"])
        let middle = plain(TabBar(tabs: tabs, selectedIndex: 2), width: 16)[0]
        #expect(middle.contains("[Cart]"))
        #expect(CellWidth.of(middle) <= 16)
    }

    @Test("ListRow puts the accessory at the right edge and truncates the title before it")
    func listRow() {
        let row = ListRow("東京 travel guide", accessory: .text("€24.50"))
        #expect(plain(row, width: 30) == ["  東京 travel guide     €24.50"])
        #expect(plain(row, width: 20) == ["  東京 trav…  €24.50"])
        let selected = ListRow("Yoga mat", subtitle: "Sport", isSelected: true)
        #expect(plain(selected, width: 20) == ["› Yoga mat", "  Sport"])
    }

    @Test("List shows a window around the selection with counts of what is hidden")
    func list() {
        let rows = (1...20).map { ListRow("Item \($0)") }
        let top = plain(List(rows: rows, state: ListState(selectedIndex: 0), height: 5), width: 20)
        #expect(top == ["› Item 1", "  Item 2", "  Item 3", "  Item 4", "  ↓ 16 more"])
        let middle = plain(
            List(rows: rows, state: ListState(selectedIndex: 10, firstVisibleIndex: 9), height: 5), width: 20)
        #expect(middle == ["  ↑ 9 more", "  Item 10", "› Item 11", "  Item 12", "  ↓ 8 more"])
        let bottom = plain(List(rows: rows, state: ListState(selectedIndex: 19), height: 5), width: 20)
        #expect(bottom == ["  ↑ 16 more", "  Item 17", "  Item 18", "  Item 19", "› Item 20"])
        #expect(plain(List(rows: [], state: ListState(), emptyMessage: "Nothing"), width: 20) == ["  Nothing"])
    }

    @Test("ListState moves the selection and scrolls as little as needed")
    func listState() {
        var state = ListState()
        #expect(state.handle(KeyEvent(.up), itemCount: 10, visibleCount: 4) == .handled)
        #expect(state.selectedIndex == 0)
        for _ in 0..<5 { _ = state.handle(KeyEvent(.down), itemCount: 10, visibleCount: 4) }
        #expect(state == ListState(selectedIndex: 5, firstVisibleIndex: 2))
        _ = state.handle(KeyEvent(.up), itemCount: 10, visibleCount: 4)
        #expect(state == ListState(selectedIndex: 4, firstVisibleIndex: 2))
        _ = state.handle(KeyEvent(.end), itemCount: 10, visibleCount: 4)
        #expect(state == ListState(selectedIndex: 9, firstVisibleIndex: 6))
        _ = state.handle(KeyEvent(.pageUp), itemCount: 10, visibleCount: 4)
        #expect(state == ListState(selectedIndex: 6, firstVisibleIndex: 6))
        #expect(state.handle(.character("x"), itemCount: 10, visibleCount: 4) == .ignored)
        #expect(state.handle(KeyEvent(.down), itemCount: 0, visibleCount: 4) == .ignored)
    }

    @Test("Badge, Banner, Spinner and ProgressBar")
    func feedback() {
        #expect(plain(Badge("LOW STOCK", tone: .warning), width: 20) == ["[LOW STOCK]"])
        #expect(plain(Badge("LOW STOCK", tone: .warning), width: 7) == ["[LOW …]"])
        #expect(
            plain(Banner(.error, message: "Payment failed.", actionHint: "Press r to retry"), width: 30) == [
                "✖ Payment failed.", "  Press r to retry",
            ])
        #expect(
            plain(Banner(.warning, message: "You are offline right now"), width: 14) == [
                "⚠ You are", "  offline", "  right now",
            ])
        #expect(plain(Spinner("Loading", frame: 11), width: 20) == ["⠙ Loading"])
        #expect(plain(Spinner("Loading", frame: -1), width: 20) == ["⠏ Loading"])
        #expect(plain(ProgressBar(fraction: 0.5, label: "Sync"), width: 24) == ["Sync  [█████░░░░░]   50%"])
        #expect(plain(ProgressBar(fraction: .nan), width: 12) == ["[░░░░]    0%"])
        #expect(plain(ProgressBar(fraction: 2), width: 8) == ["100%"])
    }

    @Test("TextField scrolls to keep the cursor in view and marks the cursor cell")
    func textField() throws {
        let state = TextFieldState(text: "abcdefghij", cursor: 10)
        let field = TextField(label: "Name", state: state, isFocused: true)
        #expect(plain(field, width: 8) == ["Name", "[fghij ]"])
        let lines = field.render(width: 8, theme: Self.theme)
        let cursorSpan = try #require(lines[1].spans.first { $0.style.attributes.contains(.cursor) })
        #expect(cursorSpan.text == " ")
        let unfocused = TextField(label: "Name", state: state, validationMessage: "Too long")
        #expect(plain(unfocused, width: 8) == ["Name", "[abcde…]", "✖ Too", "long"])
        let empty = TextField(label: "Search", state: TextFieldState(), placeholder: "Products", isFocused: true)
        #expect(plain(empty, width: 14) == ["Search", "[ Products   ]"])
    }

    @Test("TextFieldState edits like readline")
    func textFieldState() {
        var state = TextFieldState(text: "hello world")
        #expect(state.cursor == 11)
        #expect(state.handle(.control("w")) == .handled)
        #expect(state.text == "hello ")
        _ = state.handle(.character("東"))
        _ = state.handle(KeyEvent(.left))
        _ = state.handle(KeyEvent(.backspace))
        #expect(state.text == "hello東")
        #expect(state.cursor == 5)
        _ = state.handle(.control("a"))
        _ = state.handle(KeyEvent(.delete))
        #expect(state.text == "ello東")
        _ = state.handle(.control("k"))
        #expect(state.text == "")
        _ = state.handle(KeyEvent(.paste("two\nlines")))
        #expect(state.text == "two lines")
        _ = state.handle(KeyEvent(.home))
        _ = state.handle(KeyEvent(.right))
        _ = state.handle(.control("u"))
        #expect(state.text == "wo lines")
        #expect(state.handle(KeyEvent(.enter)) == .ignored)
        #expect(state.handle(KeyEvent(.escape)) == .ignored)
        #expect(state.handle(.control("x")) == .ignored)
    }

    @Test("Menu, KeyHints, EmptyState and Card")
    func menuHintsEmptyCard() {
        let menu = Menu(
            title: "Ship", items: [Menu.Item("Standard", shortcut: "s"), Menu.Item("Express")], highlightedIndex: 1,
            chosenIndex: 0)
        #expect(plain(menu, width: 30) == ["Ship", "  ◉ Standard  [s]", "› ○ Express"])
        let hints = KeyHints([KeyHint(key: "q", action: "quit"), KeyHint(key: "enter", action: "open")])
        #expect(plain(hints, width: 30) == ["q quit · enter open"])
        #expect(plain(hints, width: 12) == ["q quit"])
        #expect(plain(hints, width: 4) == ["q q…"])
        #expect(plain(EmptyState(title: "No orders"), width: 15) == ["       ◌", "   No orders"])
        let card = Card(title: "Order", footer: "enter", content: [Text("2 items")])
        #expect(plain(card, width: 16) == ["╭─ Order ──────╮", "│ 2 items      │", "╰─ enter ──────╯"])
        #expect(plain(Card(content: [Text("x")]), width: 4) == ["x"])
    }
}
