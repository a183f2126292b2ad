/// An exact amount of money: a signed count of the currency's minor units (cents for EUR, yen for JPY, fils for
/// KWD) and the currency.
///
/// `Money(amountMinor: 129_900, currency: .eur)` is 1 299.00 EUR. Amounts may be negative (refunds, credits, the
/// result of a subtraction). Arithmetic is exact integer arithmetic on minor units; a result that does not fit in
/// `Int64` and an operation that mixes currencies throw `MoneyError` instead of trapping. No operation goes through
/// floating point.
public struct Money: Hashable, Sendable {
    /// The amount as a whole number of minor units of `currency`; negative for a credit.
    public let amountMinor: Int64

    /// The currency the amount is counted in.
    public let currency: Currency

    /// Creates an amount from a count of minor units: `Money(amountMinor: 2857, currency: .eur)` is 28.57 EUR.
    public init(amountMinor: Int64, currency: Currency) {
        self.amountMinor = amountMinor
        self.currency = currency
    }

    /// Zero in `currency`.
    public static func zero(_ currency: Currency) -> Money {
        Money(amountMinor: 0, currency: currency)
    }

    /// The sum of two amounts in the same currency.
    ///
    /// - Throws: `MoneyError.currencyMismatch` when the currencies differ; `MoneyError.overflow` when the sum does
    ///   not fit in `Int64` minor units.
    public static func + (lhs: Money, rhs: Money) throws(MoneyError) -> Money {
        let currency = try lhs.commonCurrency(with: rhs)
        let (sum, overflow) = lhs.amountMinor.addingReportingOverflow(rhs.amountMinor)
        guard !overflow else { throw .overflow }
        return Money(amountMinor: sum, currency: currency)
    }

    /// The difference of two amounts in the same currency (negative when `rhs` is larger).
    ///
    /// - Throws: `MoneyError.currencyMismatch` when the currencies differ; `MoneyError.overflow` when the
    ///   difference does not fit in `Int64` minor units.
    public static func - (lhs: Money, rhs: Money) throws(MoneyError) -> Money {
        let currency = try lhs.commonCurrency(with: rhs)
        let (difference, overflow) = lhs.amountMinor.subtractingReportingOverflow(rhs.amountMinor)
        guard !overflow else { throw .overflow }
        return Money(amountMinor: difference, currency: currency)
    }

    /// The amount times an integer quantity, such as a cart line's unit price times its quantity.
    ///
    /// - Throws: `MoneyError.overflow` when the product does not fit in `Int64` minor units.
    public static func * (lhs: Money, quantity: Int) throws(MoneyError) -> Money {
        guard let factor = Int64(exactly: quantity) else { throw .overflow }
        let (product, overflow) = lhs.amountMinor.multipliedReportingOverflow(by: factor)
        guard !overflow else { throw .overflow }
        return Money(amountMinor: product, currency: lhs.currency)
    }

    /// The amount with the opposite sign.
    ///
    /// - Throws: `MoneyError.overflow` for `Int64.min` minor units, whose opposite does not fit.
    public func negated() throws(MoneyError) -> Money {
        let (negated, overflow) = Int64(0).subtractingReportingOverflow(amountMinor)
        guard !overflow else { throw .overflow }
        return Money(amountMinor: negated, currency: currency)
    }

    /// The sum of `amounts`, all in `currency`; zero in `currency` when `amounts` is empty.
    ///
    /// - Throws: `MoneyError.currencyMismatch` when an amount is in another currency; `MoneyError.overflow` when a
    ///   partial sum does not fit in `Int64` minor units.
    public static func sum(_ amounts: some Sequence<Money>, currency: Currency) throws(MoneyError) -> Money {
        var total = Money.zero(currency)
        for amount in amounts {
            total = try total + amount
        }
        return total
    }

    private func commonCurrency(with other: Money) throws(MoneyError) -> Currency {
        guard currency == other.currency else { throw .currencyMismatch(currency, other.currency) }
        return currency
    }
}

extension Money: CustomStringConvertible {
    /// The exact decimal amount and the code, such as `"28.57 EUR"` or `"-3 JPY"` (not localized; for logs and
    /// test output).
    public var description: String { "\(decimalString) \(currency.code)" }
}
