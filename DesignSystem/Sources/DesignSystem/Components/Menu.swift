import TerminalUI

/// A picker: a list of options, one highlighted for the keyboard and one chosen.
///
/// ```
/// Shipping
/// › ◉ Standard   5 days    [s]
///   ○ Express    1 day     [e]
/// ```
/// The highlight (`›`) is where Enter acts; the chosen option has the filled marker. Disabled options show in
/// the muted colour with their marker and cannot be picked (the view model decides that; the menu only shows it).
public struct Menu: Component {
    /// One option.
    public struct Item: Hashable, Sendable {
        /// The option's name.
        public var title: String
        /// Supporting text shown after the title, such as a price or a delivery time.
        public var detail: String?
        /// A key that picks the option directly, shown at the end of the row.
        public var shortcut: Character?
        /// Whether the option can be picked.
        public var isEnabled: Bool

        /// Creates an option.
        public init(_ title: String, detail: String? = nil, shortcut: Character? = nil, isEnabled: Bool = true) {
            self.title = title
            self.detail = detail
            self.shortcut = shortcut
            self.isEnabled = isEnabled
        }
    }

    /// A heading above the options.
    public var title: String?
    /// The options, top to bottom.
    public var items: [Item]
    /// The highlighted option.
    public var highlightedIndex: Int?
    /// The chosen option.
    public var chosenIndex: Int?

    /// Creates a menu.
    public init(title: String? = nil, items: [Item], highlightedIndex: Int?, chosenIndex: Int? = nil) {
        self.title = title
        self.items = items
        self.highlightedIndex = highlightedIndex
        self.chosenIndex = chosenIndex
    }

    /// The title and one line per option.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0 else { return [] }
        let symbols = theme.symbols
        var lines: [StyledLine] = []
        if let title {
            lines.append(
                StyledLine(title, style: .text(.heading)).truncated(toWidth: width, ellipsis: symbols.ellipsis))
        }
        let titleWidth = items.map { CellWidth.of($0.title) }.max() ?? 0
        let detailWidth = items.map { $0.detail.map { CellWidth.of($0) } ?? 0 }.max() ?? 0
        for (index, item) in items.enumerated() {
            let isHighlighted = index == highlightedIndex
            let tone: Style = !item.isEnabled ? .text(.caption) : isHighlighted ? .text(.title) : .plain
            var line =
                isHighlighted
                ? StyledLine(symbols.selectionMarker, style: .text(.title)).fitted(toWidth: Spacing.small.cells)
                : StyledLine(Spacing.small.spaces)
            line.append((index == chosenIndex ? symbols.optionOn : symbols.optionOff) + " ", style: tone)
            let titleLine = StyledLine(item.title, style: tone)
            let isFollowed = detailWidth > 0 || item.shortcut != nil
            line.append(isFollowed ? titleLine.padded(toWidth: titleWidth) : titleLine)
            if detailWidth > 0 {
                line.append(Spacing.small.spaces)
                line.append(StyledLine(item.detail ?? "", style: .text(.caption)).padded(toWidth: detailWidth))
            }
            if let shortcut = item.shortcut {
                line.append(Spacing.small.spaces)
                line.append("[\(shortcut)]", style: .text(.code))
            }
            lines.append(line.truncated(toWidth: width, ellipsis: symbols.ellipsis))
        }
        return lines
    }
}
