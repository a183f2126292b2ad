import DesignSystem
import TerminalUI

/// Step 5. Keys: `OrderReviewKeys` (Enter places the order; `c` edits the cart, `a` the address, `s` the
/// shipping, `p` the payment; Escape goes back).
public struct OrderReviewView: TerminalView {
    private let viewModel: OrderReviewViewModel
    private let theme: Theme
    private let keyMap: KeyMap

    /// Creates the view.
    public init(viewModel: OrderReviewViewModel, theme: Theme, keyMap: KeyMap) {
        self.viewModel = viewModel
        self.theme = theme
        self.keyMap = keyMap
    }

    /// The lines as a table, the totals, the address and payment, and the hints.
    public func render(size: TerminalSize) -> [StyledLine] {
        var body: [any Component] = []
        if let notice = viewModel.priceNotice {
            body.append(Banner(.warning, message: notice))
        }
        body.append(
            OrderTable.make(
                lines: viewModel.lines,
                summary: [
                    ("Subtotal", viewModel.subtotal), ("Shipping: \(viewModel.shippingTitle)", viewModel.shippingPrice),
                    ("Total", viewModel.total),
                ]
            ))
        body.append(Card(title: "Ship to", content: [Text(viewModel.addressLines.joined(separator: "\n"))]))
        body.append(Text("Payment: \(viewModel.paymentSummary)"))
        if viewModel.isConfirming {
            body.append(Spinner("Placing your order…"))
        }
        return ScreenScaffold(
            notice: viewModel.problem.map { Notice(.error, message: $0) },
            body: .stack(body),
            hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// Places the order, edits a step or goes back.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        guard let action = keyMap.action(OrderReviewKeys.self, for: key) else { return .ignored }
        switch action {
        case .place: viewModel.send(.confirm)
        case .back: viewModel.send(.edit(.payment))
        case .editCart, .editAddress, .editShipping, .editPayment:
            if let step = action.step { viewModel.send(.edit(step)) }
        }
        return .handled
    }

    /// The review's keys.
    public var keyHelp: [KeyHelpItem] { keyMap.help(OrderReviewKeys.allCases) }
}
