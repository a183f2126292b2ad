import Foundation

/// Everything that can go wrong when `APIClient` sends a request, except cancellation of the calling task, which
/// always ends in `CancellationError`.
///
/// Features decide with `category` (what to tell the user), `isRetryable` (whether the same request may succeed
/// later), `status`, `code` and `retryAfter`; the cases keep the details for logs and for a feature that handles a
/// particular answer (`case .http(409, let body, _) where body.code == "price_changed"`).
public enum APIError: Error, Sendable, Hashable {
    /// No HTTP answer arrived: the connection could not be made or broke (`URLError` code, such as
    /// `.notConnectedToInternet`, `.cannotConnectToHost`, `.networkConnectionLost`). A transport error that is not a
    /// `URLError` is reported as `.unknown`.
    case transport(URLError.Code)

    /// A connection dropped before the answer was complete, a body cut short or over the cap, or a TLS failure,
    /// with the server's `host:port` (see `TransferInterruption`): said as such, never as being offline.
    case interrupted(TransferInterruption)

    /// An attempt passed its deadline (the client's per-attempt or overall deadline), or the transport reported
    /// `URLError(.timedOut)`. A 408 answer from the server is `http` or `unexpectedBody`.
    case timeout

    /// The transport reported a cancellation that the calling task did not ask for (`URLError(.cancelled)` while the
    /// task is not cancelled), such as a session that was invalidated.
    case cancelled

    /// The server answered a status outside 2xx (other than 401) with the API's JSON error body.
    /// `retryAfter` is the wait the server asked for: the `Retry-After` header (RFC 9110 §10.2.3, seconds or an
    /// HTTP-date), else the body's `retry_after`.
    case http(status: Int, body: APIErrorBody, retryAfter: Duration?)

    /// The server (or a proxy in front of it) answered a status outside 2xx with a body that is not the API's JSON
    /// error, such as an HTML error page; `excerpt` is the start of its text (tags removed, whitespace collapsed, at
    /// most 200 characters). `retryAfter` is the `Retry-After` header's wait, if any.
    case unexpectedBody(status: Int, excerpt: String, retryAfter: Duration?)

    /// A 2xx body (or error details) did not decode as the expected type.
    case decoding(DecodingFailure)

    /// The request could not be built (a bad path, base URL, header or body); nothing was sent. A programming error.
    case invalidRequest(reason: String)

    /// The server answered 401, or the endpoint requires a token and there is none (nothing was sent then). After a
    /// 401 the token that was sent has been handed to `AccessTokenProvider.invalidateToken(_:)`.
    case unauthorized

    /// The HTTP status of an `http` or `unexpectedBody` answer; nil for the other cases.
    public var status: Int? {
        switch self {
        case .http(let status, _, _), .unexpectedBody(let status, _, _): return status
        default: return nil
        }
    }

    /// The API error code (`"price_changed"`) when the server sent the API's error body.
    public var code: String? {
        guard case .http(_, let body, _) = self else { return nil }
        return body.code
    }

    /// The id of the failed request as the server knows it (`APIErrorBody.requestID`: the echoed `X-Request-ID`), for
    /// an `http` answer; nil for the other cases.
    public var requestID: String? {
        guard case .http(_, let body, _) = self else { return nil }
        return body.requestID
    }

    /// The wait the server asked for before a new attempt, if it did.
    public var retryAfter: Duration? {
        switch self {
        case .http(_, _, let retryAfter), .unexpectedBody(_, _, let retryAfter): return retryAfter
        default: return nil
        }
    }
}

extension APIError: CustomStringConvertible {
    /// A one-line summary for logs, such as `HTTP 409 price_changed: …`; never a body beyond the excerpt.
    public var description: String {
        switch self {
        case .transport(let code):
            return "transport failure (URLError \(code.rawValue))"
        case .interrupted(let interruption):
            return interruption.description
        case .timeout:
            return "timed out"
        case .cancelled:
            return "cancelled by the transport"
        case .http(let status, let body, _):
            return "HTTP \(status) \(body.code)" + (body.message.isEmpty ? "" : ": \(body.message)")
        case .unexpectedBody(let status, let excerpt, _):
            return "HTTP \(status) with a non-API body" + (excerpt.isEmpty ? "" : ": \(excerpt)")
        case .decoding(let failure):
            return failure.description
        case .invalidRequest(let reason):
            return "invalid request: \(reason)"
        case .unauthorized:
            return "unauthorized"
        }
    }
}

extension APIError {
    /// A summary for the client's own log records, without anything the server wrote (no message, no excerpt):
    /// `HTTP 503 unavailable`, `HTTP 502`, or the description of the other cases.
    var logSummary: String {
        switch self {
        case .http(let status, let body, _):
            return "HTTP \(status) \(body.code)" + (body.requestID.map { " (request \($0))" } ?? "")
        case .unexpectedBody(let status, _, _): return "HTTP \(status)"
        default: return description
        }
    }
}
