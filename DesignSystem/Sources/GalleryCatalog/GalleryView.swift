import DesignSystem
import Observation
import TerminalUI

/// The interactive gallery screen: a tab bar of pages, the selected page scrolled to `scrollOffset`, and a key
/// hints footer.
///
/// Keys: Left and Right (or Tab and Shift-Tab, `h` and `l`) switch pages, `1`–`9` jump to a page, Up, Down, Page Up,
/// Page Down, Home and End scroll. It leaves every other key (`q` among them) to the program.
///
/// The view is `@Observable`, as view models are: the program advances `spinnerFrame` from a timer, and
/// `TerminalSession.run(_:onUnhandled:)` redraws because rendering read it.
@MainActor
@Observable
public final class GalleryView: TerminalView {
    /// The index of the page shown.
    public private(set) var pageIndex = 0
    /// The first line of the page in view.
    public private(set) var scrollOffset = 0
    /// The frame the spinners show; advance it to animate them.
    public var spinnerFrame = 0

    @ObservationIgnored private let theme: Theme
    // Layout of the last frame, for the scrolling keys. Not observed: rendering writes them.
    @ObservationIgnored private var lastBodyHeight = 1
    @ObservationIgnored private var lastMaximumOffset = 0

    /// Creates the gallery on its first page.
    public init(theme: Theme) {
        self.theme = theme
    }

    /// The tab bar, a rule, the page and the footer, for the screen size.
    public func render(size: TerminalSize) -> [StyledLine] {
        let width = size.columns
        let pages = GalleryCatalog.pages(spinnerFrame: spinnerFrame)
        let header =
            TabBar(tabs: pages.map(\.title), selectedIndex: pageIndex).render(width: width, theme: theme)
            + [StyledLine(String(repeating: theme.symbols.horizontalLine, count: max(width, 0)), style: .color(.muted))]
        let footer = KeyHints([
            KeyHint(key: "←→", action: "page"), KeyHint(key: "↑↓", action: "scroll"), KeyHint(key: "q", action: "quit"),
        ]).render(width: width, theme: theme)
        let bodyHeight = max(size.rows - header.count - footer.count, 0)
        let body = pages[pageIndex].render(width: width, theme: theme)
        lastBodyHeight = max(bodyHeight, 1)
        lastMaximumOffset = max(body.count - bodyHeight, 0)
        let visible = body.dropFirst(min(scrollOffset, lastMaximumOffset)).prefix(bodyHeight)
        let filler = Array(repeating: StyledLine.empty, count: bodyHeight - visible.count)
        return Array((header + visible + filler + footer).prefix(size.rows))
    }

    /// Switches pages and scrolls; `.ignored` for every other key.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        let pageCount = GalleryCatalog.pages().count
        switch (key.key, key.modifiers) {
        case (.right, []), (.tab, []), (.character("l"), []):
            showPage((pageIndex + 1) % pageCount)
        case (.left, []), (.tab, .shift), (.character("h"), []):
            showPage((pageIndex + pageCount - 1) % pageCount)
        case (.character(let digit), []) where digit.wholeNumberValue.map({ (1...pageCount).contains($0) }) ?? false:
            showPage((digit.wholeNumberValue ?? 1) - 1)
        case (.down, []):
            scroll(by: 1)
        case (.up, []):
            scroll(by: -1)
        case (.pageDown, []), (.character(" "), []):
            scroll(by: max(lastBodyHeight - 1, 1))
        case (.pageUp, []):
            scroll(by: -max(lastBodyHeight - 1, 1))
        case (.home, []):
            scrollOffset = 0
        case (.end, []):
            scrollOffset = lastMaximumOffset
        default:
            return .ignored
        }
        return .handled
    }

    /// Scrolls within the page as last rendered.
    private func scroll(by lines: Int) {
        scrollOffset = min(max(scrollOffset + lines, 0), lastMaximumOffset)
    }

    private func showPage(_ index: Int) {
        pageIndex = index
        scrollOffset = 0
    }
}
