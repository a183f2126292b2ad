import TerminalUI

/// Rows of cells in aligned columns, fitted to the width.
///
/// Each column is as wide as its widest cell or title. When the columns do not fit, the widest shrinkable column
/// loses a cell at a time (never below its `minimumWidth`) and its cells are truncated with an ellipsis; when even
/// the minimums do not fit, columns are dropped from the right. Every line of a table, the header and the rule
/// included, has the same width in cells, whatever scripts its cells hold.
public struct Table: Component {
    /// A column's title and layout.
    public struct Column: Hashable, Sendable {
        /// The title in the header row.
        public var title: String
        /// How cells sit in the column: numbers and prices usually `.trailing`.
        public var alignment: HorizontalAlignment
        /// The narrowest the column gets before columns are dropped instead.
        public var minimumWidth: Int

        /// Creates a column.
        public init(_ title: String, alignment: HorizontalAlignment = .leading, minimumWidth: Int = 3) {
            self.title = title
            self.alignment = alignment
            self.minimumWidth = max(minimumWidth, 1)
        }
    }

    /// The columns, left to right.
    public var columns: [Column]
    /// The rows, each a cell per column; a short row is padded with empty cells, extra cells are ignored.
    public var rows: [[StyledLine]]
    /// Whether the header row and the rule under it are shown.
    public var showsHeader: Bool

    /// Creates a table of styled cells.
    public init(columns: [Column], styledRows: [[StyledLine]], showsHeader: Bool = true) {
        self.columns = columns
        self.rows = styledRows
        self.showsHeader = showsHeader
    }

    /// Creates a table of plain text cells.
    public init(columns: [Column], rows: [[String]], showsHeader: Bool = true) {
        self.init(columns: columns, styledRows: rows.map { $0.map { StyledLine($0) } }, showsHeader: showsHeader)
    }

    /// The header, the rule and the rows.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0, !columns.isEmpty else { return [] }
        let widths = columnWidths(for: width)
        let gap = StyledLine(Spacing.small.spaces)
        let ellipsis = theme.symbols.ellipsis
        func line(_ cells: [StyledLine]) -> StyledLine {
            var result = StyledLine()
            for (index, columnWidth) in widths.enumerated() {
                if index > 0 { result.append(gap) }
                let cell = index < cells.count ? cells[index] : .empty
                result.append(
                    cell.fitted(toWidth: columnWidth, alignment: columns[index].alignment, ellipsis: ellipsis))
            }
            return result
        }
        var lines: [StyledLine] = []
        if showsHeader {
            lines.append(line(columns.map { StyledLine($0.title, style: .text(.heading)) }))
            let tableWidth = widths.reduce(0, +) + Spacing.small.cells * (widths.count - 1)
            let rule = String(repeating: theme.symbols.horizontalLine, count: tableWidth)
            lines.append(StyledLine(rule, style: .color(.muted)).clipped(toWidth: tableWidth))
        }
        lines += rows.map(line)
        return lines
    }

    /// The width of each column shown: natural widths, shrunk and then dropped from the right to fit `width`.
    public func columnWidths(for width: Int) -> [Int] {
        let natural = columns.indices.map { index in
            let cells = rows.map { index < $0.count ? $0[index].width : 0 }
            return max(showsHeader ? CellWidth.of(columns[index].title) : 0, cells.max() ?? 0, 1)
        }
        for count in stride(from: natural.count, to: 0, by: -1) {
            var widths = Array(natural.prefix(count))
            let available = width - Spacing.small.cells * (count - 1)
            var excess = widths.reduce(0, +) - available
            while excess > 0 {
                // The widest column that can still shrink; of equal ones, the rightmost.
                let shrinkable = widths.indices.filter { widths[$0] > columns[$0].minimumWidth }
                guard let widest = shrinkable.max(by: { (widths[$0], $0) < (widths[$1], $1) }) else { break }
                widths[widest] -= 1
                excess -= 1
            }
            if excess <= 0 { return widths }
        }
        return [max(width, 1)]
    }
}
