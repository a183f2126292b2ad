import Testing

@testable import DesignSystem
@testable import TerminalUI

@Suite("click targets: the tab and the footer hint under a column", .timeLimit(.minutes(1)))
@MainActor
struct ClickTargetTests {
    @Test("a column of the tab bar names the tab drawn there, also when the bar scrolled to the selected tab")
    func tabs() throws {
        let bar = TabBar(tabs: ["Feed", "Search", "Cart"], selectedIndex: 0)
        // `[Feed] Search  Cart `: Feed 0..<6, Search 6..<14, Cart 14..<20.
        let columns = (0..<22).map { bar.tabIndex(atColumn: $0, width: 40, theme: .ascii) }
        #expect(
            columns == Array(repeating: 0, count: 6) + Array(repeating: 1, count: 8) + Array(repeating: 2, count: 6) + [
                nil, nil,
            ])
        #expect(bar.tabIndex(atColumn: -1, width: 40, theme: .ascii) == nil)
        // Too narrow for all: the bar starts at a later tab after an ellipsis, and the columns follow it.
        let scrolled = TabBar(tabs: ["Feed", "Search", "Cart"], selectedIndex: 2)
        let line = scrolled.render(width: 14, theme: .ascii).first?.spans.map(\.text).joined() ?? ""
        let start = try #require(line.firstIndex(of: "["), "the selected tab is drawn: \(line)")
        let cartColumn = line.distance(from: line.startIndex, to: start)
        #expect(scrolled.tabIndex(atColumn: cartColumn, width: 14, theme: .ascii) == 2, "\(line)")
        #expect(scrolled.tabIndex(atColumn: 0, width: 14, theme: .ascii) == nil, "the ellipsis is no tab: \(line)")
    }

    @Test("a column of the footer names the hint drawn there; separators and hints left out name none")
    func hints() {
        let hints = KeyHints([KeyHint(key: "a", action: "add"), KeyHint(key: "?", action: "help")])
        // `a add · ? help` (ASCII separator `|`): `a add` 0..<5, ` | ` 5..<8, `? help` 8..<14.
        let line = hints.render(width: 40, theme: .ascii).first?.spans.map(\.text).joined() ?? ""
        let help = line.distance(from: line.startIndex, to: line.firstIndex(of: "?") ?? line.endIndex)
        #expect(hints.hint(atColumn: 0, width: 40, theme: .ascii)?.key == "a")
        #expect(hints.hint(atColumn: 4, width: 40, theme: .ascii)?.key == "a")
        #expect(hints.hint(atColumn: 6, width: 40, theme: .ascii) == nil, "\(line)")
        #expect(hints.hint(atColumn: help, width: 40, theme: .ascii)?.key == "?", "\(line)")
        #expect(hints.hint(atColumn: help + 5, width: 40, theme: .ascii)?.key == "?")
        #expect(hints.hint(atColumn: help + 6, width: 40, theme: .ascii) == nil)
        // At 8 columns only the first fits: the second names nothing.
        #expect(hints.hint(atColumn: 6, width: 8, theme: .ascii) == nil)
        #expect(KeyChord(label: "a / +") == KeyChord(.character("a")) && KeyChord(label: "↑") == KeyChord(.up))
        #expect(KeyChord(label: "1-4") == nil)
    }
}
