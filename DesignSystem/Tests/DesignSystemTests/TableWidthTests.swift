import DesignSystem
import TerminalUI
import Testing

/// Tables of mixed scripts stay aligned: every line has the same width in cells, and each column starts at the
/// same cell on every line.
@Suite("Table widths", .timeLimit(.minutes(1)))
struct TableWidthTests {
    static let columns = [
        Table.Column("Name"), Table.Column("Qty", alignment: .trailing), Table.Column("Note", alignment: .center),
    ]
    static let rows = [
        ["Cafe\u{301} crème", "2", "combining"],
        ["東京タワー", "10", "CJK"],
        ["👍🏽 thumbs", "1", "modifier"],
        ["👩‍👩‍👧 family", "3", "ZWJ"],
        ["🇫🇷🇯🇵 flags", "7", "two flags"],
        ["plain", "100", "ascii"],
    ]

    @Test("every line of a table has the same width, at every width from 1 to 60")
    func equalWidths() {
        let table = Table(columns: Self.columns, rows: Self.rows)
        for width in 1...60 {
            let lines = table.render(width: width, theme: .unicode)
            let widths = Set(lines.map(\.width))
            #expect(widths.count == 1, "width \(width): \(lines.map(\.plainText))")
            #expect((widths.first ?? 0) <= width)
        }
    }

    @Test("columns start at the same cell on every line (the rule under the header aside)")
    func alignedColumns() {
        let table = Table(columns: Self.columns, rows: Self.rows)
        for width in [20, 28, 40] {
            let widths = table.columnWidths(for: width)
            for (number, line) in table.render(width: width, theme: .unicode).enumerated() where number != 1 {
                var cells = StyledLineCells(line)
                for (index, columnWidth) in widths.enumerated() {
                    if index > 0 { #expect(cells.take(2) == "  ", "width \(width)") }
                    #expect(CellWidth.of(cells.take(columnWidth)) == columnWidth, "width \(width)")
                }
                #expect(cells.isAtEnd)
            }
        }
    }

    @Test("natural widths when the table fits; the widest column shrinks first; columns drop when needed")
    func fitting() {
        let table = Table(columns: Self.columns, rows: Self.rows)
        #expect(table.columnWidths(for: 80) == [10, 3, 9])
        #expect(table.columnWidths(for: 26) == [10, 3, 9])
        #expect(table.columnWidths(for: 20) == [7, 3, 6])
        #expect(table.columnWidths(for: 12) == [7, 3])
        #expect(table.columnWidths(for: 4) == [4])
    }

    @Test("truncated cells end exactly at the column edge, wide characters included")
    func truncatedCells() {
        let table = Table(columns: [Table.Column("Name", minimumWidth: 1)], rows: [["東京タワー"]], showsHeader: false)
        #expect(table.render(width: 5, theme: .unicode).map(\.plainText) == ["東京…"])
        #expect(table.render(width: 4, theme: .unicode).map(\.plainText) == ["東… "])
        #expect(table.render(width: 4, theme: .ascii).map(\.plainText) == ["... "])
    }
}

/// Walks a line's grapheme clusters by cells.
private struct StyledLineCells {
    private var characters: [Character]
    private var index = 0

    init(_ line: StyledLine) {
        characters = Array(line.plainText)
    }

    var isAtEnd: Bool { index == characters.count }

    /// The clusters that fill the next `cells` cells.
    mutating func take(_ cells: Int) -> String {
        var taken = ""
        var used = 0
        while index < characters.count && used < cells {
            used += CellWidth.of(characters[index])
            taken.append(characters[index])
            index += 1
        }
        return taken
    }
}
