import TerminalUI

/// A list with a filter line on top: the rows a `ListFilter` matches, with the matched part of each title
/// highlighted, and how many match.
///
/// ```
/// / lamp▏                              3 of 10,000
/// › Desk lamp                               €29.90
///   Lamp shade                              €19.90
///   Floor lamp, brass                       €89.00
/// ```
/// The filter line shows `/` and the filter text; while editing, with the cursor (and the `placeholder`, dim, when
/// nothing is typed yet); when no filter is set and it is not editing, only the count. The count says `N of M`
/// while a filter is set, `M` otherwise. Below it the matching rows show through a `List` of `height - 1` lines
/// (`↑ N more`, `↓ N more`), or `No rows match “…”`. Only the rows in view are rendered.
///
/// The rows are the caller's (`ListRow`s, in the order of the filter's texts, usually their titles); each matching
/// row gets its `highlights` from the filter. Hit-testing: `layout(width:theme:)` says which row is on which line,
/// and `ListFilter.handle(_:in:)` selects a clicked row and scrolls with the wheel.
public struct FilterList: Component {
    /// The rows, one per text of the filter, in the same order.
    public var rows: [ListRow]
    /// The filter, its matches and the selection.
    public var filter: ListFilter
    /// The most lines the component takes (the filter line included), or `nil` for as many as the rows need.
    public var height: Int?
    /// What the filter line shows while editing with nothing typed.
    public var placeholder: String
    /// What a list with no rows at all shows.
    public var emptyMessage: String

    /// Creates a filter list.
    public init(
        rows: [ListRow], filter: ListFilter, height: Int? = nil, placeholder: String = "type to filter",
        emptyMessage: String = "No items"
    ) {
        self.rows = rows
        self.filter = filter
        self.height = height
        self.placeholder = placeholder
        self.emptyMessage = emptyMessage
    }

    /// The filter line, then the matching rows.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        layout(width: width, theme: theme).lines
    }

    /// The lines `render(width:theme:)` gives, with where the rows went, for hit-testing.
    public func layout(width: Int, theme: Theme) -> Layout {
        guard width > 0, height.map({ $0 > 0 }) ?? true else {
            return Layout(lines: [], list: List.Layout(rowCount: 0, width: 0), matchRows: [])
        }
        let header = filterLine(width: width, theme: theme)
        let rows = self.rows
        // Rows are the texts' in order; should there be fewer, the matches past them are left out.
        let matches =
            filter.rowCount <= rows.count ? filter.matches : filter.matches.filter { $0.row < rows.count }
        let listHeight = height.map { $0 - 1 }
        guard listHeight.map({ $0 > 0 }) ?? true else {
            return Layout(lines: [header], list: List.Layout(rowCount: matches.count, width: width), matchRows: [])
        }
        let message = rows.isEmpty ? emptyMessage : "No rows match “\(filter.text)”"
        // Only the rows in view are made into `ListRow`s with their highlights.
        let listLayout = List.layout(
            rowCount: matches.count, lineCount: { rows[matches[$0].row].lineCount },
            row: { index in
                var row = rows[matches[index].row]
                row.highlights = matches[index].highlight.isEmpty ? [] : [matches[index].highlight]
                return row
            }, state: filter.selection, height: listHeight, emptyMessage: message, width: width, theme: theme)
        return Layout(
            lines: [header] + listLayout.lines, list: listLayout,
            matchRows: listLayout.placedRows.map { matches[$0.index].row })
    }

    /// Where a filter list's parts went: what `FilterList.layout(width:theme:)` gives.
    public struct Layout: Hashable, Sendable {
        /// The lines, as `render(width:theme:)` gives them.
        public var lines: [StyledLine]
        /// The list below the filter line; its rows are counted in matches (`ListFilter.selection`).
        public var list: List.Layout
        /// The line the list starts on: the filter line is line 0.
        public var listTop = 1
        /// The row (index among the filter's texts) of each of `list.placedRows`.
        public var matchRows: [Int]

        /// Creates a layout; `FilterList.layout(width:theme:)` makes them.
        public init(lines: [StyledLine], list: List.Layout, matchRows: [Int]) {
            self.lines = lines
            self.list = list
            self.matchRows = matchRows
        }

        /// The row (its index among the filter's texts) drawn on `line`, counted from the filter line, or `nil`.
        public func rowIndex(atLine line: Int) -> Int? {
            guard let position = list.placedRows.firstIndex(where: { $0.lines.contains(line - listTop) }) else {
                return nil
            }
            return matchRows[position]
        }

        /// How many matching rows are in view: a page, for `ListFilter.handle(_:visibleCount:)`.
        public var visibleCount: Int { list.visibleCount }
    }

    // MARK: - Private

    private func filterLine(width: Int, theme: Theme) -> StyledLine {
        let total = filter.rowCount.groupedDigits
        let count = StyledLine(
            filter.isFiltering ? "\(filter.matches.count.groupedDigits) of \(total)" : total, style: .text(.caption))
        let prompt = StyledLine("/ ", style: .color(filter.isEditing ? .primary : .muted))
        let room = width - prompt.width - count.width - Spacing.small.cells
        guard room >= 1 else { return count.truncated(toWidth: width, ellipsis: theme.symbols.ellipsis) }
        var left = prompt
        if filter.isEditing {
            left.append(
                TextField(label: "", state: filter.field, placeholder: placeholder, isFocused: true)
                    .fieldContent(width: room, symbols: theme.symbols))
        } else if filter.isFiltering {
            left.append(
                StyledLine(filter.text, style: .color(.accent)).truncated(
                    toWidth: room, ellipsis: theme.symbols.ellipsis))
        } else {
            left = StyledLine()
        }
        return left.padded(toWidth: width - count.width) + count
    }
}
