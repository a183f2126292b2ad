import DesignSystem
import TerminalUI

/// Step 5. Keys: Enter places the order; `c` edits the cart, `a` the address, `s` the shipping, `p` the payment;
/// Escape goes back.
public struct OrderReviewView: TerminalView {
    private let viewModel: OrderReviewViewModel
    private let theme: Theme

    /// Creates the view.
    public init(viewModel: OrderReviewViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
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
        let viewModel = self.viewModel
        let edits: [Character: CheckoutStep] = [
            "c": .reviewCart, "a": .shippingAddress, "s": .shippingOption, "p": .payment,
        ]
        if key.isEnter {
            viewModel.send(.confirm)
        } else if key.isEscape {
            viewModel.send(.edit(.payment))
        } else if case .character(let character) = key.key, key.modifiers.isEmpty, let step = edits[character] {
            viewModel.send(.edit(step))
        } else {
            return .ignored
        }
        return .handled
    }

    /// The review's keys.
    public var keyHelp: [KeyHelpItem] {
        [
            KeyHelpItem(key: "enter", action: "place order"), KeyHelpItem(key: "c/a/s/p", action: "edit"),
            KeyHelpItem(key: "esc", action: "back"),
        ]
    }
}
