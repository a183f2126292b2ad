import DesignSystem
import TerminalUI

/// One order. Keys: `OrdersKeys.refresh` (`r`) reloads; everything else is left to the App (Escape to go back).
public struct OrderDetailView: TerminalView {
    private let viewModel: OrderDetailViewModel
    private let theme: Theme
    private let keyMap: KeyMap

    /// Creates the view.
    public init(viewModel: OrderDetailViewModel, theme: Theme, keyMap: KeyMap) {
        self.viewModel = viewModel
        self.theme = theme
        self.keyMap = keyMap
    }

    /// The order's lines, totals, address and payment, or the loading or error state.
    public func render(size: TerminalSize) -> [StyledLine] {
        var body: [any Component] = []
        if let message = viewModel.errorMessage {
            body.append(Banner(.error, message: message, actionHint: "Press r to try again"))
        }
        if let total = viewModel.total, let shipping = viewModel.shipping {
            body.append(
                OrderTable.make(lines: viewModel.lines, summary: [(shipping.label, shipping.price), ("Total", total)]))
            if !viewModel.addressLines.isEmpty {
                body.append(Card(title: "Shipped to", content: [Text(viewModel.addressLines.joined(separator: "\n"))]))
            }
            if let payment = viewModel.paymentSummary {
                body.append(Text("Payment: \(payment)"))
            }
        } else if viewModel.isLoading {
            body.append(Spinner("Loading the order…"))
        }
        return ScreenScaffold(
            header: [Heading(viewModel.title, subtitle: viewModel.subtitle)],
            body: .stack(body),
            hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// `OrdersKeys.refresh` reloads.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        guard keyMap.action(OrdersKeys.self, for: key) == .refresh else { return .ignored }
        viewModel.send(.load)
        return .handled
    }

    /// The order's keys.
    public var keyHelp: [KeyHelpItem] {
        [keyMap.help(OrdersKeys.refresh, as: "reload"), KeyHelpItem(key: "esc", action: "back")]
    }
}
