import Foundation

/// Any JSON value (RFC 8259), kept in the form it arrived in: the `details` of an API error, whose shape depends on
/// its code; a preference kept as written until it is read as its own type; a feature flag of any type.
///
/// Object keys are kept exactly as sent, even when the decoder converts keys from snake_case (a coder's key strategy
/// does not apply to dictionary keys). `true` and `false` are `bool`, never a number. A number whose value is whole
/// and fits in `Int64` is `integer` (`2`, and also `2.0` and `1e3`: RFC 8259 gives them one meaning), so integers
/// never round-trip through `Double`; every other number (`0.5`, `1e19`) is `number`. Encoding writes each case back
/// as the same JSON type (an `integer` without a fraction).
public enum JSONValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number whose value is whole and fits in `Int64`.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; keys as sent.
    case object([String: JSONValue])

    /// Decodes whatever JSON value comes next.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the value is none of the JSON types (not possible with
    ///   `JSONDecoder`, which rejects malformed input before this runs).
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

    /// The JSON form of any `Encodable` value, as `encoder` writes it (its key, date and data strategies apply).
    ///
    /// - Throws: `EncodingError` when `encoder` cannot encode `value`; `DecodingError` when the encoder wrote a bare
    ///   non-JSON value (not possible with `JSONEncoder`).
    public init(encoding value: some Encodable, using encoder: JSONEncoder) throws {
        let data = try encoder.encode(value)
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Encodes the value as the JSON type it is.
    ///
    /// - Throws: `EncodingError.invalidValue` for a `number` that is NaN or infinite (JSON cannot write it) unless
    ///   the encoder has a non-conforming float strategy.
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

    /// The value under `key` when this is an object that has it; nil otherwise (also when this is not an object).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let entries) = self else { return nil }
        return entries[key]
    }

    /// The element at `index` when this is an array that long; nil otherwise (also when this is not an array).
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// Decodes the value as `type` with `decoder`, whose strategies apply (a decoder that converts keys from
    /// snake_case maps `current_total` to `currentTotal`).
    ///
    /// - Throws: `DecodingError` from `decoder` when the value does not fit `type` (the coding path is relative to
    ///   this value); `EncodingError.invalidValue` when the value holds a NaN or infinite `number`.
    public func decode<Value: Decodable>(_ type: Value.Type, using decoder: JSONDecoder) throws -> Value {
        let data = try JSONEncoder().encode(self)
        return try decoder.decode(Value.self, from: data)
    }
}
