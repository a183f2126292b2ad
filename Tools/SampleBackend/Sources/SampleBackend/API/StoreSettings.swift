import Models

/// The store-wide values `GET /v1/config` publishes and orders are priced with.
public struct StoreSettings: Sendable, Hashable {
    /// The one currency every price is in. EUR unless set.
    public var currency: Currency
    /// Feature flags, by name. `express_shipping`, `feed_likes` and `search_suggestions` are on unless set;
    /// with `express_shipping` off, the `express` option is neither listed nor accepted.
    public var flags: [String: Bool]

    /// Creates the settings.
    public init(
        currency: Currency = .eur,
        flags: [String: Bool] = ["express_shipping": true, "feed_likes": true, "search_suggestions": true]
    ) {
        self.currency = currency
        self.flags = flags
    }

    /// The shipping options on offer: `standard` (4.90, 5 days), `express` (14.90, 1 day; only with the
    /// `express_shipping` flag on) and `pickup` (free, 3 days), priced in `currency`'s minor units (for a currency
    /// without minor units the same numbers are whole units).
    var shippingOptions: [ShippingOptionPayload] {
        var options = [
            ShippingOptionPayload(
                id: "standard", title: "Standard", price: Money(amountMinor: 490, currency: currency), days: 5)
        ]
        if flags["express_shipping"] == true {
            options.append(
                ShippingOptionPayload(
                    id: "express", title: "Express", price: Money(amountMinor: 1490, currency: currency), days: 1))
        }
        options.append(
            ShippingOptionPayload(
                id: "pickup", title: "Pick-up point", price: Money(amountMinor: 0, currency: currency), days: 3))
        return options
    }
}
