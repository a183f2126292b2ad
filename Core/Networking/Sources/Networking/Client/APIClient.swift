import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends `Endpoint`s to the API and returns their decoded responses: the one way every feature talks to the server.
///
/// For each call the client builds the request, attaches one `X-Request-ID` for the whole logical call (every retry of
/// it carries the same id, so the server's log shows one request and its repeats) and, as the endpoint declares, the
/// bearer token; races each attempt against a deadline on the injected clock; decodes a 2xx body with the shared
/// decoder (`APIJSON`); turns anything else into an `APIError`; and repeats failed attempts as `RetryPolicy`
/// allows. A 401 hands the token that was sent to `AccessTokenProvider.invalidateToken(_:)` and ends with
/// `APIError.unauthorized`, without retrying.
///
/// Everything it depends on is injected (the App passes the live parts; tests pass a `ScriptedTransport` and a manual
/// clock), so it never reaches a shared session, the wall clock or randomness on its own. The client is an immutable
/// value: share it freely between tasks.
///
/// Every attempt is logged at debug level with its method, path (never the query), status or error, attempt
/// number, duration and request id; bodies and headers are never logged.
public struct APIClient: Sendable {
    /// The URL every endpoint path is appended to, such as `http://127.0.0.1:8080` or `https://api.example.com/api`.
    public let baseURL: URL
    /// The retry rules for endpoints that do not set their own.
    public let retryPolicy: RetryPolicy
    /// The deadlines for endpoints that do not set their own.
    public let timeouts: RequestTimeouts

    /// The transport requests go through, for downloads that are not API calls (pictures under the API base, which
    /// need no authentication, retries or JSON decoding).
    public let transport: any HTTPTransport
    let tokenProvider: (any AccessTokenProvider)?
    let timer: ClockTimer
    let logger: Logger
    let requestIDs: @Sendable () -> String
    let jitter: Jitter
    let currentDate: @Sendable () -> Date
    let decoder: JSONDecoder
    let encoder: JSONEncoder
    /// Decodes error envelopes with keys as sent, so `details` keeps the server's key spelling.
    let errorDecoder = JSONDecoder()

    /// Creates a client from its dependencies.
    ///
    /// - Parameters:
    ///   - baseURL: An absolute `http` or `https` URL with a host (a path prefix is allowed); requests to a bad base
    ///     URL fail with `APIError.invalidRequest`.
    ///   - transport: Sends the requests: `CurlTransport` in the App.
    ///   - tokenProvider: Supplies the bearer token; nil when the app has no sessions (then `.required` endpoints
    ///     fail with `APIError.unauthorized` and `.optional` ones are sent anonymously).
    ///   - clock: Measures deadlines, backoff waits and durations: `ContinuousClock()` in the App.
    ///   - retryPolicy: When failed attempts are repeated; endpoints may override it.
    ///   - timeouts: The per-attempt and overall deadlines; endpoints may override them.
    ///   - logger: Receives one debug record per attempt and one per retry decision.
    ///   - requestIDs: Returns the `X-Request-ID` of each call, reused by all its attempts (`{ UUID().uuidString }`
    ///     in the App); the value must be a valid header value.
    ///   - jitter: The random fractions of backoff waits: `.systemRandom` in the App.
    ///   - currentDate: The wall-clock time, used only to read a `Retry-After` HTTP-date when the response has no
    ///     `Date` header: `{ Date() }` in the App.
    public init(
        baseURL: URL,
        transport: any HTTPTransport,
        tokenProvider: (any AccessTokenProvider)?,
        clock: any Clock<Duration>,
        retryPolicy: RetryPolicy,
        timeouts: RequestTimeouts,
        logger: Logger,
        requestIDs: @escaping @Sendable () -> String,
        jitter: Jitter,
        currentDate: @escaping @Sendable () -> Date
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.tokenProvider = tokenProvider
        self.timer = ClockTimer(clock)
        self.retryPolicy = retryPolicy
        self.timeouts = timeouts
        self.logger = logger
        self.requestIDs = requestIDs
        self.jitter = jitter
        self.currentDate = currentDate
        self.decoder = APIJSON.makeDecoder()
        self.encoder = APIJSON.makeEncoder()
    }

