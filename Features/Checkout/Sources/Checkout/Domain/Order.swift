import Foundation
import Models

/// A placed order, as the server confirmed it (the API contract's `Order`).
public struct Order: Hashable, Sendable, Identifiable {
    /// The server's order id.
    public let id: OrderID
    /// The submission id the order was placed with (the `Idempotency-Key` and `client_id`).
    public let clientID: String
    /// Where the order stands.
    public let status: OrderStatus
    /// The lines as the server priced them.
    public let items: [OrderItem]
    /// The shipping option's id, such as `"standard"`.
    public let shippingOptionID: String
    /// What shipping cost.
    public let shippingPrice: Money
    /// Where the order goes, when the server sent it.
    public let shippingAddress: ShippingAddress?
    /// How it was paid, as the server describes it (`"Invoice"`, `"Visa ending in 4242"`), when it said.
    public let paymentSummary: String?
    /// The total charged: the items' prices times quantities plus shipping.
    public let total: Money
    /// When the server placed the order.
    public let placedAt: Date

    /// Creates an order.
    public init(
        id: OrderID,
        clientID: String,
        status: OrderStatus,
        items: [OrderItem],
        shippingOptionID: String,
        shippingPrice: Money,
        shippingAddress: ShippingAddress?,
        paymentSummary: String?,
        total: Money,
        placedAt: Date
    ) {
        self.id = id
        self.clientID = clientID
        self.status = status
        self.items = items
        self.shippingOptionID = shippingOptionID
        self.shippingPrice = shippingPrice
        self.shippingAddress = shippingAddress
        self.paymentSummary = paymentSummary
        self.total = total
        self.placedAt = placedAt
    }

    /// The number of items, all quantities added up.
    public var itemCount: Int { items.reduce(0) { $0 + $1.quantity } }
}

/// One line of a placed order.
public struct OrderItem: Hashable, Sendable {
    /// The product.
    public let productID: ProductID
    /// The product's title at the time of the order.
    public let title: String
    /// How many.
    public let quantity: Int
    /// The price of one item.
    public let unitPrice: Money
    /// The unit price times the quantity, as the server computed it.
    public let lineTotal: Money

    /// Creates an item.
    public init(productID: ProductID, title: String, quantity: Int, unitPrice: Money, lineTotal: Money) {
        self.productID = productID
        self.title = title
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.lineTotal = lineTotal
    }
}

/// Where an order stands (the contract's `status`); values this version does not know are kept as `.unknown`.
public enum OrderStatus: Hashable, Sendable {
    /// Accepted (`"confirmed"`).
    case confirmed
    /// On its way (`"shipped"`).
    case shipped
    /// Cancelled (`"cancelled"`).
    case cancelled
    /// A value this version does not know, kept verbatim.
    case unknown(String)

    /// Maps the wire value; anything unknown becomes `.unknown(value)`.
    public init(wireValue: String) {
        switch wireValue {
        case "confirmed": self = .confirmed
        case "shipped": self = .shipped
        case "cancelled": self = .cancelled
        default: self = .unknown(wireValue)
        }
    }

    /// The word shown for the status, such as `"Confirmed"`.
    public var label: String {
        switch self {
        case .confirmed: "Confirmed"
        case .shipped: "Shipped"
        case .cancelled: "Cancelled"
        case .unknown(let value): value.replacingOccurrences(of: "_", with: " ").capitalized
        }
    }
}
