import TerminalUI

/// An activity indicator with a label: `⠋ Loading feed…`.
///
/// A spinner has no clock of its own: the view advances `frame` (from a timer it owns, or on each redraw), so
/// rendering stays pure and tests pick the frame they want.
public struct Spinner: Component {
    /// What is in progress.
    public var label: String
    /// The animation step; any integer, taken modulo the theme's number of frames.
    public var frame: Int

    /// Creates a spinner.
    public init(_ label: String, frame: Int = 0) {
        self.label = label
        self.frame = frame
    }

    /// One line: the current frame in the accent colour, then the label.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0 else { return [] }
        let frames = theme.symbols.spinnerFrames
        let step = frames.isEmpty ? "" : frames[((frame % frames.count) + frames.count) % frames.count]
        let line = StyledLine(step + " ", style: .color(.accent)) + StyledLine(label, style: .text(.body))
        return [line.truncated(toWidth: width, ellipsis: theme.symbols.ellipsis)]
    }
}
