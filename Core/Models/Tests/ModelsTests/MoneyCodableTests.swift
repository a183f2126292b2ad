import Foundation
import Models
import Testing

@Suite("Money Codable")
struct MoneyCodableTests {
    private func decode<T: Decodable>(
        _ type: T.Type,
        _ json: String,
        keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    ) throws -> T {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = keys
        return try decoder.decode(type, from: Data(json.utf8))
    }

    private func encode(
        _ value: some Encodable,
        keys: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    ) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.keyEncodingStrategy = keys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func decodingErrorDescription(_ json: String) -> String? {
        do {
            _ = try decode(Money.self, json)
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            return context.codingPath.map(\.stringValue).joined(separator: ".") + ": " + context.debugDescription
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func encodesTheContractShape() throws {
        let money = Money(amountMinor: 129_900, currency: .eur)
        #expect(try encode(money) == #"{"amount_minor":129900,"currency":"EUR"}"#)
        #expect(try encode(money, keys: .convertToSnakeCase) == #"{"amount_minor":129900,"currency":"EUR"}"#)
    }

    @Test func roundTripsThroughJSON() throws {
        for money in [
            Money(amountMinor: 129_900, currency: .eur), Money(amountMinor: -1, currency: .kwd),
            Money(amountMinor: .max, currency: .jpy), Money(amountMinor: .min, currency: .usd),
        ] {
            #expect(try decode(Money.self, encode(money)) == money)
        }
    }

    @Test func decodesWithEitherKeyStrategy() throws {
        let json = #"{"price": {"amount_minor": 2857, "currency": "EUR"}}"#
        struct Line: Decodable { let price: Money }
        let expected = Money(amountMinor: 2_857, currency: .eur)
        #expect(try decode(Line.self, json).price == expected)
        #expect(try decode(Line.self, json, keys: .convertFromSnakeCase).price == expected)
    }

    @Test func rejectsAFractionalAmountWithAClearMessage() throws {
        let description = try #require(decodingErrorDescription(#"{"amount_minor": 1299.5, "currency": "EUR"}"#))
        #expect(
            description == "amount_minor: amount_minor 1299.5 has a fraction; it must be a whole number of minor units")
    }

    @Test func rejectsAnAmountBeyondInt64() throws {
        let json = #"{"amount_minor": 9223372036854775808, "currency": "EUR"}"#
        let description = try #require(decodingErrorDescription(json))
        #expect(description.hasPrefix("amount_minor: amount_minor 9223372036854775808 is outside the Int64 range"))
    }

    @Test func rejectsAStringAmount() {
        #expect {
            try decode(Money.self, #"{"amount_minor": "129900", "currency": "EUR"}"#)
        } throws: { error in
            guard case DecodingError.typeMismatch = error else { return false }
            return true
        }
    }

    @Test(arguments: ["eur", "EURO", "E1R", "XYZ", "XAU", ""])
    func rejectsABadCurrency(code: String) throws {
        let description = try #require(decodingErrorDescription(#"{"amount_minor": 1, "currency": "\#(code)"}"#))
        #expect(description.hasPrefix("currency: "))
        #expect(description.contains("\"\(code)\""))
    }

    @Test func reportsAMissingKey() {
        #expect {
            try decode(Money.self, #"{"currency": "EUR"}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "amount_minor"
        }
    }
}
