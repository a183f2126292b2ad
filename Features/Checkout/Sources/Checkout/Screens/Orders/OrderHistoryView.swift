import DesignSystem
import TerminalUI

/// The order history. Keys: `OrdersKeys` (Enter opens, `r` refreshes), then the `ScrollKeys`, which move the
/// selection (loading more at the end).
public struct OrderHistoryView: TerminalView {
    private let viewModel: OrderHistoryViewModel
    private let theme: Theme
    private let keyMap: KeyMap
    private let listHeight: Int

    /// Creates the view; `listHeight` is the number of lines the list may take.
    public init(viewModel: OrderHistoryViewModel, theme: Theme, keyMap: KeyMap, listHeight: Int = 16) {
        self.viewModel = viewModel
        self.theme = theme
        self.keyMap = keyMap
        self.listHeight = listHeight
    }

    /// The orders, or the loading, empty or error state.
    public func render(size: TerminalSize) -> [StyledLine] {
        var body: [any Component] = []
        if let message = viewModel.errorMessage {
            body.append(Banner(.error, message: message, actionHint: "Press r to try again"))
        }
        if viewModel.isEmpty {
            body.append(EmptyState(title: "No orders yet", message: "Orders you place show up here."))
        } else if !viewModel.hasLoaded {
            if viewModel.isLoading { body.append(Spinner("Loading your orders…")) }
        } else {
            let rows = viewModel.rows.map { row in
                ListRow(row.title, subtitle: "\(row.subtitle) · \(row.status)", accessory: .text(row.total))
            }
            body.append(List(rows: rows, state: viewModel.listState, height: listHeight))
            if viewModel.isLoadingMore { body.append(Spinner("Loading more…")) }
        }
        return ScreenScaffold(
            header: [Heading("Orders")],
            body: .stack(body),
            hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// Selects, opens or refreshes.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        let viewModel = self.viewModel
        switch keyMap.action(OrdersKeys.self, for: key) {
        case .open: viewModel.send(.openSelected)
        case .refresh: viewModel.send(.load)
        case nil:
            guard let move = keyMap.action(ScrollKeys.self, for: key)?.listMove else { return .ignored }
            return viewModel.send(.move(move, visibleCount: max(listHeight / 2, 1))).isHandled ? .handled : .ignored
        }
        return .handled
    }

    /// The list's keys.
    public var keyHelp: [KeyHelpItem] {
        keyMap.help([OrdersKeys.open, .refresh]) + [keyMap.selectionHelp()]
    }
}
