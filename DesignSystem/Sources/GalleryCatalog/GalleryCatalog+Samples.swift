import DesignSystem
import TerminalUI

extension GalleryCatalog {
    // MARK: - Lists

    static let products: [ListRow] = [
        ListRow("Noise-cancelling headphones", subtitle: "Audio · ★ 4.6", accessory: .text("€129.00")),
        ListRow("Café crème beans, 1 kg", subtitle: "Grocery", accessory: .badge(Badge("LOW STOCK", tone: .warning))),
        ListRow("東京 travel guide", accessory: .text("€24.50")),
        ListRow("Desk lamp 💡", accessory: .badge(Badge("OUT OF STOCK", tone: .danger))),
        ListRow("Yoga mat", subtitle: "Sport", accessory: .text("€35.00")),
        ListRow("Mechanical keyboard", accessory: .badge(Badge("NEW", tone: .success))),
        ListRow("Plant pot 🪴", accessory: .text("€12.00")),
        ListRow("Raincoat", subtitle: "Clothing · preorder", accessory: .badge(Badge("PREORDER", tone: .secondary))),
    ]

    static let listRow = GalleryEntry(
        "ListRow",
        [
            .init("title only", ListRow("Yoga mat")),
            .init("subtitle and price", products[0]),
            .init("badge accessory", products[1]),
            .init(
                "selected",
                ListRow("Mechanical keyboard", subtitle: "Electronics", accessory: .text("€89.00"), isSelected: true)),
        ]
    )

    static let list = GalleryEntry(
        "List",
        [
            .init("all rows fit", List(rows: Array(products.prefix(3)), state: ListState(selectedIndex: 1))),
            .init(
                "scrolling window, selection in the middle",
                List(rows: products, state: ListState(selectedIndex: 4, firstVisibleIndex: 2), height: 7)
            ),
            .init("scrolled to the end", List(rows: products, state: ListState(selectedIndex: 7), height: 6)),
            .init("empty", List(rows: [], state: ListState(), emptyMessage: "Your cart is empty")),
        ]
    )

    // MARK: - Tables

    static let orderColumns = [
        Table.Column("Item"), Table.Column("Qty", alignment: .trailing), Table.Column("Price", alignment: .trailing),
        Table.Column("Status", alignment: .center),
    ]

    static let orderRows: [[StyledLine]] = [
        ["Noise-cancelling headphones", "1", "€129.00", StyledLine("shipped", style: .color(.success))],
        ["Café crème beans", "2", "€31.80", StyledLine("confirmed", style: .color(.primary))],
        ["東京 travel guide", "1", "€24.50", StyledLine("confirmed", style: .color(.primary))],
        ["Zoë’s ZWJ sticker 👩‍👩‍👧", "3", "€6.00", StyledLine("cancelled", style: .color(.danger))],
        ["Flag set 🇫🇷🇯🇵🇧🇷", "1", "€9.99", StyledLine("shipped", style: .color(.success))],
    ]

    static let table = GalleryEntry(
        "Table",
        [
            .init("orders, mixed scripts", Table(columns: orderColumns, styledRows: orderRows)),
            .init(
                "no header",
                Table(
                    columns: [Table.Column("Key"), Table.Column("Value")],
                    rows: [["Total", "€201.29"], ["Items", "8"]], showsHeader: false)
            ),
        ]
    )

    // MARK: - Feedback

    static let badge = GalleryEntry(
        "Badge",
        ColorToken.allCases.map { tone in .init(tone.rawValue, Badge(tone.rawValue.uppercased(), tone: tone)) }
    )

    static let banner = GalleryEntry(
        "Banner",
        [
            .init("info", Banner(.info, message: "Prices include VAT.")),
            .init(
                "warning with action",
                Banner(
                    .warning, message: "You are offline. Showing the feed from 10:42.", actionHint: "Press r to retry")
            ),
            .init(
                "error with action",
                Banner(
                    .error,
                    message: "The order could not be placed: the price of 1 item changed to €34.00.",
                    actionHint: "Press enter to review the cart"
                )
            ),
        ]
    )

    static func spinner(frame: Int) -> GalleryEntry {
        GalleryEntry(
            "Spinner",
            [
                .init("loading", Spinner("Loading your feed…", frame: frame)),
                .init("a later frame", Spinner("Placing order", frame: frame + 3)),
            ]
        )
    }

    static let progressBar = GalleryEntry(
        "ProgressBar",
        [
            .init("not started", ProgressBar(fraction: 0, label: "Syncing cart")),
            .init("in progress", ProgressBar(fraction: 0.42, label: "Downloading catalogue")),
            .init("done", ProgressBar(fraction: 1, label: "Upload")),
            .init("no label", ProgressBar(fraction: 0.875)),
        ]
    )

    // MARK: - Input

    static let textField = GalleryEntry(
        "TextField",
        [
            .init(
                "empty, focused, placeholder",
                TextField(label: "Search", state: TextFieldState(), placeholder: "Products, brands…", isFocused: true)
            ),
            .init(
                "cursor in the middle",
                TextField(label: "Name", state: TextFieldState(text: "Zoë Ångström", cursor: 3), isFocused: true)
            ),
            .init(
                "not focused, long text",
                TextField(
                    label: "Street",
                    state: TextFieldState(text: "Rue de la Grande-Truanderie 12, Bâtiment B, 3ème étage")
                )
            ),
            .init(
                "validation message",
                TextField(
                    label: "Email",
                    state: TextFieldState(text: "ada@example"),
                    validationMessage: "Enter a full address, such as ada@example.com",
                    isFocused: true
                )
            ),
            .init(
                "masked: a card number's last four, a security code",
                Stack([
                    TextField(
                        label: "Card number", state: TextFieldState(text: "4242 4242 4242 4242"),
                        mask: .allButLast(4)),
                    TextField(label: "Security code", state: TextFieldState(text: "123"), mask: .all),
                ])
            ),
            .init(
                "at its maximum length",
                TextField(
                    label: "User name", state: TextFieldState(text: "ada lovelace, countess", maximumLength: 12),
                    isFocused: true)
            ),
        ]
    )

    // MARK: - Containers

    static let card = GalleryEntry(
        "Card",
        [
            .init(
                "title, content and footer",
                Card(
                    title: "Order 1042",
                    footer: "Press enter to open",
                    content: [
                        Text("2 items · €129.00 · shipped"),
                        ProgressBar(fraction: 0.66, label: "Delivery"),
                    ]
                )
            ),
            .init("no title", Card(content: [Banner(.info, message: "Sign in to like posts.")])),
        ]
    )

    static let emptyState = GalleryEntry(
        "EmptyState",
        [
            .init(
                "no results",
                EmptyState(
                    title: "No results",
                    message: "Nothing matches “lamp shade”. Try a shorter search.",
                    actionHint: "Press / to search again"
                )
            ),
            .init("title only", EmptyState(title: "No orders yet")),
        ]
    )
}
