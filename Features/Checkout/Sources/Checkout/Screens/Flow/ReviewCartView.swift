import DesignSystem
import TerminalUI

/// Step 1. Keys: ↑↓ select, `+`/`-` quantity, `x` remove, Enter continues, Escape cancels checkout.
public struct ReviewCartView: TerminalView {
    private let viewModel: ReviewCartViewModel
    private let theme: Theme
    private let listHeight = 12

    /// Creates the view.
    public init(viewModel: ReviewCartViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
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

    /// Handles the editing keys, Enter and Escape.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        let viewModel = self.viewModel
        if key.isEnter {
            viewModel.send(.continueToNextStep)
            return .handled
        }
        if key.isEscape {
            viewModel.send(.cancel)
            return .handled
        }
        return CartLinesList.handle(
            key, editor: viewModel.editor, visibleCount: CartLinesList.visibleCount(height: listHeight))
    }

    /// Enter, the cart's editing keys, and Escape.
    public var keyHelp: [KeyHelpItem] {
        [KeyHelpItem(key: "enter", action: "continue")] + CartLinesList.editingHints
            + [KeyHelpItem(key: "esc", action: "cancel")]
    }
}
