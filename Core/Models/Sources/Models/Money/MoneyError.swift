import Foundation

/// Why a money operation, a currency or an amount was rejected. Every failure of `Money` and `Currency` is one of
/// these thrown errors; nothing traps.
public enum MoneyError: Error, Hashable, Sendable {
    /// The code is not three ASCII uppercase letters.
    case invalidCurrencyCode(String)
    /// The code is well formed but is not an ISO 4217 currency with a minor unit.
    case unknownCurrency(String)
    /// The exponent is outside the accepted range, or contradicts the exponent ISO 4217 lists for the code.
    case invalidMinorUnitExponent(code: String, exponent: Int)
    /// The two amounts of an operation are in different currencies.
    case currencyMismatch(Currency, Currency)
    /// The exact result does not fit in `Int64` minor units.
    case overflow
    /// The text is not a plain decimal number such as `"28.57"` or `"-3"`.
    case invalidDecimalString(String)
    /// The text has more fraction digits than the currency's minor unit allows (`"1.234"` in EUR).
    case tooManyFractionDigits(String, currency: Currency)
    /// A share or discount in basis points is negative, or a discount is above 10 000 (100 %).
    case invalidBasisPoints(Int)
}

extension MoneyError: CustomStringConvertible {
    /// A one-line explanation that names the offending value.
    public var description: String {
        switch self {
        case .invalidCurrencyCode(let code):
            return "invalid currency code \"\(code)\": expected three uppercase ASCII letters (ISO 4217)"
        case .unknownCurrency(let code):
            return "unknown currency \"\(code)\": not an ISO 4217 currency with a minor unit"
        case .invalidMinorUnitExponent(let code, let exponent):
            return "invalid minor-unit exponent \(exponent) for \(code): expected "
                + "0...\(Currency.maximumMinorUnitExponent) and the ISO 4217 value when the code is listed"
        case .currencyMismatch(let lhs, let rhs):
            return "currency mismatch: \(lhs.code) and \(rhs.code) cannot be combined"
        case .overflow:
            return "amount overflow: the result does not fit in Int64 minor units"
        case .invalidDecimalString(let text):
            return "invalid amount \"\(text)\": expected digits with an optional leading \"-\" and \".\" fraction"
        case .tooManyFractionDigits(let text, let currency):
            return "invalid amount \"\(text)\": \(currency.code) allows at most "
                + "\(currency.minorUnitExponent) fraction digits"
        case .invalidBasisPoints(let basisPoints):
            return "invalid basis points \(basisPoints): a share must not be negative and a discount must be "
                + "0...10000 (0 % to 100 %)"
        }
    }
}

extension MoneyError: LocalizedError {
    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
