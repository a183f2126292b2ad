import TerminalUI

/// What a screen shows when it has loaded and there is nothing to show: a symbol, a title, a message and what to
/// do next, centred.
///
/// Use it for "loaded, empty" only; a screen that has not loaded yet shows a `Spinner`, and one that failed a
/// `Banner`.
public struct EmptyState: Component {
    /// The headline: `No results`.
    public var title: String
    /// The explanation: `Nothing matches "lamp". Try a shorter search.`
    public var message: String?
    /// What the user can do: `Press / to search again`.
    public var actionHint: String?

    /// Creates an empty state.
    public init(title: String, message: String? = nil, actionHint: String? = nil) {
        self.title = title
        self.message = message
        self.actionHint = actionHint
    }

    /// The lines, each centred in the width (padded on the left only).
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0 else { return [] }
        let ellipsis = theme.symbols.ellipsis
        var lines = [
            StyledLine(theme.symbols.empty, style: .text(.caption)),
            StyledLine(title, style: .text(.heading)).truncated(toWidth: width, ellipsis: ellipsis),
        ]
        if let message {
            lines += StyledLine(message, style: .text(.caption)).wrapped(toWidth: width)
        }
        if let actionHint {
            lines += StyledLine(actionHint, style: .color(.accent)).wrapped(toWidth: width)
        }
        return lines.map { $0.aligned(.center, width: width) }
    }
}
