import Foundation
import Models
import Testing

@Suite("Currency")
struct CurrencyTests {
    @Test(
        "takes the minor-unit exponent from ISO 4217",
        arguments: [
            ("JPY", 0), ("KRW", 0), ("ISK", 0), ("EUR", 2), ("USD", 2), ("GBP", 2), ("CHF", 2), ("KWD", 3),
            ("BHD", 3), ("JOD", 3), ("OMR", 3), ("TND", 3), ("IQD", 3), ("CLF", 4), ("UYW", 4), ("XCG", 2),
        ]
    )
    func exponentFromTheTable(code: String, exponent: Int) throws {
        let currency = try Currency(code: code)
        #expect(currency.code == code)
        #expect(currency.minorUnitExponent == exponent)
    }

    @Test func namedConstantsMatchTheTable() throws {
        for constant in [Currency.eur, .usd, .gbp, .chf, .jpy, .kwd, .bhd] {
            #expect(try Currency(code: constant.code) == constant)
        }
    }

    @Test(arguments: ["eur", "Eur", "EU", "EURO", "E1R", "", "ÄUR", " EUR"])
    func rejectsMalformedCodes(code: String) {
        #expect(throws: MoneyError.invalidCurrencyCode(code)) { try Currency(code: code) }
        #expect(throws: MoneyError.invalidCurrencyCode(code)) { try Currency(code: code, minorUnitExponent: 2) }
    }

    /// Unknown codes are rejected, not given a guessed exponent; codes without a minor unit (metals, XXX) too.
    @Test(arguments: ["XYZ", "AAA", "XAU", "XXX", "XTS", "XDR"])
    func rejectsCodesWithoutAnISOMinorUnit(code: String) {
        #expect(throws: MoneyError.unknownCurrency(code)) { try Currency(code: code) }
    }

    @Test func anUnlistedCodeNeedsAnExplicitExponent() throws {
        let custom = try Currency(code: "XYZ", minorUnitExponent: 3)
        #expect(custom.minorUnitExponent == 3)
        #expect(try Money(parsing: "1.5", currency: custom).amountMinor == 1_500)
        #expect(throws: MoneyError.invalidMinorUnitExponent(code: "XYZ", exponent: 5)) {
            try Currency(code: "XYZ", minorUnitExponent: 5)
        }
        #expect(throws: MoneyError.invalidMinorUnitExponent(code: "XYZ", exponent: -1)) {
            try Currency(code: "XYZ", minorUnitExponent: -1)
        }
        #expect(throws: MoneyError.invalidMinorUnitExponent(code: "EUR", exponent: 3)) {
            try Currency(code: "EUR", minorUnitExponent: 3)
        }
        #expect(try Currency(code: "EUR", minorUnitExponent: 2) == .eur)
    }

    @Test func codableAsTheCodeString() throws {
        let data = try JSONEncoder().encode([Currency.kwd])
        #expect(String(decoding: data, as: UTF8.self) == #"["KWD"]"#)
        #expect(try JSONDecoder().decode([Currency].self, from: data) == [.kwd])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Currency].self, from: Data(#"["kwd"]"#.utf8)) }
    }

    @Test func errorsExplainThemselves() {
        #expect(MoneyError.unknownCurrency("XYZ").localizedDescription.contains("\"XYZ\""))
        #expect(
            MoneyError.currencyMismatch(.eur, .usd).description == "currency mismatch: EUR and USD cannot be combined")
        #expect(MoneyError.tooManyFractionDigits("1.234", currency: .eur).description.contains("at most 2"))
    }
}
