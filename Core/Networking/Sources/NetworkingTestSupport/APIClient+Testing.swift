import Foundation
import Logging
import Networking

extension APIClient {
    /// A client for tests: everything injected, with deterministic defaults.
    ///
    /// Defaults: base URL `ScriptedTransport.baseURL`, no token provider, one attempt (`RetryPolicy.noRetries`, so a
    /// failure surfaces at once), the standard deadlines (they only matter when the clock is advanced), a logger that
    /// captures into a `CapturingLogHandler` nobody reads, request ids `req-1`, `req-2`, …, a jitter of 1 (each wait is
    /// its full backoff ceiling) and a fixed wall clock, 2026-01-01T00:00:00Z.
    ///
    /// - Parameters:
    ///   - transport: Normally a `ScriptedTransport`.
    ///   - clock: The test's clock (a manual clock); the same one the transport's delays use.
    ///   - tokenProvider: The token source, such as an `InMemoryTokenProvider`.
    ///   - retryPolicy: The retry rules.
    ///   - timeouts: The deadlines.
    ///   - logger: The logger; pass one with your own `CapturingLogHandler` to read the records.
    ///   - requestIDs: The `X-Request-ID` generator.
    ///   - jitter: The backoff fractions.
    ///   - currentDate: The wall clock for `Retry-After` dates without a `Date` header.
    ///   - baseURL: The base URL.
    public static func testing(
        transport: any HTTPTransport,
        clock: any Clock<Duration>,
        tokenProvider: (any AccessTokenProvider)? = nil,
        retryPolicy: RetryPolicy = .noRetries,
        timeouts: RequestTimeouts = RequestTimeouts(),
        logger: Logger = Logger(label: "networking-test", handler: CapturingLogHandler()),
        requestIDs: @escaping @Sendable () -> String = SequentialRequestIDs().generator,
        jitter: Jitter = .fixed(1),
        currentDate: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_767_225_600) },
        baseURL: URL = ScriptedTransport.baseURL
    ) -> APIClient {
        APIClient(
            baseURL: baseURL,
            transport: transport,
            tokenProvider: tokenProvider,
            clock: clock,
            retryPolicy: retryPolicy,
            timeouts: timeouts,
            logger: logger,
            requestIDs: requestIDs,
            jitter: jitter,
            currentDate: currentDate
        )
    }
}
