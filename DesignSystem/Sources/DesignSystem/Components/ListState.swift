import TerminalUI

/// The selection and scroll position of a list: the state a view model keeps for a `List`.
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

    /// Moves the selection for a navigation key, then scrolls to keep it in view.
    ///
    /// - Parameters:
    ///   - key: The key; up, down, Page Up, Page Down, Home and End are used, any other is `.ignored`.
    ///   - itemCount: How many items the list has.
    ///   - visibleCount: How many items fit in view (a page).
    /// - Returns: `.handled` when the key is a navigation key and the list is not empty.
    public mutating func handle(_ key: KeyEvent, itemCount: Int, visibleCount: Int) -> KeyHandling {
        guard itemCount > 0, key.modifiers.isEmpty else { return .ignored }
        let page = max(visibleCount - 1, 1)
        switch key.key {
        case .up: selectedIndex -= 1
        case .down: selectedIndex += 1
        case .pageUp: selectedIndex -= page
        case .pageDown: selectedIndex += page
        case .home: selectedIndex = 0
        case .end: selectedIndex = itemCount - 1
        default: return .ignored
        }
        selectedIndex = min(max(selectedIndex, 0), itemCount - 1)
        scrollToSelection(itemCount: itemCount, visibleCount: visibleCount)
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
}
