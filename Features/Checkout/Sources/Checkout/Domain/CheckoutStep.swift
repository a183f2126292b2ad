/// The steps of the checkout flow, in order. Only `placeOrder` writes an order.
public enum CheckoutStep: String, Hashable, Sendable, CaseIterable, Codable, Comparable {
    /// 1. The cart's items, quantities and subtotal.
    case reviewCart = "review_cart"
    /// 2. The shipping address.
    case shippingAddress = "shipping_address"
    /// 3. The shipping option.
    case shippingOption = "shipping_option"
    /// 4. The payment method.
    case payment
    /// 5. Lines, shipping and total, confirmed by the user (which creates the submission).
    case review
    /// 6. Sending the order.
    case placeOrder = "place_order"

    /// The step's position, from 1.
    public var number: Int { (Self.allCases.firstIndex(of: self) ?? 0) + 1 }

    /// The title shown above the step, such as `"Shipping address"`.
    public var title: String {
        switch self {
        case .reviewCart: "Your cart"
        case .shippingAddress: "Shipping address"
        case .shippingOption: "Shipping"
        case .payment: "Payment"
        case .review: "Review your order"
        case .placeOrder: "Placing your order"
        }
    }

    /// The step after this one, or nil after the last.
    public var next: CheckoutStep? {
        let all = Self.allCases
        guard let index = all.firstIndex(of: self), index + 1 < all.count else { return nil }
        return all[index + 1]
    }

    /// The step before this one, or nil before the first.
    public var previous: CheckoutStep? {
        let all = Self.allCases
        guard let index = all.firstIndex(of: self), index > 0 else { return nil }
        return all[index - 1]
    }

    /// Orders steps by their position in the flow.
    public static func < (lhs: CheckoutStep, rhs: CheckoutStep) -> Bool {
        lhs.number < rhs.number
    }
}
