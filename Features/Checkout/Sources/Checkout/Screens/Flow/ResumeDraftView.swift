import DesignSystem
import TerminalUI

/// The resume offer. Keys: `ResumeDraftKeys` (Enter or `r` resumes, `n` starts over, Escape leaves).
public struct ResumeDraftView: TerminalView {
    private let viewModel: ResumeDraftViewModel
    private let theme: Theme
    private let keyMap: KeyMap

    /// Creates the view.
    public init(viewModel: ResumeDraftViewModel, theme: Theme, keyMap: KeyMap) {
        self.viewModel = viewModel
        self.theme = theme
        self.keyMap = keyMap
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
        guard let action = keyMap.action(ResumeDraftKeys.self, for: key) else { return .ignored }
        switch action {
        case .resume: viewModel.send(.resume)
        case .startOver: viewModel.send(.startOver)
        case .leave: viewModel.send(.cancel)
        }
        return .handled
    }

    /// The offer's keys.
    public var keyHelp: [KeyHelpItem] { keyMap.help(ResumeDraftKeys.allCases) }
}
