/// An ISO 4217 currency: its three-letter alphabetic code and the exponent of its minor unit.
///
/// A code is valid when it is exactly three ASCII uppercase letters ("EUR"; "eur" and "EURO" are rejected).
/// `init(code:)` takes the exponent from the ISO 4217 table (see `ISO4217.swift`: JPY 0; EUR, USD, GBP, CHF 2; KWD,
/// BHD, JOD, OMR, TND 3). A well-formed code that the table does not list is rejected rather than given a guessed
/// exponent, because a wrong exponent misprices every amount by a power of ten; a caller that knows a newer code's
/// exponent builds it with `init(code:minorUnitExponent:)`.
///
/// Codable as the bare code string (`"EUR"`); decoding validates it like `init(code:)`.
public struct Currency: Hashable, Sendable {
    /// The ISO 4217 alphabetic code, three uppercase ASCII letters, such as `"EUR"`.
    public let code: String

    /// The number of decimal places of the minor unit (0 for JPY, 2 for EUR, 3 for KWD): one major unit is
    /// `10^minorUnitExponent` minor units.
    public let minorUnitExponent: Int

    /// The largest exponent accepted by `init(code:minorUnitExponent:)`; ISO 4217's largest is 4 (CLF, UYW).
    public static let maximumMinorUnitExponent = 4

    /// Looks `code` up in the ISO 4217 table.
    ///
    /// - Throws: `MoneyError.invalidCurrencyCode` when `code` is not three uppercase ASCII letters;
    ///   `MoneyError.unknownCurrency` when it is well formed but not an ISO 4217 currency with a minor unit.
    public init(code: String) throws(MoneyError) {
        guard Self.isWellFormed(code) else { throw .invalidCurrencyCode(code) }
        guard let exponent = ISO4217.minorUnitExponents[code] else { throw .unknownCurrency(code) }
        self.init(verifiedCode: code, minorUnitExponent: exponent)
    }

    /// Builds a currency with an explicit exponent, for codes the ISO 4217 table does not list yet.
    ///
    /// - Throws: `MoneyError.invalidCurrencyCode` for a malformed code; `MoneyError.invalidMinorUnitExponent` when
    ///   the exponent is outside `0...maximumMinorUnitExponent` or the code is listed with a different exponent.
    public init(code: String, minorUnitExponent: Int) throws(MoneyError) {
        guard Self.isWellFormed(code) else { throw .invalidCurrencyCode(code) }
        let listed = ISO4217.minorUnitExponents[code]
        guard (0...Self.maximumMinorUnitExponent).contains(minorUnitExponent),
            listed == nil || listed == minorUnitExponent
        else {
            throw .invalidMinorUnitExponent(code: code, exponent: minorUnitExponent)
        }
        self.init(verifiedCode: code, minorUnitExponent: minorUnitExponent)
    }

    private init(verifiedCode: String, minorUnitExponent: Int) {
        self.code = verifiedCode
        self.minorUnitExponent = minorUnitExponent
    }

    private static func isWellFormed(_ code: String) -> Bool {
        let bytes = Array(code.utf8)
        return bytes.count == 3 && bytes.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }

    /// The number of minor units in one major unit, `10^minorUnitExponent` (100 for EUR, 1 for JPY).
    var minorUnitsPerMajorUnit: UInt64 {
        var result: UInt64 = 1
        for _ in 0..<minorUnitExponent { result *= 10 }
        return result
    }
}

extension Currency {
    /// The euro (exponent 2).
    public static let eur = Currency(verifiedCode: "EUR", minorUnitExponent: 2)
    /// The US dollar (exponent 2).
    public static let usd = Currency(verifiedCode: "USD", minorUnitExponent: 2)
    /// The pound sterling (exponent 2).
    public static let gbp = Currency(verifiedCode: "GBP", minorUnitExponent: 2)
    /// The Swiss franc (exponent 2).
    public static let chf = Currency(verifiedCode: "CHF", minorUnitExponent: 2)
    /// The Japanese yen (exponent 0).
    public static let jpy = Currency(verifiedCode: "JPY", minorUnitExponent: 0)
    /// The Kuwaiti dinar (exponent 3).
    public static let kwd = Currency(verifiedCode: "KWD", minorUnitExponent: 3)
    /// The Bahraini dinar (exponent 3).
    public static let bhd = Currency(verifiedCode: "BHD", minorUnitExponent: 3)
}

extension Currency: CustomStringConvertible {
    /// The ISO 4217 code, such as `"EUR"`.
    public var description: String { code }
}

extension Currency: Codable {
    /// Decodes a currency from its code string.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is not a string; `DecodingError.dataCorrupted` (with
    ///   the `MoneyError` message) when the code is malformed or not an ISO 4217 currency.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let code = try container.decode(String.self)
        do {
            self = try Currency(code: code)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the currency as its code string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
