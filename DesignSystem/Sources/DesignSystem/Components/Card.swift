import TerminalUI

/// A bordered box around other components, with a title in the top border and an optional footer in the bottom
/// border.
///
/// ```
/// ╭─ Order 1042 ──────────╮
/// │ 2 items · €129.00     │
/// ╰─ Press enter to open ─╯
/// ```
/// Content is laid out 4 cells narrower than the card (a border and a space on each side) and padded so the
/// right border lines up. Below 5 cells there is no room for a border, and the content shows without one.
public struct Card: Component {
    /// The title in the top border.
    public var title: String?
    /// The content, top to bottom.
    public var content: [any Component]
    /// A line in the bottom border, such as an action hint.
    public var footer: String?

    /// Creates a card.
    public init(title: String? = nil, footer: String? = nil, content: [any Component]) {
        self.title = title
        self.content = content
        self.footer = footer
    }

    /// The bordered lines.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0 else { return [] }
        let inner = width - 4
        let body = Stack(content).render(width: max(inner, 0), theme: theme)
        guard inner >= 1 else { return Stack(content).render(width: width, theme: theme) }
        let symbols = theme.symbols
        let border = Style.color(.muted)
        let side = StyledLine(symbols.verticalLine, style: border)
        var lines = [edge(title, left: symbols.corners[0], right: symbols.corners[1], width: width, theme: theme)]
        for line in body {
            lines.append(side + StyledLine(" ") + line.fitted(toWidth: inner) + StyledLine(" ") + side)
        }
        lines.append(edge(footer, left: symbols.corners[3], right: symbols.corners[2], width: width, theme: theme))
        return lines
    }

    // MARK: - Private

    /// A top or bottom border, `╭─ text ───╮`, with the text truncated to fit.
    private func edge(_ text: String?, left: String, right: String, width: Int, theme: Theme) -> StyledLine {
        let symbols = theme.symbols
        let border = Style.color(.muted)
        let line = symbols.horizontalLine
        var result = StyledLine(left + line, style: border)
        let room = width - result.width - CellWidth.of(right) - 2
        if let text, room >= 1 {
            let label = StyledLine(text, style: .text(.heading)).truncated(toWidth: room, ellipsis: symbols.ellipsis)
            result.append(" ")
            result.append(label)
            result.append(" ")
        }
        let fill = width - result.width - CellWidth.of(right)
        result.append(String(repeating: line, count: max(fill, 0)), style: border)
        result.append(right, style: border)
        return result.clipped(toWidth: width)
    }
}
