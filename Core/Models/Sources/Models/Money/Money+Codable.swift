import Foundation

/// Money in the API's JSON shape, `{"amount_minor": 129900, "currency": "EUR"}`: an integer count of minor units
/// (never a float) and an ISO 4217 code.
///
/// The keys are spelled out, so the shape does not depend on the coder's key strategy: encoding writes
/// `amount_minor` under both the default strategy and `.convertToSnakeCase`; decoding reads `amount_minor`, or
/// `amountMinor`, the name `.convertFromSnakeCase` turns the same JSON key into.
extension Money: Codable {
    private struct Key: CodingKey {
        static let amountMinor = Key(stringValue: "amount_minor")
        static let amountMinorFromSnakeCase = Key(stringValue: "amountMinor")
        static let currency = Key(stringValue: "currency")

        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes `{"amount_minor": Int, "currency": "EUR"}`.
    ///
    /// - Throws: `DecodingError.keyNotFound` for a missing key; `DecodingError.dataCorrupted` at `amount_minor` for
    ///   a fractional number (`1299.5`) or one outside `Int64`; `DecodingError.typeMismatch` for a string amount;
    ///   `DecodingError.dataCorrupted` at `currency` for a malformed or unknown code. A number with an integral
    ///   value written with a fraction or exponent (`1299.0`, `1e3`) is the integer it denotes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let amountKey =
            container.contains(.amountMinor) || !container.contains(.amountMinorFromSnakeCase)
            ? Key.amountMinor : Key.amountMinorFromSnakeCase
        let amountMinor: Int64
        do {
            amountMinor = try container.decode(Int64.self, forKey: amountKey)
        } catch {
            // Foundation reports a number that does not fit as an internal error that only becomes "not valid
            // JSON" at the top level; read the number as a Decimal to say what is wrong with it.
            guard let number = try? container.decode(Decimal.self, forKey: amountKey) else { throw error }
            let problem =
                number.isWhole ? "is outside the Int64 range" : "has a fraction; it must be a whole number"
            throw DecodingError.dataCorruptedError(
                forKey: amountKey,
                in: container,
                debugDescription: "amount_minor \(number) \(problem) of minor units"
            )
        }
        let currency = try container.decode(Currency.self, forKey: .currency)
        self.init(amountMinor: amountMinor, currency: currency)
    }

    /// Encodes `{"amount_minor": Int, "currency": "EUR"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(amountMinor, forKey: .amountMinor)
        try container.encode(currency, forKey: .currency)
    }
}

extension Decimal {
    fileprivate var isWhole: Bool {
        var value = self
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return rounded == self
    }
}
