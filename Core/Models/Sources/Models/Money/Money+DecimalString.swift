extension Money {
    /// Parses a plain decimal number of major units exactly, without going through floating point:
    /// `Money(parsing: "28.57", currency: .eur)` is 2 857 minor units.
    ///
    /// Accepted text is an optional `-`, one or more ASCII digits, then optionally `.` and one or more digits, with
    /// no more fraction digits than the currency's exponent (`"28.5"` is 28.50 EUR; `"1.234"` is rejected for EUR,
    /// `"100.0"` for JPY). No sign `+`, whitespace, grouping separators, exponent or locale-specific separator is
    /// accepted. Negative amounts are allowed; `"-0"` is zero.
    ///
    /// - Throws: `MoneyError.invalidDecimalString` for any other text; `MoneyError.tooManyFractionDigits` for too
    ///   many fraction digits; `MoneyError.overflow` when the amount does not fit in `Int64` minor units.
    public init(parsing text: String, currency: Currency) throws(MoneyError) {
        let zero = UInt8(ascii: "0")
        var body = Array(text.utf8)[...]
        let isNegative = body.first == UInt8(ascii: "-")
        if isNegative { body = body.dropFirst() }
        let parts = body.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let integerDigits = parts[0]
        let fractionDigits = parts.count > 1 ? parts[1] : []
        let isDigit = { (byte: UInt8) in (zero...UInt8(ascii: "9")).contains(byte) }
        guard !integerDigits.isEmpty, integerDigits.allSatisfy(isDigit), fractionDigits.allSatisfy(isDigit),
            parts.count == 1 || !fractionDigits.isEmpty
        else {
            throw .invalidDecimalString(text)
        }
        guard fractionDigits.count <= currency.minorUnitExponent else {
            throw .tooManyFractionDigits(text, currency: currency)
        }
        let padding = Array(repeating: zero, count: currency.minorUnitExponent - fractionDigits.count)
        var amount: Int64 = 0
        for byte in integerDigits + fractionDigits + padding {
            let digit = Int64(byte - zero)
            let (shifted, shiftOverflow) = amount.multipliedReportingOverflow(by: 10)
            // Accumulating with the final sign reaches Int64.min, whose magnitude has no positive Int64.
            let (next, addOverflow) =
                isNegative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !shiftOverflow, !addOverflow else { throw .overflow }
            amount = next
        }
        self.init(amountMinor: amount, currency: currency)
    }

    /// The exact amount in major units with exactly `currency.minorUnitExponent` fraction digits and `.` as the
    /// separator: `"28.57"`, `"-0.05"`, `"1500"` for JPY, `"1.234"` for KWD. Not localized (see
    /// `formatted(locale:)`); `Money(parsing: money.decimalString, currency: money.currency)` returns `money`.
    public var decimalString: String {
        let divisor = currency.minorUnitsPerMajorUnit
        let magnitude = amountMinor.magnitude
        let sign = amountMinor < 0 ? "-" : ""
        let whole = String(magnitude / divisor)
        guard currency.minorUnitExponent > 0 else { return sign + whole }
        let fraction = String(magnitude % divisor)
        let padding = String(repeating: "0", count: currency.minorUnitExponent - fraction.count)
        return sign + whole + "." + padding + fraction
    }
}
