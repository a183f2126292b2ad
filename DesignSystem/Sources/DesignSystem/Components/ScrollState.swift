import TerminalUI

/// The scroll position of a `ScrollView`: the state a view model keeps for a detail screen (a long description, a
/// post with its picture, a form whose errors make it taller than the screen). Views turn keys and mouse reports
/// into moves with `handle(_:in:)`; view models apply moves and never see a key.
///
/// Up and Down scroll a line, Page Up and Page Down a page (the lines in view less one, so one line stays), Home and
/// End to the ends, and a wheel step `wheelStep` lines. Every move starts from what the last layout showed
/// (`ScrollView.Layout.offset`) and stays inside the content, so the position never runs past an end however the
/// content or the screen changed.
///
/// A focused element (a form field) is kept in view: after `revealFocus()` the layout scrolls as little as needed
/// to show it, and keeps doing so until the user scrolls away (any move clears `revealsFocus`), so moving the
/// focus with Tab or typing into a field brings it back, while the wheel can still look elsewhere.
public struct ScrollState: Hashable, Sendable {
    /// The first content line in view, as last set; the layout clamps it to the content.
    public var offset: Int
    /// Whether the layout scrolls the focused element into view.
    public var revealsFocus: Bool

    /// Lines a wheel step scrolls (xterm's and most terminals' step for the normal screen).
    public static let wheelStep = 3

    /// Creates a state at `offset`, following the focus.
    public init(offset: Int = 0, revealsFocus: Bool = true) {
        self.offset = max(offset, 0)
        self.revealsFocus = revealsFocus
    }

    /// A scroll: what a navigation key or the wheel asks for, without the key.
    public enum Move: Hashable, Sendable {
        /// One line towards the top.
        case lineUp
        /// One line towards the bottom.
        case lineDown
        /// A page towards the top.
        case pageUp
        /// A page towards the bottom.
        case pageDown
        /// To the first line.
        case top
        /// To the last page.
        case bottom
        /// `lines` lines (negative towards the top): a wheel step, a drag of the scroll bar.
        case by(Int)

        /// The move an unmodified navigation key stands for (Up, Down, Page Up, Page Down, Home, End), or `nil`.
        public init?(_ key: KeyEvent) {
            guard key.modifiers.isEmpty else { return nil }
            switch key.key {
            case .up: self = .lineUp
            case .down: self = .lineDown
            case .pageUp: self = .pageUp
            case .pageDown: self = .pageDown
            case .home: self = .top
            case .end: self = .bottom
            default: return nil
            }
        }
    }

    /// Scrolls from where `layout` is, within its content; stops following the focus.
    public mutating func apply(_ move: Move, in layout: ScrollView.Layout) {
        let page = max(layout.viewportHeight - 1, 1)
        var next = layout.offset
        switch move {
        case .lineUp: next -= 1
        case .lineDown: next += 1
        case .pageUp: next -= page
        case .pageDown: next += page
        case .top: next = 0
        case .bottom: next = layout.maximumOffset
        case .by(let lines): next += lines
        }
        offset = min(max(next, 0), layout.maximumOffset)
        revealsFocus = false
    }

    /// Applies `move` when the content is taller than the view.
    ///
    /// - Returns: `.handled` when it did; `.ignored` for a view whose content fits, so its container may use the key.
    public mutating func handle(_ move: Move, in layout: ScrollView.Layout) -> KeyHandling {
        guard layout.isScrollable else { return .ignored }
        apply(move, in: layout)
        return .handled
    }

    /// Scrolls for a navigation key (see `Move.init(_:)`).
    ///
    /// - Returns: `.handled` for a navigation key when the content is taller than the view; `.ignored` otherwise,
    ///   so a screen that fits leaves the keys to its container.
    public mutating func handle(_ key: KeyEvent, in layout: ScrollView.Layout) -> KeyHandling {
        guard let move = Move(key), layout.isScrollable else { return .ignored }
        apply(move, in: layout)
        return .handled
    }

    /// Scrolls for a mouse report over a view drawn with `layout` (the position relative to the view's top left:
    /// `MouseEvent.translated(byColumns:rows:)`): a wheel step scrolls `wheelStep` lines; on the scroll bar, a left
    /// press above or below the thumb moves a page and a drag puts the thumb under the pointer.
    ///
    /// - Returns: `.handled` for a wheel step or a press or drag on the scroll bar of a scrollable view;
    ///   `.ignored` otherwise (clicks on the content are the screen's: `ScrollView.Layout.element(atLine:)`).
    public mutating func handle(_ event: MouseEvent, in layout: ScrollView.Layout) -> KeyHandling {
        guard layout.isScrollable, (0..<layout.lines.count).contains(event.row),
            (0..<layout.width).contains(event.column)
        else { return .ignored }
        switch event.action {
        case .wheel(.up):
            apply(.by(-Self.wheelStep), in: layout)
        case .wheel(.down):
            apply(.by(Self.wheelStep), in: layout)
        case .press(.left) where event.column == layout.indicatorColumn:
            if event.row < layout.thumb.lowerBound {
                apply(.pageUp, in: layout)
            } else if event.row >= layout.thumb.upperBound {
                apply(.pageDown, in: layout)
            }
        case .drag(.left) where event.column == layout.indicatorColumn:
            let track = max(layout.viewportHeight - layout.thumb.count, 1)
            let target = (event.row - layout.thumb.count / 2) * layout.maximumOffset / track
            apply(.by(min(max(target, 0), layout.maximumOffset) - layout.offset), in: layout)
        default:
            return .ignored
        }
        return .handled
    }

    /// Follows the focus again: the next layout scrolls the focused element into view. Call it when the focus
    /// moves and when the focused element is edited.
    public mutating func revealFocus() {
        revealsFocus = true
    }
}
