import Models

/// A way to ship an order, as the server's `GET /v1/config` lists it (`shipping_options`): its id (sent as the order's
/// `shipping_option`), a title, its price and the days it takes.
///
/// The App reads the config (through its feature-flag service; `ShippingOptionDTO` decodes an entry) and passes the
/// options to `CheckoutCoordinator` as plain values.
public struct ShippingOption: Hashable, Sendable, Identifiable, Codable {
    /// The id of the express option, which is offered only while the `express_shipping` flag is on.
    public static let expressID = "express"

    /// The option's id, such as `"standard"`.
    public let id: String
    /// The name shown, such as `"Standard"`.
    public let title: String
    /// What shipping costs with this option.
    public let price: Money
    /// The delivery time in days.
    public let days: Int

    /// Creates an option.
    public init(id: String, title: String, price: Money, days: Int) {
        self.id = id
        self.title = title
        self.price = price
        self.days = days
    }

    /// Whether this is the express option.
    public var isExpress: Bool { id == Self.expressID }

    /// The options the flow offers: `options` in order, without express unless `isExpressShippingEnabled`.
    public static func offered(_ options: [ShippingOption], isExpressShippingEnabled: Bool) -> [ShippingOption] {
        options.filter { isExpressShippingEnabled || !$0.isExpress }
    }
}
