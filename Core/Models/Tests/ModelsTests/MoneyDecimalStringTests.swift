import Models
import Testing

@Suite("Money decimal strings")
struct MoneyDecimalStringTests {
    @Test(
        "parses plain decimal text exactly",
        arguments: [
            ("28.57", Currency.eur, 2_857),
            ("28.5", .eur, 2_850),
            ("28", .eur, 2_800),
            ("0.01", .eur, 1),
            ("-0.05", .eur, -5),
            ("-0", .eur, 0),
            ("007.10", .eur, 710),
            ("1500", .jpy, 1_500),
            ("1.234", .kwd, 1_234),
            ("0.5", .kwd, 500),
            ("92233720368547758.07", .eur, Int64.max),
            ("-92233720368547758.08", .eur, Int64.min),
            ("9223372036854775807", .jpy, Int64.max),
        ] as [(String, Currency, Int64)]
    )
    func parses(text: String, currency: Currency, expected: Int64) throws {
        #expect(try Money(parsing: text, currency: currency) == Money(amountMinor: expected, currency: currency))
    }

    @Test(
        "rejects anything but a plain decimal number",
        arguments: ["", "-", ".5", "5.", "+5", " 5", "5 ", "1,50", "1.2.3", "1e3", "--1", "0x10", "١٢", "NaN", "5-"]
    )
    func rejectsMalformedText(text: String) {
        #expect(throws: MoneyError.invalidDecimalString(text)) { try Money(parsing: text, currency: .eur) }
    }

    @Test func rejectsMoreFractionDigitsThanTheCurrencyHas() {
        #expect(throws: MoneyError.tooManyFractionDigits("1.234", currency: .eur)) {
            try Money(parsing: "1.234", currency: .eur)
        }
        #expect(throws: MoneyError.tooManyFractionDigits("1.00", currency: .jpy)) {
            try Money(parsing: "1.00", currency: .jpy)
        }
        #expect(throws: MoneyError.tooManyFractionDigits("0.0001", currency: .kwd)) {
            try Money(parsing: "0.0001", currency: .kwd)
        }
    }

    @Test(
        "rejects amounts beyond Int64 minor units",
        arguments: [
            ("92233720368547758.08", Currency.eur),
            ("-92233720368547758.09", .eur),
            ("9223372036854775808", .jpy),
            ("100000000000000000000", .eur),
        ]
    )
    func rejectsOverflow(text: String, currency: Currency) {
        #expect(throws: MoneyError.overflow) { try Money(parsing: text, currency: currency) }
    }

    @Test func formatsWithExactlyTheCurrencysFractionDigits() throws {
        let fourDigits = try Currency(code: "CLF")
        #expect(Money(amountMinor: 2_857, currency: .eur).decimalString == "28.57")
        #expect(Money(amountMinor: 5, currency: .eur).decimalString == "0.05")
        #expect(Money(amountMinor: -5, currency: .eur).decimalString == "-0.05")
        #expect(Money(amountMinor: 0, currency: .eur).decimalString == "0.00")
        #expect(Money(amountMinor: -1_500, currency: .jpy).decimalString == "-1500")
        #expect(Money(amountMinor: 1_001, currency: .kwd).decimalString == "1.001")
        #expect(Money(amountMinor: 7, currency: fourDigits).decimalString == "0.0007")
        #expect(Money(amountMinor: .min, currency: .eur).decimalString == "-92233720368547758.08")
    }

    @Test(
        "decimalString round-trips every amount without loss",
        arguments: ["EUR", "JPY", "KWD", "CLF"]
    )
    func roundTrips(code: String) throws {
        let currency = try Currency(code: code)
        let amounts: [Int64] = [
            0, 1, -1, 5, -5, 9, 10, 99, 100, 101, 999, 1_000, 2_857, -2_857, 129_900, 1_234_567_890,
            .max, .max - 1, .min, .min + 1, .max / 10, .min / 10,
        ]
        for amount in amounts {
            let money = Money(amountMinor: amount, currency: currency)
            let text = money.decimalString
            #expect(try Money(parsing: text, currency: currency) == money, "\(text) in \(currency)")
            #expect(try Money(parsing: text, currency: currency).decimalString == text)
        }
    }
}
