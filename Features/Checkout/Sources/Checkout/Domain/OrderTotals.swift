import Models

/// The money of an order before it is placed, exact in minor units: the items' prices times quantities, shipping,
/// and their sum (the API contract's total: no taxes or discounts), which the client sends as `expected_total`.
public struct OrderTotals: Hashable, Sendable {
    /// The items' prices times quantities, added up.
    public let subtotal: Money
    /// The shipping option's price.
    public let shipping: Money
    /// `subtotal + shipping`.
    public let total: Money

    /// Computes the totals of `lines` shipped with `shipping`.
    ///
    /// - Throws: `MoneyError.currencyMismatch` when the lines or the shipping price are in different currencies;
    ///   `MoneyError.overflow` when an amount does not fit in `Int64` minor units.
    public init(lines: [CartLine], shipping: ShippingOption) throws(MoneyError) {
        let currency = lines.first?.unitPrice.currency ?? shipping.price.currency
        let subtotal = try Money.sum(lines.map { line throws(MoneyError) in try line.lineTotal() }, currency: currency)
        self.subtotal = subtotal
        self.shipping = shipping.price
        self.total = try subtotal + shipping.price
    }
}
