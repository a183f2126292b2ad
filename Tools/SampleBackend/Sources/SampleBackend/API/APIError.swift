import Foundation

/// An error answer in the contract's shape (DESIGN.md, "API contract"), the same on every route:
/// `{"error": {"code": "rate_limited", "message": "...", "retry_after": 30, "details": {...}}}`.
///
/// `code` is stable and machine-readable (clients branch on it); `message` is for people. 429 and 503 also carry a
/// `Retry-After` header in delay-seconds (RFC 9110 §10.2.3) equal to `retry_after`.
public struct APIError: Error, Sendable, Hashable {
    /// The HTTP status (4xx or 5xx).
    public var status: Int
    /// The stable code, such as `"price_changed"`.
    public var code: String
    /// A readable explanation.
    public var message: String
    /// Seconds after which a retry may succeed; sent for 429 and 503.
    public var retryAfterSeconds: Int?
    /// Facts a client acts on, such as `current_total` for `price_changed` or `product_ids` for `out_of_stock`.
    public var details: [String: APIValue]?
    /// Extra response headers, such as `Allow` on a 405 or `WWW-Authenticate` on a 401.
    public var headers: [String: String]

    /// Creates an error answer.
    public init(
        status: Int,
        code: String,
        message: String,
        retryAfterSeconds: Int? = nil,
        details: [String: APIValue]? = nil,
        headers: [String: String] = [:]
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
        self.details = details
        self.headers = headers
    }

    /// The error as an HTTP response with a JSON body.
    public var response: HTTPResponse {
        var headers = HTTPHeaders()
        headers["Content-Type"] = "application/json"
        for (name, value) in self.headers.sorted(by: { $0.key < $1.key }) {
            headers[name] = value
        }
        if let retryAfterSeconds {
            headers["Retry-After"] = String(retryAfterSeconds)
        }
        let body = (try? JSONCoding.encoder().encode(Envelope(error: self))) ?? Data()
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    private struct Envelope: Encodable {
        let error: APIError
    }
}

extension APIError: Encodable {
    private enum CodingKeys: String, CodingKey {
        case code, message
        case retryAfter = "retry_after"
        case details
    }

    /// Encodes the inner object of the error shape (`code`, `message`, `retry_after`?, `details`?).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(retryAfterSeconds, forKey: .retryAfter)
        try container.encodeIfPresent(details, forKey: .details)
    }
}

extension APIError {
    /// 400 `malformed_json`: the body is not JSON.
    static func malformedJSON(_ reason: String) -> APIError {
        APIError(status: 400, code: "malformed_json", message: "The request body is not valid JSON: \(reason)")
    }

    /// 400 `invalid_request`: the JSON does not have the expected shape (a missing field, a wrong type).
    static func invalidRequest(_ message: String) -> APIError {
        APIError(status: 400, code: "invalid_request", message: message)
    }

    /// 400 `invalid_parameter`: a query parameter is missing or out of range.
    static func invalidParameter(_ name: String, _ message: String) -> APIError {
        APIError(status: 400, code: "invalid_parameter", message: message, details: ["parameter": .string(name)])
    }

    /// 401 `unauthorized`, with `WWW-Authenticate: Bearer` (RFC 6750 §3).
    static func unauthorized(_ message: String) -> APIError {
        APIError(status: 401, code: "unauthorized", message: message, headers: ["WWW-Authenticate": "Bearer"])
    }

    /// 404 `not_found`.
    static func notFound(_ message: String) -> APIError {
        APIError(status: 404, code: "not_found", message: message)
    }

    /// 405 `method_not_allowed`, with the `Allow` header RFC 9110 §15.5.6 requires.
    static func methodNotAllowed(_ method: String, allowed: [String]) -> APIError {
        APIError(
            status: 405, code: "method_not_allowed",
            message: "\(method) is not allowed here; allowed: \(allowed.joined(separator: ", ")).",
            headers: ["Allow": allowed.joined(separator: ", ")])
    }

    /// 413 `payload_too_large`.
    static func payloadTooLarge(limit: Int) -> APIError {
        APIError(
            status: 413, code: "payload_too_large", message: "The request body is larger than \(limit) bytes.",
            details: ["limit_bytes": .integer(Int64(limit))])
    }

    /// 422 `validation_failed`: well-formed JSON whose values break a rule of the contract.
    static func validationFailed(_ field: String, _ message: String) -> APIError {
        APIError(status: 422, code: "validation_failed", message: message, details: ["field": .string(field)])
    }

    /// 503 `shutting_down`: the server is stopping.
    static func shuttingDown() -> APIError {
        APIError(
            status: 503, code: "shutting_down", message: "The server is shutting down.", retryAfterSeconds: 1)
    }

    /// 400 `bad_request`: the HTTP message itself is unacceptable (such as a missing `Host`).
    static func badRequest(_ message: String) -> APIError {
        APIError(status: 400, code: "bad_request", message: message)
    }

    /// 414 `uri_too_long`: the request target is longer than the server reads.
    static func uriTooLong(limit: Int) -> APIError {
        APIError(
            status: 414, code: "uri_too_long", message: "The request target is longer than \(limit) bytes.",
            details: ["limit_bytes": .integer(Int64(limit))])
    }

    /// 431 `headers_too_large`: the request line and headers are larger than the server reads.
    static func headersTooLarge(limit: Int) -> APIError {
        APIError(
            status: 431, code: "headers_too_large",
            message: "The request line and headers are larger than \(limit) bytes.",
            details: ["limit_bytes": .integer(Int64(limit))])
    }

    /// 503 `overloaded`: every handler slot is busy; retry after `Retry-After` seconds.
    static func overloaded() -> APIError {
        APIError(
            status: 503, code: "overloaded", message: "The server is busy; retry shortly.", retryAfterSeconds: 1)
    }

    /// 500 `internal_error`: a failure of the server itself (the store), never of the request.
    static func internalError() -> APIError {
        APIError(status: 500, code: "internal_error", message: "The server failed to handle the request.")
    }
}

/// The error responses the HTTP layer sends by itself.
enum ErrorResponses {
    static func payloadTooLarge(limit: Int) -> HTTPResponse {
        APIError.payloadTooLarge(limit: limit).response
    }

    static func shuttingDown() -> HTTPResponse {
        APIError.shuttingDown().response
    }
}
