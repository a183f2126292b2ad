import Foundation
import Models
import Testing

/// Exact strings produced by this platform's ICU. de_DE puts U+00A0 NO-BREAK SPACE before the symbol or code, and
/// en_US uses it between an ISO code and the number.
@Suite("Money formatting")
struct MoneyFormattingTests {
    private static let noBreakSpace = "\u{00A0}"

    @Test(
        "formats for en_US and de_DE",
        arguments: [
            ("en_US", 129_900, Currency.eur, "€1,299.00"),
            ("en_US", -8_571, .usd, "-$85.71"),
            ("en_US", 5, .usd, "$0.05"),
            ("en_US", 1_500, .jpy, "¥1,500"),
            ("en_US", 1_234_567, .kwd, "KWD\(noBreakSpace)1,234.567"),
            ("en_US", Int64.max, .eur, "€92,233,720,368,547,758.07"),
            ("de_DE", 129_900, .eur, "1.299,00\(noBreakSpace)€"),
            ("de_DE", -8_571, .usd, "-85,71\(noBreakSpace)$"),
            ("de_DE", 1_500, .jpy, "1.500\(noBreakSpace)¥"),
            ("de_DE", 1_234_567, .kwd, "1.234,567\(noBreakSpace)KWD"),
            ("de_DE", Int64.min, .eur, "-92.233.720.368.547.758,08\(noBreakSpace)€"),
        ] as [(String, Int64, Currency, String)]
    )
    func formats(locale: String, amount: Int64, currency: Currency, expected: String) {
        let money = Money(amountMinor: amount, currency: currency)
        #expect(money.formatted(locale: Locale(identifier: locale)) == expected)
    }

    @Test func decimalAmountIsExact() throws {
        #expect(Money(amountMinor: 2_857, currency: .eur).decimalAmount == Decimal(string: "28.57"))
        #expect(Money(amountMinor: -1_234, currency: .kwd).decimalAmount == Decimal(string: "-1.234"))
        #expect(Money(amountMinor: 0, currency: .eur).decimalAmount == 0)
        let largest = Money(amountMinor: .max, currency: .eur).decimalAmount
        #expect(largest == Decimal(string: "92233720368547758.07"))
    }
}
