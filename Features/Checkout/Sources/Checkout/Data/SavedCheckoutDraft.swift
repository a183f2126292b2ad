import Foundation
import Models

/// A checkout draft as it is saved after each completed step, under its flow id, to be resumed after a restart.
///
/// It keeps what the user entered and the submission id, never a card number: the payment is kept as the method's
/// `storedFields` (a card's token, brand and last four digits). Money is in integer minor units.
public struct SavedCheckoutDraft: Hashable, Sendable, Codable {
    /// The flow the draft belongs to.
    public let flowID: String
    /// The step to resume at.
    public let step: CheckoutStep
    /// When it was saved.
    public let savedAt: Date
    /// The lines the flow was checking out.
    public let lines: [CartLine]
    /// The shipping address as entered.
    public let address: ShippingAddress
    /// The chosen shipping option's id, if one was chosen.
    public let shippingOptionID: String?
    /// The chosen payment method's `method` value, if one was chosen.
    public let paymentMethod: String?
    /// The chosen payment method's stored fields.
    public let paymentFields: [String: String]
    /// The submission id created when the user confirmed the review step, if they did and nothing changed since.
    public let submissionID: String?
    /// The total the server quoted in a `price_changed` answer, if one came and nothing changed since.
    public let quotedTotal: Money?
    /// Products the server reported out of stock, until their lines change.
    public let outOfStockProductIDs: [ProductID]

    /// Creates a saved draft.
    public init(
        flowID: String,
        step: CheckoutStep,
        savedAt: Date,
        lines: [CartLine],
        address: ShippingAddress,
        shippingOptionID: String?,
        paymentMethod: String?,
        paymentFields: [String: String],
        submissionID: String?,
        quotedTotal: Money?,
        outOfStockProductIDs: [ProductID]
    ) {
        self.flowID = flowID
        self.step = step
        self.savedAt = savedAt
        self.lines = lines
        self.address = address
        self.shippingOptionID = shippingOptionID
        self.paymentMethod = paymentMethod
        self.paymentFields = paymentFields
        self.submissionID = submissionID
        self.quotedTotal = quotedTotal
        self.outOfStockProductIDs = outOfStockProductIDs
    }

    /// The number of items, all quantities added up.
    public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }

    private enum CodingKeys: String, CodingKey {
        case flowID = "flow_id"
        case step
        case savedAt = "saved_at"
        case lines
        case address
        case shippingOptionID = "shipping_option_id"
        case paymentMethod = "payment_method"
        case paymentFields = "payment_fields"
        case submissionID = "submission_id"
        case quotedTotal = "quoted_total"
        case outOfStockProductIDs = "out_of_stock_product_ids"
    }
}
