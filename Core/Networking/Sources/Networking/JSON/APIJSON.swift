import Foundation

/// The one JSON configuration of the API, used by `APIClient` and by every feature for its DTOs (and for anything it
/// stores as JSON), so that client and server read and write the same shapes.
///
/// Decoding rules (`makeDecoder()`):
/// - keys: snake_case JSON keys map to camelCase properties (`author_name` → `authorName`). The conversion is
///   mechanical: `image_url` becomes `imageUrl`, so name the property `imageUrl` or give the DTO `CodingKeys`
///   (a `CodingKeys` value is matched against the converted key). Dictionary keys (`[String: T]`) are kept as sent.
/// - dates: ISO 8601 date-times with or without fractional seconds and with `Z` or an offset
///   (`2026-01-02T10:00:00Z`, `2026-01-02T10:00:00.123Z`, `2026-01-02T12:00:00+02:00`); a date without a zone fails.
/// - unknown keys are ignored; a missing key fails only for a non-optional property. Ids that arrive as numbers or
///   strings, unknown enum values and broken list items are handled by the DTO types (`Identifier`, an enum with an
///   `unknown` case, `LossyArray`).
///
/// Encoding rules (`makeEncoder()`): camelCase properties become snake_case keys, keys are sorted (the output is
/// byte-for-byte stable, for idempotent replays and tests), `/` is not escaped (`https://…` stays readable), dates are
/// written in UTC as `2026-01-02T10:00:00Z`, with milliseconds only when there is a fraction of a second.
///
/// Each call returns a new coder; a coder may be shared by concurrent tasks once configured.
public enum APIJSON {
    /// A decoder with the API's decoding rules (see the type's documentation).
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .custom(decodeDate)
        return decoder
    }

    /// An encoder with the API's encoding rules (see the type's documentation).
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom(encodeDate)
        return encoder
    }

    /// Parses an API timestamp with the decoder's rules; nil when `text` is not one.
    public static func date(from text: String) -> Date? {
        ISO8601Timestamp.parse(text)
    }

    /// Writes `date` as the encoder does (`2026-01-02T10:00:00Z`, `2026-01-02T10:00:00.250Z`); nil for a year
    /// outside 0001...9999.
    public static func string(from date: Date) -> String? {
        ISO8601Timestamp.format(date)
    }

    @Sendable
    private static func decodeDate(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = ISO8601Timestamp.parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected an ISO 8601 date-time with a zone, such as 2026-01-02T10:00:00Z"
            )
        }
        return date
    }

    @Sendable
    private static func encodeDate(_ date: Date, _ encoder: any Encoder) throws {
        guard let text = ISO8601Timestamp.format(date) else {
            throw EncodingError.invalidValue(
                date,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "the date's year is outside 0001...9999, which ISO 8601 text cannot hold"
                )
            )
        }
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
