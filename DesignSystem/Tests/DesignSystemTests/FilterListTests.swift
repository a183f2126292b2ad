import DesignSystem
import GalleryCatalog
import TerminalUI
import Testing

@Suite("Filter list", .timeLimit(.minutes(1)))
struct FilterListTests {
    static let titles = [
        "Café crème beans", "Desk lamp", "Hauptstraße map", "東京 travel guide", "LAMP SHADE", "100% wool rug",
        "Floor lamp, brass",
    ]
    static let rows = titles.map { ListRow($0) }

    /// A filter over `titles` with `text` typed, still editing.
    private func typed(_ text: String) -> ListFilter {
        var filter = ListFilter(texts: Self.titles)
        filter.startEditing()
        for character in text { _ = filter.handle(.character(character), visibleCount: 5) }
        return filter
    }

    private func matchedTitles(_ filter: ListFilter) -> [String] {
        filter.matches.map { Self.titles[$0.row] }
    }

    @Test(
        "matching ignores case and diacritics, finds the text anywhere, and takes it literally",
        arguments: [
            ("lamp", ["Desk lamp", "LAMP SHADE", "Floor lamp, brass"]),
            ("CREME", ["Café crème beans"]),
            ("cafe", ["Café crème beans"]),
            ("STRASSE", ["Hauptstraße map"]),
            ("東京", ["東京 travel guide"]),
            ("amp s", ["LAMP SHADE"]),
            ("0%", ["100% wool rug"]),
            ("%", ["100% wool rug"]),
            ("*", []),
            ("tent", []),
        ] as [(String, [String])]
    )
    func matching(text: String, expected: [String]) {
        #expect(matchedTitles(typed(text)) == expected)
    }

    @Test("each match records the characters of the title it matched")
    func highlights() {
        let filter = typed("creme")
        #expect(filter.matches == [ListFilter.Match(row: 0, highlight: 5..<10)])
        #expect(typed("sse").matches.first?.highlight == 9..<11)  // "ß" is "ss": the match covers it
        #expect(typed("").matches.count == Self.titles.count)
        #expect(typed("").matches.allSatisfy { $0.highlight.isEmpty })
    }

    @Test("the matched part is drawn in the highlight style, the rest of the title in its own")
    func highlightDrawn() throws {
        let lines = FilterList(rows: Self.rows, filter: typed("crème"), height: 4).render(width: 40, theme: .unicode)
        let row = try #require(lines.dropFirst().first)
        let highlighted = row.spans.filter { $0.style.attributes.contains(.underline) }.map(\.text)
        #expect(highlighted == ["crème"])
        #expect(row.plainText.hasPrefix("› Café crème beans"))
    }

    @Test("the filter line shows the text with the cursor while editing, and the count")
    func filterLine() {
        let width = 40
        func first(_ filter: ListFilter) -> String {
            FilterList(rows: Self.rows, filter: filter, height: 5).render(width: width, theme: .unicode)[0].plainText
        }
        #expect(first(ListFilter(texts: Self.titles)) == String(repeating: " ", count: 39) + "7")
        var editing = ListFilter(texts: Self.titles)
        editing.startEditing()
        #expect(first(editing).hasPrefix("/  type to filter"))
        let lamp = first(typed("lamp"))
        #expect(lamp.hasPrefix("/ lamp ") && lamp.hasSuffix("3 of 7") && CellWidth.of(lamp) == width)
        var kept = typed("lamp")
        #expect(kept.handle(KeyEvent(.enter), visibleCount: 5) == .handled)
        #expect(!kept.isEditing && kept.isFiltering)
        #expect(first(kept).hasPrefix("/ lamp") && first(kept).hasSuffix("3 of 7"))
    }

    @Test("nothing matching says so; no rows at all shows the empty message")
    func emptyStates() {
        let none = FilterList(rows: Self.rows, filter: typed("tent"), height: 4).render(width: 40, theme: .unicode)
        #expect(none.map(\.plainText).last == "  No rows match “tent”")
        let empty = FilterList(rows: [], filter: ListFilter(texts: []), height: 4, emptyMessage: "No orders yet")
        #expect(empty.render(width: 40, theme: .unicode).map(\.plainText).last == "  No orders yet")
    }

