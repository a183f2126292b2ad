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
        guard width > 0, height.map({ $0 > 0 }) ?? true else { return [] }
        guard !rows.isEmpty else {
            return [
                StyledLine(Spacing.small.spaces + emptyMessage, style: .text(.caption))
                    .truncated(toWidth: width, ellipsis: theme.symbols.ellipsis)
            ]
        }
        let selected = min(max(state.selectedIndex, 0), rows.count - 1)
        let rendered = rows.enumerated().map { index, row in
            var row = row
            row.isSelected = index == selected
            return row.render(width: width, theme: theme)
        }
        let total = rendered.reduce(0) { $0 + $1.count }
        guard let height, total > height else { return rendered.flatMap { $0 } }
        let window = visibleWindow(rendered.map(\.count), selected: selected, height: height)
        var lines: [StyledLine] = []
        if window.lowerBound > 0 {
            lines.append(moreLine(theme.symbols.arrows[0], window.lowerBound, width: width, theme: theme))
        }
        for index in window { lines += rendered[index] }
        if window.upperBound < rows.count {
            lines.append(moreLine(theme.symbols.arrows[1], rows.count - window.upperBound, width: width, theme: theme))
        }
        return Array(lines.prefix(height))
    }

    // MARK: - Private

    /// The rows in view: starting from the state's first row, moved to include the selection, filled downwards
    /// and then upwards while lines are left (one line each way goes to a "more" line when rows are hidden).
    private func visibleWindow(_ heights: [Int], selected: Int, height: Int) -> Range<Int> {
        var first = min(max(state.firstVisibleIndex, 0), selected)
        while true {
            var end = first
            var used = first > 0 ? 1 : 0
            while end < heights.count {
                let reserve = end + 1 < heights.count ? 1 : 0
                guard used + heights[end] + reserve <= height || end == first else { break }
                used += heights[end]
                end += 1
            }
            if selected < end || first == selected {
                // Pull earlier rows into view while they fit, so the window ends at the list's end.
                while first > 0 && end == heights.count {
                    let extra = (first - 1 > 0 ? 1 : 0) - (first > 0 ? 1 : 0)
                    guard used + heights[first - 1] + extra <= height else { break }
                    used += heights[first - 1] + extra
                    first -= 1
                }
                return first..<max(end, first + 1)
            }
            first += 1
        }
    }

    private func moreLine(_ arrow: String, _ count: Int, width: Int, theme: Theme) -> StyledLine {
        StyledLine("\(Spacing.small.spaces)\(arrow) \(count) more", style: .text(.caption))
            .truncated(toWidth: width, ellipsis: theme.symbols.ellipsis)
    }
}
