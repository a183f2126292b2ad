import TerminalUI

/// A short status label, such as `[NEW]` or `[OUT OF STOCK]`, in a tone colour.
///
/// The brackets are part of the text, so a badge reads as one in plain text too.
public struct Badge: Component, Hashable {
    /// The label.
    public var text: String
    /// The colour that carries its meaning.
    public var tone: ColorToken

    /// Creates a badge.
    public init(_ text: String, tone: ColorToken = .accent) {
        self.text = text
        self.tone = tone
    }

    /// One line: `[text]`, bold in the tone colour, truncated with an ellipsis inside the brackets when needed.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0 else { return [] }
        let style = Style(foreground: tone.color, attributes: .bold)
        let full = StyledLine("[\(text)]", style: style)
        guard full.width > width else { return [full] }
        guard width > 2 else { return [full.clipped(toWidth: width)] }
        let inner = StyledLine(text, style: style).truncated(toWidth: width - 2, ellipsis: theme.symbols.ellipsis)
        return [StyledLine("[", style: style) + inner + StyledLine("]", style: style)]
    }
}
