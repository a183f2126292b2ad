/// What the checkout flow shows now: the current step's view model (render it with the matching view, or let
/// `CheckoutFlowView` do it).
@MainActor
public enum CheckoutScreen {
    /// `start()` is running.
    case loading
    /// A saved checkout can be resumed.
    case resumeOffer(ResumeDraftViewModel)
    /// Step 1.
    case reviewCart(ReviewCartViewModel)
    /// Step 2.
    case shippingAddress(ShippingAddressViewModel)
    /// Step 3.
    case shippingOption(ShippingOptionViewModel)
    /// Step 4.
    case payment(PaymentViewModel)
    /// Step 5.
    case review(OrderReviewViewModel)
    /// Step 6.
    case placeOrder(PlaceOrderViewModel)
    /// The flow ended.
    case finished(CheckoutEnd)
}
