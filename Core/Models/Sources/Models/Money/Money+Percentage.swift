extension Money {
    /// Basis points in one whole: 10 000 basis points are 100 %, so 1 500 is 15 % and 1 250 is 12.5 %.
    public static let basisPointsPerWhole = 10_000

    /// The share of this amount given in basis points, rounded to a whole minor unit, half to even.
    ///
    /// The exact share is `amountMinor × basisPoints / 10 000`. When it falls strictly between two whole minor
    /// units it is rounded to the nearer one; on an exact tie (a fraction of one half) to the even one: 1 288.5
    /// cents becomes 1 288, 1 289.5 becomes 1 290, and negative amounts round symmetrically (-1 288.5 becomes
    /// -1 288). Half-to-even ("banker's rounding", the IEEE 754 default) has no upward bias over many lines.
    ///
    /// - Throws: `MoneyError.invalidBasisPoints` when `basisPoints` is negative; `MoneyError.overflow` when the
    ///   share does not fit in `Int64` minor units (only possible above 10 000 basis points).
    public func portion(basisPoints: Int) throws(MoneyError) -> Money {
        guard basisPoints >= 0 else { throw .invalidBasisPoints(basisPoints) }
        guard let factor = Int64(exactly: basisPoints) else { throw .overflow }
        let whole = Int64(Self.basisPointsPerWhole)
        // amount = quotient × whole + remainder, so amount × factor / whole
        //        = quotient × factor + remainder × factor / whole, with no intermediate wider than the result.
        let (quotient, remainder) = amountMinor.quotientAndRemainder(dividingBy: whole)
        let (scaledQuotient, quotientOverflow) = quotient.multipliedReportingOverflow(by: factor)
        let (scaledRemainder, remainderOverflow) = remainder.multipliedReportingOverflow(by: factor)
        let (carried, leftover) = scaledRemainder.quotientAndRemainder(dividingBy: whole)
        let (truncated, sumOverflow) = scaledQuotient.addingReportingOverflow(carried)
        guard !quotientOverflow, !remainderOverflow, !sumOverflow else { throw .overflow }
        // `leftover / whole` is the dropped fraction, in (-1, 1) with the sign of the amount.
        let twiceLeftover = leftover.magnitude * 2
        let roundsAway = twiceLeftover > whole.magnitude || (twiceLeftover == whole.magnitude && truncated % 2 != 0)
        guard roundsAway else { return Money(amountMinor: truncated, currency: currency) }
        let (rounded, roundOverflow) = truncated.addingReportingOverflow(leftover < 0 ? -1 : 1)
        guard !roundOverflow else { throw .overflow }
        return Money(amountMinor: rounded, currency: currency)
    }

    /// This amount reduced by a percentage discount given in basis points (1 500 for 15 %).
    ///
    /// The discount is `portion(basisPoints:)` (rounded half to even on the minor unit) and the result is this
    /// amount minus that discount, so the discounted price and the discount line always add up to the original:
    /// 85.71 EUR with 15 % off is 85.71 − 12.86 = 72.85 EUR.
    ///
    /// - Throws: `MoneyError.invalidBasisPoints` unless `basisPoints` is in `0...10_000` (0 % to 100 %).
    public func discounted(byBasisPoints basisPoints: Int) throws(MoneyError) -> Money {
        guard (0...Self.basisPointsPerWhole).contains(basisPoints) else { throw .invalidBasisPoints(basisPoints) }
        return try self - portion(basisPoints: basisPoints)
    }
}
