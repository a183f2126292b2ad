import TerminalUI

/// The selection and scroll position of a list: the state a view model keeps for a `List`. Views turn keys into
/// a `Move`; view models apply moves, and never see a key. Mouse reports go through `handle(_:in:)` with the
/// list's last `List.Layout` (a click selects the row under it, the wheel moves the selection).
///
/// Arrow keys move the selection by one row, Page Up and Page Down by a page, Home and End to the ends. The
/// scroll position follows the selection and moves only as far as needed to keep it in view, so the list does
/// not jump while the selection moves inside the visible window.
public struct ListState: Hashable, Sendable {
    /// The index of the selected item; 0 when the list is empty.
    public var selectedIndex: Int
    /// The index of the first item in view.
    public var firstVisibleIndex: Int

    /// Creates a state with a selection, scrolled to the top.
    public init(selectedIndex: Int = 0, firstVisibleIndex: Int = 0) {
        self.selectedIndex = max(selectedIndex, 0)
        self.firstVisibleIndex = max(firstVisibleIndex, 0)
    }

    /// A move of the selection: what a navigation key asks for, without the key.
    public enum Move: Hashable, Sendable {
        /// One row up.
        case up
        /// One row down.
        case down
        /// A page up (the visible rows less one, so one row stays in view).
        case pageUp
        /// A page down.
        case pageDown
        /// To the first item.
        case first
        /// To the last item.
        case last

        /// The move an unmodified navigation key stands for (arrows, Page Up and Down, Home and End), or `nil`.
        public init?(_ key: KeyEvent) {
            guard key.modifiers.isEmpty else { return nil }
            switch key.key {
            case .up: self = .up
            case .down: self = .down
            case .pageUp: self = .pageUp
            case .pageDown: self = .pageDown
            case .home: self = .first
            case .end: self = .last
            default: return nil
            }
        }
    }

    /// Moves the selection, then scrolls to keep it in view.
    ///
    /// - Parameters:
    ///   - move: Where to.
    ///   - itemCount: How many items the list has.
    ///   - visibleCount: How many items fit in view (a page).
    /// - Returns: Whether the list is not empty (so the move applied).
    @discardableResult
    public mutating func apply(_ move: Move, itemCount: Int, visibleCount: Int) -> Bool {
        guard itemCount > 0 else { return false }
        let page = max(visibleCount - 1, 1)
        switch move {
        case .up: selectedIndex -= 1
        case .down: selectedIndex += 1
        case .pageUp: selectedIndex -= page
        case .pageDown: selectedIndex += page
        case .first: selectedIndex = 0
        case .last: selectedIndex = itemCount - 1
        }
        selectedIndex = min(max(selectedIndex, 0), itemCount - 1)
        scrollToSelection(itemCount: itemCount, visibleCount: visibleCount)
        return true
    }

    /// Moves the selection for a navigation key (see `Move.init(_:)`), then scrolls to keep it in view.
    ///
    /// - Returns: `.handled` when the key is a navigation key and the list is not empty.
    public mutating func handle(_ key: KeyEvent, itemCount: Int, visibleCount: Int) -> KeyHandling {
        guard let move = Move(key), apply(move, itemCount: itemCount, visibleCount: visibleCount) else {
            return .ignored
        }
        return .handled
    }

    /// Scrolls as little as possible so that the selected item is among the `visibleCount` items in view, and so
    /// that the window never starts past the last full page.
    public mutating func scrollToSelection(itemCount: Int, visibleCount: Int) {
        let visible = max(visibleCount, 1)
        selectedIndex = min(max(selectedIndex, 0), max(itemCount - 1, 0))
        if selectedIndex < firstVisibleIndex { firstVisibleIndex = selectedIndex }
        if selectedIndex >= firstVisibleIndex + visible { firstVisibleIndex = selectedIndex - visible + 1 }
        firstVisibleIndex = min(max(firstVisibleIndex, 0), max(itemCount - visible, 0))
    }

    /// Handles a mouse report over a list drawn with `layout` (the report's position relative to the list's first
    /// line and column: `MouseEvent.translated(byColumns:rows:)`): a left press on a row selects it, on the
    /// `↑ N more` or `↓ N more` line moves a page, and a wheel step moves the selection one row, as an arrow key
    /// does.
    ///
    /// - Returns: `.handled` when the report was a press or a wheel step over one of the list's lines;
    ///   `.ignored` otherwise (releases, drags, other buttons, positions outside the list).
    public mutating func handle(_ event: MouseEvent, in layout: List.Layout) -> KeyHandling {
        guard (0..<layout.lines.count).contains(event.row), (0..<layout.width).contains(event.column),
            layout.rowCount > 0
        else {
            return .ignored
        }
        // Moves start from the window as it is drawn, so a clicked row stays under the pointer.
        let drawnFirst = layout.placedRows.first?.index ?? firstVisibleIndex
        let move: Move
        switch event.action {
        case .wheel(.up): move = .up
        case .wheel(.down): move = .down
        case .press(.left):
            if let index = layout.rowIndex(atLine: event.row) {
                firstVisibleIndex = drawnFirst
                selectedIndex = index
                scrollToSelection(itemCount: layout.rowCount, visibleCount: layout.visibleCount)
                return .handled
            }
            if event.row == layout.earlierLine {
                move = .pageUp
            } else if event.row == layout.laterLine {
                move = .pageDown
            } else {
                return .ignored
            }
        default:
            return .ignored
        }
        firstVisibleIndex = drawnFirst
        apply(move, itemCount: layout.rowCount, visibleCount: layout.visibleCount)
        return .handled
    }
}
