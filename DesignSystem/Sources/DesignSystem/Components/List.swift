import TerminalUI

/// A list of rows with one selected, shown through a scrolling window of a fixed height.
///
/// When the rows are taller than `height` lines, the list shows the window that `state` describes, moved as
/// little as needed to include the selected row, with a `↑ N more` line on top and a `↓ N more` line at the
/// bottom when rows are hidden that way. An empty list shows `emptyMessage`.
public struct List: Component {
    /// The rows; their `isSelected` is set from `state`.
    public var rows: [ListRow]
    /// The selection and scroll position.
    public var state: ListState
    /// The most lines the list may take, or `nil` for as many as the rows need.
    public var height: Int?
    /// What an empty list shows.
    public var emptyMessage: String

    /// Creates a list.
    public init(rows: [ListRow], state: ListState, height: Int? = nil, emptyMessage: String = "No items") {
        self.rows = rows
        self.state = state
        self.height = height
        self.emptyMessage = emptyMessage
    }

    /// The window of rows in view, with the "more" lines.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        layout(width: width, theme: theme).lines
    }

    /// The lines `render(width:theme:)` gives, with the rows in view and the lines each took, for hit-testing (a
    /// click selects the row under it: `ListState.handle(_:in:)`). Only the rows in view are rendered, so a list
    /// of 10,000 rows costs what its window costs.
    public func layout(width: Int, theme: Theme) -> Layout {
        let rows = self.rows
        return Self.layout(
            rowCount: rows.count, lineCount: { rows[$0].lineCount }, row: { rows[$0] }, state: state, height: height,
            emptyMessage: emptyMessage, width: width, theme: theme)
    }

    /// The layout of rows given by index: `lineCount` must be the `lineCount` of `row` for every index, and `row`
    /// is asked only for the rows in view (a `FilterList` builds its highlighted rows that way).
    static func layout(
        rowCount: Int, lineCount: (Int) -> Int, row: (Int) -> ListRow, state: ListState, height: Int?,
        emptyMessage: String, width: Int, theme: Theme
    ) -> Layout {
        guard width > 0, height.map({ $0 > 0 }) ?? true else { return Layout(rowCount: rowCount, width: 0) }
        guard rowCount > 0 else {
            let message = StyledLine(Spacing.small.spaces + emptyMessage, style: .text(.caption))
                .truncated(toWidth: width, ellipsis: theme.symbols.ellipsis)
            return Layout(lines: [message], rowCount: 0, width: width)
        }
        let selected = min(max(state.selectedIndex, 0), rowCount - 1)
        var window = 0..<rowCount
        if let height {
            // The window is worked out from the rows' line counts, without rendering any row.
            var total = 0
            var index = 0
            while index < rowCount && total <= height {
                total += lineCount(index)
                index += 1
            }
            if total > height {
                window = visibleWindow(
                    rowCount: rowCount, lineCount: lineCount, first: state.firstVisibleIndex, selected: selected,
                    height: height)
            }
        }
        var layout = Layout(rowCount: rowCount, width: width)
        if window.lowerBound > 0 {
            layout.earlierLine = 0
            layout.lines.append(moreLine(theme.symbols.arrows[0], window.lowerBound, width: width, theme: theme))
        }
        for index in window {
            var shown = row(index)
            shown.isSelected = index == selected
            let start = layout.lines.count
            layout.lines += shown.render(width: width, theme: theme)
            layout.placedRows.append(PlacedRow(index: index, lines: start..<layout.lines.count))
        }
        if window.upperBound < rowCount {
            layout.laterLine = layout.lines.count
            let hidden = rowCount - window.upperBound
            layout.lines.append(moreLine(theme.symbols.arrows[1], hidden, width: width, theme: theme))
        }
        if let height, layout.lines.count > height {
            layout.lines.removeLast(layout.lines.count - height)
            layout.placedRows = layout.placedRows.filter { $0.lines.lowerBound < height }
            if let later = layout.laterLine, later >= height { layout.laterLine = nil }
        }
        return layout
    }

    /// Where a list's rows went in its lines: what `List.layout(width:theme:)` gives.
    public struct Layout: Hashable, Sendable {
        /// The lines, as `render(width:theme:)` gives them.
        public var lines: [StyledLine] = []
        /// The rows in view, top to bottom, with the lines each took.
        public var placedRows: [PlacedRow] = []
        /// The line of `↑ N more`, when rows are hidden above.
        public var earlierLine: Int?
        /// The line of `↓ N more`, when rows are hidden below.
        public var laterLine: Int?
        /// How many rows the list has, in view or not.
        public var rowCount: Int
        /// The width laid out for, in cells: a report at or right of it is outside the list.
        public var width: Int

        /// Creates a layout; `List.layout(width:theme:)` makes them.
        public init(lines: [StyledLine] = [], rowCount: Int, width: Int) {
            self.lines = lines
            self.rowCount = rowCount
            self.width = width
        }

        /// The index of the row drawn on `line` (counted from the list's first line), or `nil` for a "more" line,
        /// the empty message or a line outside the list.
        public func rowIndex(atLine line: Int) -> Int? {
            placedRows.first { $0.lines.contains(line) }?.index
        }

        /// How many rows are in view: a page, for `ListState.apply(_:itemCount:visibleCount:)`.
        public var visibleCount: Int { max(placedRows.count, 1) }
    }

    /// One row in view: its index among the list's rows and the lines it took.
    public struct PlacedRow: Hashable, Sendable {
        /// The row's index in `List.rows`.
        public var index: Int
        /// The lines it took, counted from the list's first line.
        public var lines: Range<Int>

        /// Creates a placed row.
        public init(index: Int, lines: Range<Int>) {
            self.index = index
            self.lines = lines
        }
    }

    // MARK: - Private

    /// The rows in view: starting from the state's first row, moved to include the selection, filled downwards
    /// and then upwards while lines are left (one line each way goes to a "more" line when rows are hidden).
    private static func visibleWindow(
        rowCount: Int, lineCount: (Int) -> Int, first firstVisible: Int, selected: Int, height: Int
    ) -> Range<Int> {
        // A window starting more than `height` rows before the selection cannot reach it (a row takes a line at
        // least), so the search starts no earlier than that.
        var first = max(min(max(firstVisible, 0), selected), selected - height)
        while true {
            var end = first
            var used = first > 0 ? 1 : 0
            while end < rowCount {
                let reserve = end + 1 < rowCount ? 1 : 0
                guard used + lineCount(end) + reserve <= height || end == first else { break }
                used += lineCount(end)
                end += 1
            }
            if selected < end || first == selected {
                // Pull earlier rows into view while they fit, so the window ends at the list's end.
                while first > 0 && end == rowCount {
                    let extra = (first - 1 > 0 ? 1 : 0) - (first > 0 ? 1 : 0)
                    guard used + lineCount(first - 1) + extra <= height else { break }
                    used += lineCount(first - 1) + extra
                    first -= 1
                }
                return first..<max(end, first + 1)
            }
            first += 1
        }
    }

    private static func moreLine(_ arrow: String, _ count: Int, width: Int, theme: Theme) -> StyledLine {
        StyledLine("\(Spacing.small.spaces)\(arrow) \(count.groupedDigits) more", style: .text(.caption))
            .truncated(toWidth: width, ellipsis: theme.symbols.ellipsis)
    }
}
