import Foundation

/// Any JSON value, kept as it arrived: the `details` of an API error, whose shape depends on its code.
///
/// Object keys are kept exactly as sent (no snake_case conversion). Numbers without a fraction that fit in `Int64`
/// are `integer`, other numbers `number`. Turn a value into a feature's own type with `decode(_:using:)`.
public enum JSONValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits in `Int64`.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; keys as sent.
    case object([String: JSONValue])

    /// Decodes whatever JSON value comes next.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the value is none of the JSON types (not possible with
    ///   `JSONDecoder`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    /// Encodes the value as it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value under `key` when this is an object that has it; nil otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let entries) = self else { return nil }
        return entries[key]
    }

    /// Decodes the value as `type` with `decoder` (normally `APIJSON.makeDecoder()`, so snake_case keys map to the
    /// type's properties): `try body.details?.decode(PriceChanged.self, using: decoder)`.
    ///
    /// - Throws: `APIError.decoding` naming `type`, the coding path and the reason when the value does not fit.
    public func decode<Value: Decodable>(_ type: Value.Type, using decoder: JSONDecoder) throws(APIError) -> Value {
        do {
            let data = try JSONEncoder().encode(self)
            return try decoder.decode(Value.self, from: data)
        } catch {
            throw .decoding(DecodingFailure(error, decoding: Value.self))
        }
    }
}