    @Test("Escape clears the filter and stops editing; with no filter set it is left to the screen")
    func escape() {
        var filter = typed("lamp")
        filter.selection.selectedIndex = 2
        #expect(filter.selectedRow == 6)
        #expect(filter.handle(KeyEvent(.escape), visibleCount: 5) == .handled)
        #expect(!filter.isEditing && !filter.isFiltering && filter.matches.count == Self.titles.count)
        #expect(filter.selectedRow == 6)  // the selected row stays selected
        #expect(filter.handle(KeyEvent(.escape), visibleCount: 5) == .ignored)
        var kept = typed("lamp")
        kept.stopEditing()
        #expect(kept.handle(KeyEvent(.escape), visibleCount: 5) == .handled && !kept.isFiltering)
    }

    @Test("typing narrows and Backspace widens at once; arrows move among the matches while typing")
    func editing() {
        var filter = typed("l")
        #expect(filter.matches.count == 5)  // Desk lamp, travel guide, LAMP SHADE, wool rug, Floor lamp
        _ = filter.handle(.character("a"), visibleCount: 5)
        #expect(filter.matches.count == 3 && filter.selection.selectedIndex == 0)
        #expect(filter.handle(KeyEvent(.down), visibleCount: 5) == .handled)
        #expect(filter.selectedRow == 4)
        _ = filter.handle(KeyEvent(.backspace), visibleCount: 5)
        #expect(filter.matches.count == 5 && filter.selection.selectedIndex == 0)
        // Not editing, printable keys are the screen's.
        filter.stopEditing()
        #expect(filter.handle(.character("q"), visibleCount: 5) == .ignored)
        #expect(filter.handle(KeyEvent(.end), visibleCount: 5) == .handled && filter.selectedRow == 6)
    }

    @Test("new rows keep the filter and the selected row when it still matches")
    func newRows() {
        var filter = typed("lamp")
        filter.selection.selectedIndex = 1
        #expect(filter.selectedRow == 4)
        filter.setTexts(Self.titles + ["Lamp oil"])
        #expect(filter.matches.count == 4 && filter.selectedRow == 4 && filter.rowCount == 8)
    }

    @Test("a click selects the row under it, the wheel moves the selection, the filter line starts editing")
    func mouse() throws {
        var filter = ListFilter(texts: Self.titles)
        let view = FilterList(rows: Self.rows, filter: filter, height: 5)
        let layout = view.layout(width: 40, theme: .unicode)
        // Line 0 is the filter line; the rows start on line 1, with `↓ N more` on the last line.
        #expect(layout.rowIndex(atLine: 1) == 0 && layout.rowIndex(atLine: 3) == 2 && layout.rowIndex(atLine: 4) == nil)
        #expect(filter.handle(MouseEvent(.press(.left), column: 5, row: 3), in: layout) == .handled)
        #expect(filter.selectedRow == 2)
        #expect(filter.handle(MouseEvent(.wheel(.down), column: 5, row: 2), in: layout) == .handled)
        #expect(filter.selectedRow == 3)
        #expect(filter.handle(MouseEvent(.release(.left), column: 5, row: 3), in: layout) == .ignored)
        #expect(filter.handle(MouseEvent(.press(.left), column: 40, row: 3), in: layout) == .ignored)
        #expect(filter.handle(MouseEvent(.press(.left), column: 0, row: 0), in: layout) == .handled)
        #expect(filter.isEditing)
        // `↓ N more`: a page down.
        var paged = ListFilter(texts: Self.titles)
        #expect(paged.handle(MouseEvent(.press(.left), column: 3, row: 4), in: layout) == .handled)
        #expect(try #require(paged.selectedRow) > 0)
    }

    @Test("over 10,000 rows only the window is drawn, the selection at the end included")
    func largeList() throws {
        let rows = GalleryCatalog.syntheticResults(count: 10_000)
        var filter = ListFilter(texts: rows.map(\.title))
        #expect(filter.handle(KeyEvent(.end), visibleCount: 20) == .handled)
        let layout = FilterList(rows: rows, filter: filter, height: 22).layout(width: 80, theme: .unicode)
        #expect(layout.lines.count <= 22 && layout.lines.count >= 21 && layout.lines[0].plainText.hasSuffix("10,000"))
        #expect(layout.matchRows.last == 9_999)
        #expect(layout.lines.suffix(2).contains { $0.plainText.contains("No. 10000") })
        #expect(layout.lines[1].plainText.contains("more"))
        filter.startEditing()
        for character in "crème lamp" { _ = filter.handle(.character(character), visibleCount: 20) }
        #expect(filter.matches.count == 100)
        #expect(filter.matches.allSatisfy { rows[$0.row].title.hasPrefix("Crème lamp") })
    }
}
