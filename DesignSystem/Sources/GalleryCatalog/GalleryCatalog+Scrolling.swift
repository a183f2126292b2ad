import DesignSystem
import TerminalUI

extension GalleryCatalog {
    // MARK: - Filtering

    /// A filter over the sample products, with `text` typed (and still editing when `editing`).
    static func productFilter(_ text: String = "", editing: Bool = false, selected: Int = 0) -> ListFilter {
        var filter = ListFilter(texts: products.map(\.title))
        if editing || !text.isEmpty { filter.startEditing() }
        filter.setText(text)
        if !editing { filter.stopEditing() }
        filter.selection.selectedIndex = selected
        return filter
    }

    static let filterList = GalleryEntry(
        "FilterList",
        [
            .init("no filter", FilterList(rows: products, filter: productFilter(), height: 6)),
            .init(
                "editing, nothing typed", FilterList(rows: products, filter: productFilter(editing: true), height: 4)),
            .init(
                "typed, case and diacritics ignored, the match highlighted",
                FilterList(rows: products, filter: productFilter("CREME", editing: true), height: 4)),
            .init("filter kept, not editing", FilterList(rows: products, filter: productFilter("o", selected: 2))),
            .init("nothing matches", FilterList(rows: products, filter: productFilter("tent"), height: 4)),
        ]
    )

    // MARK: - Scrolling

    /// A product page's body: a description, a picture's place and a form with errors, as elements of a
    /// `ScrollView`.
    static let detailElements: [any Component] = [
        Heading("Noise-cancelling headphones", subtitle: "Audio · ★ 4.6 · €129.00"),
        Text(paragraph),
        Text(
            "Over-ear, 30 hours of battery, folds flat. Ships in 2 days from the Lyon warehouse; free returns "
                + "within 30 days.", style: .caption),
        TextField(
            label: "Gift message", state: TextFieldState(text: "Joyeux anniversaire 🎉"),
            validationMessage: "Up to 20 characters on the card", isFocused: true),
        TextField(label: "Deliver to", state: TextFieldState(), placeholder: "Postcode"),
    ]

    static let scrollView = GalleryEntry(
        "ScrollView",
        [
            .init(
                "content fits, no scroll bar", ScrollView([Text("Free shipping over €50.")], height: 4, state: .init())),
            .init("at the top", ScrollView(detailElements, height: 6, state: ScrollState(revealsFocus: false))),
            .init(
                "scrolled down",
                ScrollView(detailElements, height: 6, state: ScrollState(offset: 5, revealsFocus: false))),
            .init(
                "the focused field kept in view",
                ScrollView(detailElements, height: 6, state: .init(), focusedElement: 3)),
            .init(
                "a picture's lines",
                ScrollView(
                    lines: (0..<8).map { StyledLine(String(repeating: "▚▞", count: 4 + $0)) }, height: 4, state: .init()
                )
            ),
        ]
    )
}
