import Foundation
import Primitives

/// The error object every 4xx and 5xx answer of the API carries:
/// `{"error": {"code": "rate_limited", "message": "…", "retry_after": 30, "details": {…}}}`.
///
/// `code` stays a string, so a code this version does not know never fails decoding; compare it with the codes a
/// feature handles (`"price_changed"`, `"out_of_stock"`) and treat the rest by status. `details` is kept as JSON for
/// the feature that knows its shape: `try body.decodeDetails(PriceChangedDetails.self, using: APIJSON.makeDecoder())`.
public struct APIErrorBody: Sendable, Hashable, Codable {
    /// The machine-readable reason, such as `"price_changed"`.
    public var code: String
    /// A human-readable explanation from the server (English, for logs; not for display). Empty when absent.
    public var message: String
    /// How long the server asks the client to wait before trying again (`retry_after`, in seconds), if it says.
    public var retryAfter: Duration?
    /// The code-specific payload (`current_total` for `price_changed`, `product_ids` for `out_of_stock`), if any.
    public var details: JSONValue?
    /// The id of the request this answer belongs to, as the server knows it: a `request_id` in the body, else the
    /// `X-Request-ID` the server echoed on the response (`APIClient` fills it in). Quote it when reporting the
    /// failure: the server's log lines carry the same id. Nil when the server sent neither.
    public var requestID: String?

    /// Creates an error body.
    public init(
        code: String, message: String = "", retryAfter: Duration? = nil, details: JSONValue? = nil,
        requestID: String? = nil
    ) {
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
        self.details = details
        self.requestID = requestID
    }

    private struct Key: CodingKey {
        static let code = Key(stringValue: "code")
        static let message = Key(stringValue: "message")
        static let retryAfter = Key(stringValue: "retry_after")
        static let retryAfterFromSnakeCase = Key(stringValue: "retryAfter")
        static let details = Key(stringValue: "details")
        static let requestID = Key(stringValue: "request_id")
        static let requestIDFromSnakeCase = Key(stringValue: "requestId")

        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes the inner object of the envelope (`request_id`, when the body has one, into `requestID`). `retry_after` is read as a number of seconds (a negative or
    /// non-number value is ignored); it is also found when the decoder converts keys from snake_case.
    ///
    /// - Throws: `DecodingError` when `code` is missing or not a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        code = try container.decode(String.self, forKey: .code)
        message = (try? container.decodeIfPresent(String.self, forKey: .message)) ?? ""
        let seconds =
            (try? container.decodeIfPresent(Double.self, forKey: .retryAfter))
            ?? (try? container.decodeIfPresent(Double.self, forKey: .retryAfterFromSnakeCase))
        if let seconds, seconds.isFinite, seconds >= 0, seconds < 1e12 {
            retryAfter = .milliseconds(Int64((seconds * 1000).rounded(.up)))
        } else {
            retryAfter = nil
        }
        details = try? container.decodeIfPresent(JSONValue.self, forKey: .details)
        let requestID =
            (try? container.decodeIfPresent(String.self, forKey: .requestID))
            ?? (try? container.decodeIfPresent(String.self, forKey: .requestIDFromSnakeCase))
        self.requestID = requestID.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Encodes the wire shape (`retry_after` in whole seconds, rounded up).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        if let retryAfter {
            let (seconds, attoseconds) = retryAfter.components
            try container.encode(seconds + (attoseconds > 0 ? 1 : 0), forKey: .retryAfter)
        }
        try container.encodeIfPresent(details, forKey: .details)
        try container.encodeIfPresent(requestID, forKey: .requestID)
    }

    /// Decodes `details` as the feature's own type with `decoder` (normally `APIJSON.makeDecoder()`, so snake_case
    /// keys map to the type's properties).
    ///
    /// - Throws: `APIError.decoding` when there are no details or they do not fit `type` (naming `type`, the coding
    ///   path inside `details` and the reason).
    public func decodeDetails<Details: Decodable>(
        _ type: Details.Type,
        using decoder: JSONDecoder
    ) throws(APIError) -> Details {
        guard let details else {
            throw .decoding(
                DecodingFailure(
                    type: String(describing: type), codingPath: "details", reason: "the \(code) error has no details")
            )
        }
        do {
            return try details.decode(type, using: decoder)
        } catch {
            throw .decoding(DecodingFailure(error, decoding: type))
        }
    }
}

/// The envelope around `APIErrorBody`: `{"error": {…}}`.
struct APIErrorEnvelope: Decodable {
    let error: APIErrorBody
}
