import Models
import Testing

@Suite("Money arithmetic")
struct MoneyArithmeticTests {
    @Test func addsAndSubtractsInOneCurrency() throws {
        let a = Money(amountMinor: 1_999, currency: .eur)
        let b = Money(amountMinor: 501, currency: .eur)
        #expect(try a + b == Money(amountMinor: 2_500, currency: .eur))
        #expect(try b - a == Money(amountMinor: -1_498, currency: .eur))
    }

    @Test func mixedCurrenciesThrow() {
        let euros = Money(amountMinor: 100, currency: .eur)
        let dollars = Money(amountMinor: 100, currency: .usd)
        #expect(throws: MoneyError.currencyMismatch(.eur, .usd)) { try euros + dollars }
        #expect(throws: MoneyError.currencyMismatch(.usd, .eur)) { try dollars - euros }
        #expect(throws: MoneyError.currencyMismatch(.eur, .usd)) { try Money.sum([euros, dollars], currency: .eur) }
    }

    @Test func overflowThrowsInsteadOfTrapping() {
        let max = Money(amountMinor: .max, currency: .eur)
        let min = Money(amountMinor: .min, currency: .eur)
        let cent = Money(amountMinor: 1, currency: .eur)
        #expect(throws: MoneyError.overflow) { try max + cent }
        #expect(throws: MoneyError.overflow) { try min - cent }
        #expect(throws: MoneyError.overflow) { try Money(amountMinor: .max / 2 + 1, currency: .eur) * 2 }
        #expect(throws: MoneyError.overflow) { try min * -1 }
        #expect(throws: MoneyError.overflow) { try min.negated() }
        #expect(throws: MoneyError.overflow) { try max.portion(basisPoints: 20_000) }
        #expect(throws: MoneyError.overflow) { try Money.sum([max, cent], currency: .eur) }
    }

    @Test func threeTimesEuroPriceIsExact() throws {
        let unit = try Money(parsing: "28.57", currency: .eur)
        let line = try unit * 3
        #expect(line == Money(amountMinor: 8_571, currency: .eur))
        #expect(line.decimalString == "85.71")
    }

    /// 15 % of 85.71 EUR is exactly 12.8565 EUR; half-to-even on the cent gives 12.86, so the price is 72.85.
    @Test func fifteenPercentOffIsRoundedHalfEvenOnTheCent() throws {
        let line = Money(amountMinor: 8_571, currency: .eur)
        #expect(try line.portion(basisPoints: 1_500) == Money(amountMinor: 1_286, currency: .eur))
        let discounted = try line.discounted(byBasisPoints: 1_500)
        #expect(discounted == Money(amountMinor: 7_285, currency: .eur))
        #expect(discounted.decimalString == "72.85")
    }

    @Test(
        "portion rounds to the nearer minor unit, ties to even",
        arguments: [
            (8_590, 1_500, 1_288),  // 1288.5, tie: 1288 is even
            (8_610, 1_500, 1_292),  // 1291.5, tie: 1292 is even
            (-8_590, 1_500, -1_288),  // symmetric for negative amounts
            (-8_610, 1_500, -1_292),
            (1, 5_000, 0),  // 0.5, tie: 0 is even
            (3, 5_000, 2),  // 1.5, tie: 2 is even
            (1, 1_500, 0),  // 0.15 rounds down
            (4, 1_500, 1),  // 0.6 rounds up
            (-4, 1_500, -1),
            (12_345, 1_250, 1_543),  // 1543.125 rounds down
            (99_999, 10_000, 99_999),
            (Int64.min, 10_000, Int64.min),
            (Int64.max, 5_000, 4_611_686_018_427_387_904),  // 4611686018427387903.5, tie: even is up
        ] as [(Int64, Int, Int64)]
    )
    func portionRounding(amount: Int64, basisPoints: Int, expected: Int64) throws {
        let money = Money(amountMinor: amount, currency: .eur)
        #expect(try money.portion(basisPoints: basisPoints) == Money(amountMinor: expected, currency: .eur))
    }

    @Test func discountAndDiscountedPriceAddUpToTheOriginal() throws {
        for amount in [1, 3, 8_571, 8_590, 12_345, 99_999] as [Int64] {
            let price = Money(amountMinor: amount, currency: .eur)
            let total = try price.discounted(byBasisPoints: 1_500) + price.portion(basisPoints: 1_500)
            #expect(total == price)
        }
    }

    @Test func discountOutsideZeroToHundredPercentIsRejected() throws {
        let price = Money(amountMinor: 1_000, currency: .eur)
        #expect(throws: MoneyError.invalidBasisPoints(-1)) { try price.discounted(byBasisPoints: -1) }
        #expect(throws: MoneyError.invalidBasisPoints(10_001)) { try price.discounted(byBasisPoints: 10_001) }
        #expect(throws: MoneyError.invalidBasisPoints(-5)) { try price.portion(basisPoints: -5) }
        #expect(try price.discounted(byBasisPoints: 0) == price)
        #expect(try price.discounted(byBasisPoints: 10_000) == .zero(.eur))
    }

    @Test func yenAmountsAreExact() throws {
        let unit = try Money(parsing: "1980", currency: .jpy)
        #expect(unit.amountMinor == 1_980)
        let line = try unit * 3
        #expect(line == Money(amountMinor: 5_940, currency: .jpy))
        #expect(line.decimalString == "5940")
        // 15 % of 5940 JPY is exactly 891 yen: no rounding.
        #expect(try line.discounted(byBasisPoints: 1_500) == Money(amountMinor: 5_049, currency: .jpy))
        #expect(throws: MoneyError.tooManyFractionDigits("1980.5", currency: .jpy)) {
            try Money(parsing: "1980.5", currency: .jpy)
        }
    }

    @Test func sumOfNothingIsZeroAndNegationFlipsTheSign() throws {
        #expect(try Money.sum([], currency: .kwd) == .zero(.kwd))
        let amounts = [Money(amountMinor: 1_250, currency: .kwd), Money(amountMinor: 750, currency: .kwd)]
        #expect(try Money.sum(amounts, currency: .kwd) == Money(amountMinor: 2_000, currency: .kwd))
        #expect(try Money(amountMinor: 5, currency: .eur).negated() == Money(amountMinor: -5, currency: .eur))
    }

    @Test func descriptionShowsTheExactAmountAndCode() {
        #expect(Money(amountMinor: -5, currency: .eur).description == "-0.05 EUR")
        #expect(Money(amountMinor: 1_234, currency: .kwd).description == "1.234 KWD")
    }
}
