import Models

/// Everything `OrderRepository.placeOrder(_:)` sends for one submission (the API contract's order request).
///
/// `submissionID` goes out as both the `Idempotency-Key` header and the body's `client_id`: every attempt of one
/// submission, including a retry after a restart, sends the same id and the same body, so the server creates one
/// order.
public struct OrderRequest: Hashable, Sendable {
    /// One product and its quantity.
    public struct Item: Hashable, Sendable {
        /// The product.
        public let productID: ProductID
        /// How many, 1 to 99.
        public let quantity: Int

        /// Creates an item.
        public init(productID: ProductID, quantity: Int) {
            self.productID = productID
            self.quantity = quantity
        }
    }

    /// The submission id: `Idempotency-Key` and `client_id`.
    public let submissionID: String
    /// The products and quantities.
    public let items: [Item]
    /// Where to ship (normalized).
    public let shippingAddress: ShippingAddress
    /// The shipping option's id.
    public let shippingOptionID: String
    /// The payment's `method` value.
    public let paymentMethod: String
    /// The payment's other fields, with their wire names.
    public let paymentFields: [String: String]
    /// The total the user agreed to: items' prices times quantities plus shipping (or the server's
    /// `current_total` after a price change the user confirmed).
    public let expectedTotal: Money

    /// Creates a request.
    public init(
        submissionID: String,
        items: [Item],
        shippingAddress: ShippingAddress,
        shippingOptionID: String,
        payment: any PaymentMethod,
        expectedTotal: Money
    ) {
        self.submissionID = submissionID
        self.items = items
        self.shippingAddress = shippingAddress
        self.shippingOptionID = shippingOptionID
        self.paymentMethod = payment.method
        self.paymentFields = payment.requestFields
        self.expectedTotal = expectedTotal
    }

    /// The same request under another submission id (an earlier submission with the same basis, sent again with
    /// its own key).
    public func resubmitted(as submissionID: String) -> OrderRequest {
        OrderRequest(
            submissionID: submissionID, items: items, shippingAddress: shippingAddress,
            shippingOptionID: shippingOptionID, paymentMethod: paymentMethod, paymentFields: paymentFields,
            expectedTotal: expectedTotal)
    }

    private init(
        submissionID: String, items: [Item], shippingAddress: ShippingAddress, shippingOptionID: String,
        paymentMethod: String, paymentFields: [String: String], expectedTotal: Money
    ) {
        self.submissionID = submissionID
        self.items = items
        self.shippingAddress = shippingAddress
        self.shippingOptionID = shippingOptionID
        self.paymentMethod = paymentMethod
        self.paymentFields = paymentFields
        self.expectedTotal = expectedTotal
    }
}
