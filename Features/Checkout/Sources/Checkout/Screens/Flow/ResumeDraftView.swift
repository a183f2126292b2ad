import DesignSystem
import TerminalUI

/// The resume offer. Keys: Enter or `r` resumes, `n` starts over, Escape leaves.
public struct ResumeDraftView: TerminalView {
    private let viewModel: ResumeDraftViewModel
    private let theme: Theme

    /// Creates the view.
    public init(viewModel: ResumeDraftViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
    }

    /// The question, what was saved, and the choices.
    public func render(size: TerminalSize) -> [StyledLine] {
        var body: [any Component] = [Text(viewModel.detail)]
        if viewModel.wasConfirmed {
            body.append(
                Banner(.info, message: "This order was confirmed but not finished. Resuming will not order twice."))
        }
        return ScreenScaffold(
            header: [Heading(viewModel.title)],
            body: .stack(body),
            hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// Enter or `r` resumes, `n` starts over, Escape leaves.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        let viewModel = self.viewModel
        if key.isEnter || key.isCharacter("r") {
            viewModel.send(.resume)
        } else if key.isCharacter("n") {
            viewModel.send(.startOver)
        } else if key.isEscape {
            viewModel.send(.cancel)
        } else {
            return .ignored
        }
        return .handled
    }

    /// The offer's keys.
    public var keyHelp: [KeyHelpItem] {
        [
            KeyHelpItem(key: "enter", action: "resume"), KeyHelpItem(key: "n", action: "start over"),
            KeyHelpItem(key: "esc", action: "leave"),
        ]
    }
}
