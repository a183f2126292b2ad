import Models

/// A JSON value built at run time, for the free-form parts of a response such as an error's `details`.
public enum APIValue: Sendable, Hashable, Encodable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// A string.
    case string(String)
    /// An integer.
    case integer(Int64)
    /// A boolean.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([APIValue])
    /// An object; encoded with sorted keys by the server's encoder.
    case object([String: APIValue])

    /// `{"amount_minor": Int, "currency": "EUR"}`, the contract's Money shape.
    public static func money(_ money: Money) -> APIValue {
        .object(["amount_minor": .integer(money.amountMinor), "currency": .string(money.currency.code)])
    }

    /// Creates a string value.
    public init(stringLiteral value: String) {
        self = .string(value)
    }

    /// Creates an integer value.
    public init(integerLiteral value: Int64) {
        self = .integer(value)
    }

    /// Creates a boolean value.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    /// Creates an array value.
    public init(arrayLiteral elements: APIValue...) {
        self = .array(elements)
    }

    /// Creates an object value.
    public init(dictionaryLiteral elements: (String, APIValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// Encodes the value as the JSON it stands for.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }
}
