import DesignSystem
import TerminalUI

/// Step 3. Keys: ↑↓ move, Enter chooses and continues, Escape goes back.
public struct ShippingOptionView: TerminalView {
    private let viewModel: ShippingOptionViewModel
    private let theme: Theme

    /// Creates the view.
    public init(viewModel: ShippingOptionViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
    }

    /// The options as a menu.
    public func render(size: TerminalSize) -> [StyledLine] {
        var body: [any Component] = []
        if viewModel.items.isEmpty {
            body.append(EmptyState(title: "No shipping options", message: "The store lists none right now."))
        } else {
            body.append(
                Menu(
                    items: viewModel.items.map { Menu.Item($0.title, detail: $0.detail) },
                    highlightedIndex: viewModel.highlightedIndex,
                    chosenIndex: viewModel.chosenIndex
                ))
        }
        return ScreenScaffold(
            notice: viewModel.problem.map { Notice(.error, message: $0) },
            body: .stack(body),
            hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// Moves, chooses or goes back.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        let viewModel = self.viewModel
        switch (key.key, key.modifiers) {
        case (.up, []): viewModel.send(.moveHighlight(by: -1))
        case (.down, []): viewModel.send(.moveHighlight(by: 1))
        case (.enter, []): viewModel.send(.chooseHighlightedAndContinue)
        case (.escape, _): viewModel.send(.goBack)
        default: return .ignored
        }
        return .handled
    }

    /// The option list's keys.
    public var keyHelp: [KeyHelpItem] {
        [
            KeyHelpItem(key: "↑↓", action: "move"), KeyHelpItem(key: "enter", action: "choose"),
            KeyHelpItem(key: "esc", action: "back"),
        ]
    }
}
