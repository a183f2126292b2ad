import Foundation

extension APIError {
    /// What kind of problem this is for the person using the app; a screen picks its message from it.
    public enum Category: String, Sendable, Hashable, CaseIterable {
        /// The device could not reach the server (no network, host unreachable, connection lost).
        case offline
        /// The server took too long (a deadline passed, or 408).
        case timeout
        /// The user must sign in (again).
        case unauthorized
        /// Signed in, but not allowed (403).
        case forbidden
        /// The thing asked for does not exist (404, 410).
        case notFound
        /// The request conflicts with the current state (409, 412), such as a price that changed.
        case conflict
        /// The server rejected what was sent (400, 413, 415, 422 and other 4xx).
        case invalidInput
        /// Too many requests; try again later (429).
        case rateLimited
        /// The server failed (5xx).
        case server
        /// The transport cancelled the request.
        case cancelled
        /// Something the app did not expect: an undecodable answer or a request that could not be built (a bug).
        case unexpected
    }

    /// The user-facing category (see `Category`).
    public var category: Category {
        switch self {
        case .transport(let code):
            return code == .timedOut ? .timeout : .offline
        case .interrupted(let interruption):
            // A cut connection or a TLS failure is, for a screen's choices (keep what is cached, offer a retry), like
            // being offline; a body over the cap is not something a retry fixes. The code and the sentence say
            // which (`TransferInterruption`).
            return interruption.kind == .responseTooLarge ? .unexpected : .offline
        case .timeout:
            return .timeout
        case .cancelled:
            return .cancelled
        case .http(let status, _, _), .unexpectedBody(let status, _, _):
            return Self.category(forStatus: status)
        case .decoding, .invalidRequest:
            return .unexpected
        case .unauthorized:
            return .unauthorized
        }
    }

    /// Whether the same request may succeed if sent again later: transport failures that come and go (see
    /// `isTransient(_:)`), timeouts, and the statuses 408, 429, 500, 502, 503 and 504 (RFC 9110 §15.5.9, RFC 6585
    /// §4, RFC 9110 §15.6). Whether `APIClient` actually repeats a request also depends on the request being safe to
    /// repeat (`Endpoint.isSafeToRepeat`) and on its retry policy.
    public var isRetryable: Bool {
        switch self {
        case .transport(let code):
            return Self.isTransient(code)
        case .interrupted(let interruption):
            return interruption.isTransient
        case .timeout:
            return true
        case .http(let status, _, _), .unexpectedBody(let status, _, _):
            return Self.retryableStatuses.contains(status)
        case .cancelled, .decoding, .invalidRequest, .unauthorized:
            return false
        }
    }

    /// The statuses worth repeating a request for: 408 Request Timeout, 429 Too Many Requests, 500 Internal Server
    /// Error, 502 Bad Gateway, 503 Service Unavailable, 504 Gateway Timeout.
    public static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// Whether a transport failure with `code` is about connectivity, which may be gone on the next attempt
    /// (timeouts, unreachable or unknown hosts, lost connections, no network, a garbled answer from a dropped
    /// connection); false for failures that repeat identically (bad URLs, TLS and certificate errors, too many
    /// redirects, cancellation).
    public static func isTransient(_ code: URLError.Code) -> Bool {
        switch code {
        case .timedOut, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed,
            .notConnectedToInternet, .internationalRoamingOff, .callIsActive, .dataNotAllowed, .badServerResponse,
            .resourceUnavailable, .cannotLoadFromNetwork:
            return true
        default:
            return false
        }
    }

    private static func category(forStatus status: Int) -> Category {
        switch status {
        case 401: return .unauthorized
        case 403: return .forbidden
        case 404, 410: return .notFound
        case 408: return .timeout
        case 409, 412: return .conflict
        case 429: return .rateLimited
        case 500...599: return .server
        case 400...499: return .invalidInput
        default: return .unexpected
        }
    }
}
