import TerminalUI

/// One row of a list: a title, an optional subtitle below it, and an optional accessory on the right.
///
/// The row starts with a two-cell marker column: the selection marker (`›`) when the row is selected, spaces
/// otherwise, so the selection shows without colour. The title is truncated to leave room for the accessory; the
/// subtitle is indented under the title in caption style. Parts of the title can be highlighted (what a filter
/// matched: `FilterList`), underlined and bold in the accent colour.
public struct ListRow: Component, Hashable {
    /// What sits at the right end of the row.
    public enum Accessory: Hashable, Sendable {
        /// Text, such as a price or a count, in an optional colour.
        case text(String, color: ColorToken? = nil)
        /// A badge, such as a stock status.
        case badge(Badge)
    }

    /// The main text.
    public var title: String
    /// Supporting text on a second line.
    public var subtitle: String?
    /// What sits at the right end.
    public var accessory: Accessory?
    /// Whether the row is the selected one.
    public var isSelected: Bool
    /// Parts of `title` to highlight, in characters (grapheme clusters) from its start; ranges past its end are
    /// cut to it.
    public var highlights: [Range<Int>]

    /// Creates a row.
    public init(
        _ title: String, subtitle: String? = nil, accessory: Accessory? = nil, isSelected: Bool = false,
        highlights: [Range<Int>] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.accessory = accessory
        self.isSelected = isSelected
        self.highlights = highlights
    }

    /// The style of a highlighted part of a title: underlined and bold in the accent colour, so it shows in
    /// every colour capability that has attributes.
    public static let highlightStyle = Style(foreground: ColorToken.accent.color, attributes: [.bold, .underline])

    /// How many lines the row takes: 2 with a subtitle, 1 without.
    public var lineCount: Int { subtitle == nil ? 1 : 2 }

    /// The row's lines.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0 else { return [] }
        let symbols = theme.symbols
        let marker =
            isSelected
            ? StyledLine(symbols.selectionMarker, style: .text(.title)).fitted(toWidth: Spacing.small.cells)
            : StyledLine(Spacing.small.spaces)
        let titleStyle = isSelected ? Style.text(.title) : Style.text(.body)
        let accessoryLine = accessory.map { render($0, theme: theme) }
        var line = marker
        let titleRoom = width - marker.width - (accessoryLine.map { $0.width + Spacing.small.cells } ?? 0)
        let title = styledTitle(titleStyle)
        if let accessoryLine, titleRoom >= min(title.width, 4) {
            let titleLine = title.truncated(toWidth: titleRoom, ellipsis: symbols.ellipsis)
            line.append(titleLine.padded(toWidth: titleRoom + Spacing.small.cells))
            line.append(accessoryLine)
        } else {
            line.append(title)
        }
        var lines = [line.truncated(toWidth: width, ellipsis: symbols.ellipsis)]
        if let subtitle {
            let subtitleLine = StyledLine(Spacing.small.spaces) + StyledLine(subtitle, style: .text(.caption))
            lines.append(subtitleLine.truncated(toWidth: width, ellipsis: symbols.ellipsis))
        }
        return lines
    }

    /// The title in `style`, its highlighted parts in `highlightStyle` on top of it.
    private func styledTitle(_ style: Style) -> StyledLine {
        guard !highlights.isEmpty else { return StyledLine(title, style: style) }
        var line = StyledLine()
        var run = ""
        var runIsHighlighted = false
        for (offset, character) in title.enumerated() {
            let highlighted = highlights.contains { $0.contains(offset) }
            if highlighted != runIsHighlighted, !run.isEmpty {
                line.append(run, style: runIsHighlighted ? style.merged(with: Self.highlightStyle) : style)
                run = ""
            }
            runIsHighlighted = highlighted
            run.append(character)
        }
        if !run.isEmpty { line.append(run, style: runIsHighlighted ? style.merged(with: Self.highlightStyle) : style) }
        return line
    }

    private func render(_ accessory: Accessory, theme: Theme) -> StyledLine {
        switch accessory {
        case .text(let text, let color):
            return StyledLine(text, style: color.map { Style.color($0) } ?? .plain)
        case .badge(let badge):
            return badge.render(width: Int.max, theme: theme).first ?? .empty
        }
    }
}
