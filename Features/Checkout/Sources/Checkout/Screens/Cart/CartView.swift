import DesignSystem
import TerminalUI

/// The Cart screen: the lines, the subtotal and the keys to edit them and check out.
///
/// Keys: `CartKeys` (`+` or `=` one more, `-` one fewer, `x` or Delete removes, Enter checks out), then the
/// `ScrollKeys`, which move the selection; other keys are left to the App.
public struct CartView: TerminalView {
    private let viewModel: CartViewModel
    private let theme: Theme
    private let keyMap: KeyMap
    private let listHeight: Int

    /// Creates the view; `listHeight` is the number of lines the list may take.
    public init(viewModel: CartViewModel, theme: Theme, keyMap: KeyMap, listHeight: Int = 16) {
        self.viewModel = viewModel
        self.theme = theme
        self.keyMap = keyMap
        self.listHeight = listHeight
    }

    /// The heading, the lines or the empty state, the subtotal and the key hints.
    public func render(size: TerminalSize) -> [StyledLine] {
        var body: [any Component] = []
        if viewModel.isLoading {
            body.append(Spinner("Loading your cart…"))
        } else if viewModel.isEmpty {
            body.append(EmptyState(title: "Your cart is empty", message: "Add products from Search or the Feed."))
        } else {
            let height = min(listHeight, max(size.rows - 8, 3))
            body.append(CartLinesList.list(viewModel.rows, state: viewModel.listState, height: height))
            if let subtotal = viewModel.subtotal {
                body.append(Text("Subtotal: \(subtotal)", style: .heading, alignment: .trailing))
            }
        }
        return ScreenScaffold(
            header: [Heading("Cart", subtitle: viewModel.itemCountText)],
            notice: viewModel.message.map { Notice(.error, message: $0) },
            body: .stack(body),
            hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// Handles checkout and the editing keys while the cart has lines (what `keyHelp` lists); none while it is
    /// empty or loading.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        guard !viewModel.isLoading, !viewModel.isEmpty else { return .ignored }
        if keyMap.action(CartKeys.self, for: key) == .checkout {
            return viewModel.send(.checkout).isHandled ? .handled : .ignored
        }
        return CartLinesList.handle(
            key, keyMap: keyMap, editor: viewModel.editor,
            visibleCount: CartLinesList.visibleCount(height: listHeight))
    }

    /// Checkout (first, so a narrow footer keeps it) and the editing keys while the cart has lines; none while it is
    /// empty or loading.
    public var keyHelp: [KeyHelpItem] {
        guard !viewModel.isLoading, !viewModel.isEmpty else { return [] }
        return [keyMap.help(CartKeys.checkout)] + CartLinesList.editingHints(keyMap)
    }
}
