import TerminalUI

/// The one layout of a feature's screen: a header at the top, the notice under it, the body, and the key hints on
/// the last line.
///
/// ```
/// Header (title, input field, status)
/// ✖ Notice, when there is one
///
/// Body: components stacked one blank line apart, or lines made for the room left
/// …
/// enter open · a add to cart · ↑↓ move
/// ```
/// The body is cut to the rows left between the header and the footer, and padded with empty lines so the footer
/// sits on the last row. Every line is at most the width (the components see to that).
public struct ScreenScaffold {
    /// What fills the middle of the screen.
    public enum Body {
        /// Components stacked one blank line apart.
        case stack([any Component])
        /// Lines made for the room left (a list that sizes its page to the screen): the closure gets the width
        /// and the number of rows the body may take.
        case fill((TerminalSize) -> [StyledLine])
    }

    /// The top of the screen: a heading, an input, a status line.
    public var header: [any Component]
    /// The notice under the header, or nil.
    public var notice: Notice?
    /// The middle of the screen.
    public var body: Body
    /// The keys shown in the footer, most important first (usually the view's `keyHelp`).
    public var hints: [KeyHelpItem]

    /// Creates a scaffold.
    public init(header: [any Component] = [], notice: Notice? = nil, body: Body, hints: [KeyHelpItem]) {
        self.header = header
        self.notice = notice
        self.body = body
        self.hints = hints
    }

    /// The screen's lines: exactly `size.rows` lines (none when the size is empty).
    public func render(size: TerminalSize, theme: Theme) -> [StyledLine] {
        let width = size.columns
        guard width > 0, size.rows > 0 else { return [] }
        var top = header.flatMap { $0.render(width: width, theme: theme) }
        if let notice { top += notice.render(width: width, theme: theme) }
        let footer = KeyHints(hints).render(width: width, theme: theme)
        let gap = top.isEmpty ? 0 : 1
        let room = max(size.rows - top.count - gap - footer.count, 0)
        let middle: [StyledLine]
        switch body {
        case .stack(let components):
            middle = Stack(spacing: 1, components).render(width: width, theme: theme)
        case .fill(let make):
            middle = room > 0 ? make(TerminalSize(columns: width, rows: room)) : []
        }
        var lines = top + Array(repeating: StyledLine.empty, count: gap) + Array(middle.prefix(room))
        lines += Array(repeating: StyledLine.empty, count: max(size.rows - footer.count - lines.count, 0))
        return Array((lines + footer).prefix(size.rows))
    }
}
