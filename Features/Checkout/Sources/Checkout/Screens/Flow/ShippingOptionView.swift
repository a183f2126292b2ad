import DesignSystem
import TerminalUI

/// Step 3. Keys: `ShippingOptionKeys` (Enter chooses and continues, Escape goes back), then `ScrollKeys`' line up
/// and down, which move the highlight.
public struct ShippingOptionView: TerminalView {
    private let viewModel: ShippingOptionViewModel
    private let theme: Theme
    private let keyMap: KeyMap

    /// Creates the view.
    public init(viewModel: ShippingOptionViewModel, theme: Theme, keyMap: KeyMap) {
        self.viewModel = viewModel
        self.theme = theme
        self.keyMap = keyMap
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
        switch keyMap.action(ShippingOptionKeys.self, for: key) {
        case .choose: viewModel.send(.chooseHighlightedAndContinue)
        case .back: viewModel.send(.goBack)
        case nil:
            switch keyMap.action(ScrollKeys.self, for: key) {
            case .lineUp: viewModel.send(.moveHighlight(by: -1))
            case .lineDown: viewModel.send(.moveHighlight(by: 1))
            default: return .ignored
            }
        }
        return .handled
    }

    /// The option list's keys.
    public var keyHelp: [KeyHelpItem] {
        let up = keyMap.keys(for: ScrollKeys.lineUp).first?.label ?? ""
        let down = keyMap.keys(for: ScrollKeys.lineDown).first?.label ?? ""
        return [KeyHelpItem(key: up + down, action: "move")] + keyMap.help(ShippingOptionKeys.allCases)
    }
}
