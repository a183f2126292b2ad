import Foundation

extension Money {
    /// The exact amount in major units as a `Decimal` (2 857 EUR minor units is `28.57`); built from the integer
    /// count of minor units and a power-of-ten exponent, never through `Double`.
    public var decimalAmount: Decimal {
        let significand = Decimal(amountMinor.magnitude)
        let sign: FloatingPointSign = amountMinor < 0 ? .minus : .plus
        return Decimal(sign: sign, exponent: -currency.minorUnitExponent, significand: significand)
    }

    /// The amount formatted as currency for `locale` with Foundation's `Decimal.FormatStyle.Currency`, always with
    /// exactly `currency.minorUnitExponent` fraction digits (ICU's own digit table differs from ISO 4217 for a few
    /// currencies, so the ISO exponent is imposed).
    ///
    /// On this platform's ICU, 1 299.00 EUR is `"€1,299.00"` for en_US and `"1.299,00 €"` for de_DE, where the
    /// space before the symbol is U+00A0 NO-BREAK SPACE; compare with that character, not U+0020.
    public func formatted(locale: Locale) -> String {
        let style = Decimal.FormatStyle.Currency(code: currency.code, locale: locale)
            .precision(.fractionLength(currency.minorUnitExponent))
        return decimalAmount.formatted(style)
    }
}
