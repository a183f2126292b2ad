import TerminalUI

/// How far a task has come: `Uploading  [██████░░░░]  60%`.
///
/// The label sits on the left, the percentage on the right (rounded down, so 100% shows only when done), and the
/// bar fills the cells between. On a line too narrow for a bar of at least 3 cells, only the label and the
/// percentage show.
public struct ProgressBar: Component {
    /// Done so far, from 0 to 1; values outside are clamped and NaN counts as 0.
    public var fraction: Double
    /// What is in progress.
    public var label: String?

    /// Creates a progress bar.
    public init(fraction: Double, label: String? = nil) {
        self.fraction = fraction
        self.label = label
    }

    /// One line.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0 else { return [] }
        let done = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        let percent = StyledLine(String(Int((done * 100).rounded(.down))) + "%").padded(
            toWidth: 4,
            alignment: .trailing
        )
        let labelLine = label.map { StyledLine($0, style: .text(.body)) + StyledLine(Spacing.small.spaces) }
        let gap = Spacing.small.cells
        let barRoom = width - (labelLine?.width ?? 0) - percent.width - gap - 2
        guard barRoom >= 3 else {
            let short = (labelLine ?? StyledLine()) + percent
            return [short.truncated(toWidth: width, ellipsis: theme.symbols.ellipsis)]
        }
        let filled = Int((Double(barRoom) * done).rounded(.down))
        var line = labelLine ?? StyledLine()
        line.append("[", style: .color(.muted))
        line.append(String(repeating: theme.symbols.progressFilled, count: filled), style: .color(.success))
        line.append(String(repeating: theme.symbols.progressEmpty, count: barRoom - filled), style: .color(.muted))
        line.append("]", style: .color(.muted))
        line.append(Spacing.small.spaces)
        line.append(percent)
        return [line]
    }
}
