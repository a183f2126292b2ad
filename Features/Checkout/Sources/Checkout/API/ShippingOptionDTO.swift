import Models

/// One entry of `shipping_options` in `GET /v1/config`: `{"id": "standard", "title": "Standard", "price": Money,
/// "days": 5}` (`title` and `days` may be missing).
///
/// The App's feature-flag service decodes the config with `APIJSON.makeDecoder()` and turns each entry into a
/// `ShippingOption` with `ShippingOption(dto:)` before passing the options to the checkout.
public struct ShippingOptionDTO: Decodable, Sendable, Hashable {
    /// The option's id.
    public let id: String
    /// The name to show, when the server sends one.
    public let title: String?
    /// The option's price.
    public let price: Money
    /// The delivery time in days, when the server sends it.
    public let days: Int?

    /// Creates an entry (for tests and for an App that builds the config another way).
    public init(id: String, title: String?, price: Money, days: Int?) {
        self.id = id
        self.title = title
        self.price = price
        self.days = days
    }
}
