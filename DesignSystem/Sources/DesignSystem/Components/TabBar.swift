import TerminalUI

/// A row of tabs with one selected, for switching between a screen's top-level sections.
///
/// Each tab reads ` Title `; the selected one reads `[Title]` (inverse primary in colour), so the selection shows
/// without colour and every state has the same width. When the tabs are wider than the line, the bar scrolls to
/// keep the selected tab in view and marks the cut side with an ellipsis.
public struct TabBar: Component {
    /// The tab titles, left to right.
    public var tabs: [String]
    /// The index of the selected tab, or `nil` for none.
    public var selectedIndex: Int?

    /// Creates a tab bar.
    public init(tabs: [String], selectedIndex: Int?) {
        self.tabs = tabs
        self.selectedIndex = selectedIndex
    }

    /// One line of tabs.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0 else { return [] }
        let labels = self.labels
        let ellipsis = theme.symbols.ellipsis
        let first = firstShown(width: width, ellipsis: ellipsis)
        var line = first > 0 ? StyledLine(ellipsis, style: .color(.muted)) : StyledLine()
        for label in labels[first...] { line.append(label) }
        return [line.truncated(toWidth: width, ellipsis: ellipsis)]
    }

    /// The index of the tab drawn at `column` (from 0 at the bar's left) when the bar is `width` wide, or nil for
    /// a column with no tab (an ellipsis, past the last tab): what a click on the bar selects.
    public func tabIndex(atColumn column: Int, width: Int, theme: Theme) -> Int? {
        guard width > 0, column >= 0, column < width else { return nil }
        let ellipsis = theme.symbols.ellipsis
        let first = firstShown(width: width, ellipsis: ellipsis)
        var start = first > 0 ? CellWidth.of(ellipsis) : 0
        for (index, label) in labels.enumerated().dropFirst(first) {
            let end = start + label.width
            if column < end { return column >= start && end <= width ? index : nil }
            start = end
        }
        return nil
    }

    private var labels: [StyledLine] {
        tabs.enumerated().map { index, title in
            index == selectedIndex
                ? StyledLine(
                    "[\(title)]", style: Style(foreground: ColorToken.primary.color, attributes: [.bold, .inverse]))
                : StyledLine(" \(title) ", style: .color(.secondary))
        }
    }

    /// The first tab drawn: tabs are dropped from the left until the selected one ends inside the line.
    private func firstShown(width: Int, ellipsis: String) -> Int {
        let labels = self.labels
        var first = 0
        if let selectedIndex, selectedIndex < labels.count {
            // Drop tabs from the left until the selected one ends inside the line (leaving room for the marks).
            let trailing = selectedIndex < labels.count - 1 ? CellWidth.of(ellipsis) : 0
            while first < selectedIndex,
                cells(of: labels[first...selectedIndex], leading: first > 0, ellipsis) + trailing > width
            {
                first += 1
            }
        }
        return first
    }

    private func cells(of labels: ArraySlice<StyledLine>, leading: Bool, _ ellipsis: String) -> Int {
        labels.reduce(0) { $0 + $1.width } + (leading ? CellWidth.of(ellipsis) : 0)
    }
}
