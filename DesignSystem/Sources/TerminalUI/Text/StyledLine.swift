/// One line of styled text: what views and components render, and what renderers turn into terminal output.
///
/// A line's layout is measured in terminal cells (`width`, see `CellWidth`), never in characters. A line holds no
/// line break; a screen is an array of lines, top to bottom.
public struct StyledLine: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The runs of text, left to right. Empty spans are allowed and take no cells.
    public var spans: [Span]

    /// Creates a line from spans.
    public init(_ spans: [Span] = []) {
        self.spans = spans
    }

    /// Creates a line of one span.
    public init(_ text: String, style: Style = .plain) {
        self.spans = [Span(text, style: style)]
    }

    /// Creates an unstyled line from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// An empty line.
    public static let empty = StyledLine()

    /// The cells the line takes.
    public var width: Int {
        spans.reduce(0) { $0 + $1.width }
    }

    /// The text without styles, as plain-text output shows it.
    public var plainText: String {
        spans.map(\.text).joined()
    }

    /// Whether the line has no text.
    public var isEmpty: Bool {
        spans.allSatisfy { $0.text.isEmpty }
    }

    /// Appends a span.
    public mutating func append(_ span: Span) {
        spans.append(span)
    }

    /// Appends text in a style.
    public mutating func append(_ text: String, style: Style = .plain) {
        spans.append(Span(text, style: style))
    }

    /// Appends the spans of another line.
    public mutating func append(_ line: StyledLine) {
        spans.append(contentsOf: line.spans)
    }

    /// The two lines side by side.
    public static func + (left: StyledLine, right: StyledLine) -> StyledLine {
        StyledLine(left.spans + right.spans)
    }

    /// This line with `style` merged under every span: the span's own colours win, attributes add up (see
    /// `Style.merged(with:)`).
    public func applying(_ style: Style) -> StyledLine {
        StyledLine(spans.map { Span($0.text, style: style.merged(with: $0.style)) })
    }
}
