import Checkout
import TerminalUI

/// The view model of each step, when the screen shows that step.
@MainActor
extension CheckoutScreen {
    var resumeOffer: ResumeDraftViewModel? { if case .resumeOffer(let model) = self { model } else { nil } }
    var reviewCart: ReviewCartViewModel? { if case .reviewCart(let model) = self { model } else { nil } }
    var shippingAddress: ShippingAddressViewModel? { if case .shippingAddress(let model) = self { model } else { nil } }
    var shippingOption: ShippingOptionViewModel? { if case .shippingOption(let model) = self { model } else { nil } }
    var payment: PaymentViewModel? { if case .payment(let model) = self { model } else { nil } }
    var review: OrderReviewViewModel? { if case .review(let model) = self { model } else { nil } }
    var placeOrder: PlaceOrderViewModel? { if case .placeOrder(let model) = self { model } else { nil } }
}

/// The plain text of a view's lines for `size`, one line per row.
@MainActor
func plainText(_ view: some TerminalView, columns: Int = 80, rows: Int = 40) -> String {
    view.render(size: TerminalSize(columns: columns, rows: rows)).map(\.plainText).joined(separator: "\n")
}

/// Types `text` into `view`, one key per character.
@MainActor
func type(_ text: String, into view: some TerminalView) {
    for character in text {
        _ = view.handle(.character(character))
    }
}
