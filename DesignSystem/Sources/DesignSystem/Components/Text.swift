import TerminalUI

/// Running text: wrapped to the width, or kept to one line and truncated with an ellipsis.
///
/// Line breaks in the content start new lines; wrapping breaks at spaces and, inside a word wider than the line,
/// between grapheme clusters.
public struct Text: Component {
    /// What happens to text wider than the line.
    public enum Overflow: Hashable, Sendable {
        /// Wrap onto as many lines as needed.
        case wrap
        /// Wrap onto at most this many lines; the last one shown ends in an ellipsis when text was left out.
        case wrapUpTo(lines: Int)
        /// Keep each line of the content to one line, truncated with an ellipsis.
        case truncate
    }

    /// The content, one styled line per line of text.
    public var content: [StyledLine]
    /// What happens to text wider than the line.
    public var overflow: Overflow
    /// Where each line sits in the width.
    public var alignment: HorizontalAlignment

    /// Creates text in a text style and, optionally, a colour.
    public init(
        _ text: String,
        style: TextStyle = .body,
        color: ColorToken? = nil,
        overflow: Overflow = .wrap,
        alignment: HorizontalAlignment = .leading
    ) {
        let style = Style.text(style, color: color)
        self.content = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            StyledLine(String($0), style: style)
        }
        self.overflow = overflow
        self.alignment = alignment
    }

    /// Creates text from lines styled already (for text that mixes styles).
    public init(lines: [StyledLine], overflow: Overflow = .wrap, alignment: HorizontalAlignment = .leading) {
        self.content = lines
        self.overflow = overflow
        self.alignment = alignment
    }

    /// The text laid out for the width.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0 else { return [] }
        let ellipsis = theme.symbols.ellipsis
        var lines: [StyledLine]
        switch overflow {
        case .truncate:
            lines = content.map { $0.truncated(toWidth: width, ellipsis: ellipsis) }
        case .wrap:
            lines = content.flatMap { $0.wrapped(toWidth: width) }
        case .wrapUpTo(let limit):
            lines = content.flatMap { $0.wrapped(toWidth: width) }
            if lines.count > max(limit, 0) {
                lines = Array(lines.prefix(max(limit, 0)))
                if let last = lines.last, CellWidth.of(ellipsis) <= width {
                    // The ellipsis goes on even when the kept line fits: text was left out after it.
                    let room = width - CellWidth.of(ellipsis)
                    let style = last.spans.last?.style ?? .plain
                    lines[lines.count - 1] = last.clipped(toWidth: room) + StyledLine(ellipsis, style: style)
                }
            }
        }
        return lines.map { $0.aligned(alignment, width: width) }
    }
}