    /// Sends `endpoint` and returns its decoded response, retrying as the retry policy allows. The deadlines start
    /// once the transport's server is ready (`HTTPTransport.waitUntilReady`).
    ///
    /// - Returns: The 2xx body decoded as `Response` (`EmptyResponse` without reading the body).
    /// - Throws: `CancellationError` when the calling task is cancelled, at any point (during an attempt or a
    ///   backoff wait); otherwise an `APIError`: the last attempt's error when attempts ran out, the error is not
    ///   retryable, the request is not safe to repeat, the server asked for a longer wait than the policy allows, or
    ///   the overall deadline leaves no time for another attempt.
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        let policy = endpoint.retryPolicy ?? retryPolicy
        let timeouts = endpoint.timeouts ?? self.timeouts
        let request: URLRequest
        do {
            request = try endpoint.urlRequest(baseURL: baseURL, encoder: encoder)
        } catch {
            logger.debug(
                "\(endpoint.method) \(endpoint.path) not sent: \(error)",
                metadata: ["http.method": "\(endpoint.method)", "http.path": "\(endpoint.path)"]
            )
            throw error
        }
        let requestID = requestIDs()
        do {
            // Outside every deadline: a server still being prepared is not a slow answer (`waitUntilReady`).
            try await transport.waitUntilReady()
        } catch {
            let mapped = Self.mapTransportError(error, url: request.url)
            let summary = (mapped as? APIError)?.logSummary ?? "cancelled"
            logger.debug(
                "\(endpoint.method) \(endpoint.path) not sent: the server is not ready: \(summary)",
                metadata: ["http.method": "\(endpoint.method)", "http.path": "\(endpoint.path)"])
            throw mapped
        }
        let overallDeadline = timer.now() + timeouts.overall
        var attempt = 1
        while true {
            try Task.checkCancellation()
            let context = AttemptContext(
                number: attempt,
                requestID: requestID,
                deadline: min(timer.now() + timeouts.attempt, overallDeadline)
            )
            do {
                return try await perform(endpoint, request: request, context: context)
            } catch let error as APIError {
                guard
                    let resumeAt = retryTime(
                        after: error, of: endpoint, attempt: attempt, requestID: requestID, policy: policy,
                        overallDeadline: overallDeadline)
                else {
                    logger.debug(
                        "\(endpoint.method) \(endpoint.path) failed after \(attempt) attempt(s): \(error.logSummary)",
                        metadata: [
                            "http.method": "\(endpoint.method)", "http.path": "\(endpoint.path)",
                            "http.attempt": "\(attempt)", "http.request_id": "\(error.requestID ?? requestID)",
                        ])
                    throw error
                }
                try await timer.sleepUntil(resumeAt)
                attempt += 1
            }
        }
    }

    /// When to start the next attempt after `error`, or nil to end the call with `error` (logged either way).
    private func retryTime<Response>(
        after error: APIError,
        of endpoint: Endpoint<Response>,
        attempt: Int,
        requestID: String,
        policy: RetryPolicy,
        overallDeadline: Duration
    ) -> Duration? {
        let metadata: Logger.Metadata = [
            "http.method": "\(endpoint.method)", "http.path": "\(endpoint.path)", "http.attempt": "\(attempt)",
            "http.request_id": "\(requestID)",
        ]
        let label = "\(endpoint.method) \(endpoint.path)"
        guard error.isRetryable, endpoint.isSafeToRepeat, attempt < max(policy.maxAttempts, 1) else {
            if error.isRetryable, !endpoint.isSafeToRepeat {
                logger.debug("\(label) not retried: not idempotent and no idempotency key", metadata: metadata)
            }
            return nil
        }
        let requested = error.retryAfter
        if let requested, requested > policy.maxRetryAfter {
            logger.debug(
                "\(label) not retried: the server asks to wait \(requested), more than \(policy.maxRetryAfter)",
                metadata: metadata
            )
            return nil
        }
        let backoff = policy.backoffCeiling(beforeRetry: attempt) * jitter.nextFraction()
        let wait = max(backoff, requested ?? .zero)
        let resumeAt = timer.now() + wait
        guard resumeAt < overallDeadline else {
            logger.debug("\(label) not retried: the overall deadline leaves no time", metadata: metadata)
            return nil
        }
        logger.debug("\(label) retrying in \(wait) after \(error.logSummary)", metadata: metadata)
        return resumeAt
    }
}

/// What one attempt needs to know about its place in the call.
struct AttemptContext {
    /// 1 for the first attempt.
    let number: Int
    /// The call's `X-Request-ID`, the same for every attempt.
    let requestID: String
    /// The elapsed clock time by which the attempt must have its answer.
    let deadline: Duration
}
