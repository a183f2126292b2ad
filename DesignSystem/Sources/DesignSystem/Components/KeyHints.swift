import TerminalUI

/// One key and what it does, for a `KeyHints` footer: the same value a view lists in `TerminalView.keyHelp`, so
/// a screen's footer and the App's help come from one list.
public typealias KeyHint = KeyHelpItem

/// The footer line that lists a screen's keys: `↑↓ move · enter open · q quit`.
///
/// Hints are shown in order while they fit; the ones that do not are left out whole, never cut in the middle. Put
/// the most important first.
public struct KeyHints: Component {
    /// The hints, most important first.
    public var hints: [KeyHint]

    /// Creates a footer.
    public init(_ hints: [KeyHint]) {
        self.hints = hints
    }

    /// One line, or none when there are no hints.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        laidOut(width: width, theme: theme).map { [$0.line] } ?? []
    }

    /// The hint drawn at `column` of the line at `width` (from 0 at the left), or nil for a separator or past the
    /// last hint shown: a hint is a button, and a click on it presses its key.
    public func hint(atColumn column: Int, width: Int, theme: Theme) -> KeyHint? {
        guard let layout = laidOut(width: width, theme: theme) else { return nil }
        return layout.columns.firstIndex { $0.contains(column) }.map { hints[$0] }
    }

    /// The line and the columns of each hint shown on it.
    private func laidOut(width: Int, theme: Theme) -> (line: StyledLine, columns: [Range<Int>])? {
        guard width > 0, !hints.isEmpty else { return nil }
        let separator = StyledLine(" \(theme.symbols.separator) ", style: .text(.caption))
        let pieces = hints.map { hint in
            StyledLine(hint.key, style: Style(foreground: ColorToken.accent.color, attributes: .bold))
                + StyledLine(" " + hint.action, style: .text(.caption))
        }
        var line = pieces[0].truncated(toWidth: width, ellipsis: theme.symbols.ellipsis)
        var columns = [0..<line.width]
        for piece in pieces.dropFirst() {
            let candidate = line + separator + piece
            guard candidate.width <= width else { break }
            columns.append((candidate.width - piece.width)..<candidate.width)
            line = candidate
        }
        return (line, columns)
    }
}
