import DesignSystem
import TerminalUI

/// Every component of the design system in its states, grouped in pages: what the `gallery` program shows and
/// what the snapshot tests record.
///
/// The samples use text in several scripts on purpose (combining marks, CJK, emoji), so width bugs show up here
/// first.
public enum GalleryCatalog {
    /// The pages, in the order the gallery shows them.
    ///
    /// - Parameter spinnerFrame: The frame the spinners show; the interactive gallery advances it.
    public static func pages(spinnerFrame: Int = 0) -> [GalleryPage] {
        [
            GalleryPage(title: "Text", entries: [text, heading]),
            GalleryPage(title: "Navigation", entries: [tabBar, menu, keyHints]),
            GalleryPage(title: "Lists", entries: [listRow, list, filterList]),
            GalleryPage(title: "Tables", entries: [table]),
            GalleryPage(
                title: "Feedback",
                entries: [badge, banner, spinner(frame: spinnerFrame), progressBar]
            ),
            GalleryPage(title: "Input", entries: [textField]),
            GalleryPage(title: "Containers", entries: [card, emptyState, scrollView]),
        ]
    }

    /// Every entry of every page, in page order.
    public static func entries(spinnerFrame: Int = 0) -> [GalleryEntry] {
        pages(spinnerFrame: spinnerFrame).flatMap(\.entries)
    }

    // MARK: - Text

    static let paragraph =
        "Storefront keeps your cart in sync across devices. Café crème, 東京 and 👩‍💻 all take the cells a terminal gives them."

    static let text = GalleryEntry(
        "Text",
        [
            .init("wrapped body", Text(paragraph)),
            .init("truncated caption", Text(paragraph, style: .caption, overflow: .truncate)),
            .init("at most two lines", Text(paragraph, overflow: .wrapUpTo(lines: 2))),
            .init("centred emphasis", Text("Free shipping over €50", style: .emphasis, alignment: .center)),
            .init("code, danger colour", Text("storefront checkout --dry-run", style: .code, color: .danger)),
        ]
    )

    static let heading = GalleryEntry(
        "Heading",
        [
            .init("screen, with subtitle", Heading("Your feed", subtitle: "12 new posts since yesterday")),
            .init("screen, long title", Heading("Search results for “noise-cancelling headphones with a long cable”")),
            .init("section", Heading("Recently viewed", subtitle: "3 items", level: .section)),
        ]
    )

    // MARK: - Navigation

    static let tabBar = GalleryEntry(
        "TabBar",
        [
            .init("first selected", TabBar(tabs: ["Feed", "Search", "Cart"], selectedIndex: 0)),
            .init("last selected", TabBar(tabs: ["Feed", "Search", "Cart"], selectedIndex: 2)),
            .init(
                "many tabs, scrolled to the selection",
                TabBar(
                    tabs: ["Feed", "Search", "Cart", "Orders", "Wishlist", "Account", "Settings", "Help"],
                    selectedIndex: 6
                )
            ),
            .init("none selected", TabBar(tabs: ["Feed", "Search", "Cart"], selectedIndex: nil)),
        ]
    )

    static let menu = GalleryEntry(
        "Menu",
        [
            .init(
                "picker, highlight on the chosen option",
                Menu(title: "Shipping", items: shippingOptions, highlightedIndex: 0, chosenIndex: 0)
            ),
            .init(
                "highlight moved, disabled option",
                Menu(title: "Shipping", items: shippingOptions, highlightedIndex: 1, chosenIndex: 0)
            ),
            .init("nothing chosen", Menu(items: shippingOptions, highlightedIndex: nil)),
        ]
    )

    static let shippingOptions = [
        Menu.Item("Standard", detail: "5 days · €4.90", shortcut: "s"),
        Menu.Item("Express", detail: "1 day · €14.90", shortcut: "e"),
        Menu.Item("Pick-up point", detail: "unavailable", shortcut: "p", isEnabled: false),
    ]

    static let keyHints = GalleryEntry(
        "KeyHints",
        [
            .init(
                "footer",
                KeyHints([
                    KeyHint(key: "↑↓", action: "move"), KeyHint(key: "enter", action: "open"),
                    KeyHint(key: "/", action: "search"), KeyHint(key: "r", action: "refresh"),
                    KeyHint(key: "q", action: "quit"),
                ])
            ),
            .init("single hint", KeyHints([KeyHint(key: "esc", action: "back")])),
        ]
    )
}
