import DesignSystem
import TerminalUI

/// Step 1. Keys: `ReviewCartKeys` (Enter continues, Escape cancels checkout), then the cart's editing keys
/// (`CartKeys` but checkout: `+` or `=`, `-`, `x` or Delete) and the `ScrollKeys`, which move the selection.
public struct ReviewCartView: TerminalView {
    private let viewModel: ReviewCartViewModel
    private let theme: Theme
    private let keyMap: KeyMap
    private let listHeight = 12

    /// Creates the view.
    public init(viewModel: ReviewCartViewModel, theme: Theme, keyMap: KeyMap) {
        self.viewModel = viewModel
        self.theme = theme
        self.keyMap = keyMap
    }

    /// The lines, the subtotal, a notice and the hints.
    public func render(size: TerminalSize) -> [StyledLine] {
        var body: [any Component] = []
        if let notice = viewModel.notice {
            body.append(Banner(.warning, message: notice))
        }
        body.append(CartLinesList.list(viewModel.rows, state: viewModel.listState, height: listHeight))
        if let subtotal = viewModel.subtotal {
            body.append(Text("Subtotal: \(subtotal)", style: .heading, alignment: .trailing))
        }
        return ScreenScaffold(
            body: .stack(body),
            hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// Handles the step's keys and the editing keys.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        let viewModel = self.viewModel
        switch keyMap.action(ReviewCartKeys.self, for: key) {
        case .continue:
            viewModel.send(.continueToNextStep)
            return .handled
        case .cancel:
            viewModel.send(.cancel)
            return .handled
        case nil:
            break
        }
        return CartLinesList.handle(
            key, keyMap: keyMap, editor: viewModel.editor,
            visibleCount: CartLinesList.visibleCount(height: listHeight))
    }

    /// Continue, the cart's editing keys, and cancel.
    public var keyHelp: [KeyHelpItem] {
        var hints = [keyMap.help(ReviewCartKeys.continue)] + CartLinesList.editingHints(keyMap)
        // Cancel before the selection's keys, which a narrow footer drops first.
        hints.insert(keyMap.help(ReviewCartKeys.cancel), at: hints.count - 1)
        return hints
    }
}
