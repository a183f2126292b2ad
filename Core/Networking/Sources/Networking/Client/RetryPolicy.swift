/// When and how long `APIClient` waits before repeating a failed request.
///
/// A request is repeated only when all of these hold: it is safe to repeat (an idempotent method, RFC 9110 §9.2.2,
/// or an idempotency key), the failure `isRetryable`, fewer than `maxAttempts` attempts were made, a wait the server
/// asked for is at most `maxRetryAfter`, and the next attempt can start before the overall deadline
/// (`RequestTimeouts.overall`).
///
/// The wait before retry *n* (n = 1 for the second attempt) uses exponential backoff with full jitter: a random
/// fraction (from the client's `Jitter`) of `min(maxBackoff, initialBackoff × 2^(n-1))`. When the server asked for a
/// wait (`Retry-After` or the body's `retry_after`), the client waits at least that long.
public struct RetryPolicy: Sendable, Hashable {
    /// The number of attempts, the first included; 1 never repeats. Values below 1 count as 1.
    public var maxAttempts: Int
    /// The backoff ceiling before the first retry.
    public var initialBackoff: Duration
    /// The largest backoff ceiling, however many retries came before.
    public var maxBackoff: Duration
    /// The longest server-requested wait the client sleeps through; a longer one ends the request with the error
    /// (which carries `retryAfter`), so the caller can schedule the retry instead of holding the user.
    public var maxRetryAfter: Duration

    /// Creates a policy; the defaults allow 3 attempts, backoff ceilings of 0.25 s, 0.5 s, … up to 8 s, and
    /// server-requested waits of up to 10 s.
    public init(
        maxAttempts: Int = 3,
        initialBackoff: Duration = .milliseconds(250),
        maxBackoff: Duration = .seconds(8),
        maxRetryAfter: Duration = .seconds(10)
    ) {
        self.maxAttempts = maxAttempts
        self.initialBackoff = initialBackoff
        self.maxBackoff = maxBackoff
        self.maxRetryAfter = maxRetryAfter
    }

    /// A policy that never repeats a request (one attempt).
    public static let noRetries = RetryPolicy(maxAttempts: 1)

    /// The backoff ceiling before retry `retry` (1 for the second attempt): `initialBackoff × 2^(retry-1)`, at most
    /// `maxBackoff`, never negative.
    public func backoffCeiling(beforeRetry retry: Int) -> Duration {
        var ceiling = max(initialBackoff, .zero)
        let cap = max(maxBackoff, .zero)
        var doublings = max(retry - 1, 0)
        while doublings > 0, ceiling < cap {
            ceiling = ceiling * 2
            doublings -= 1
        }
        return min(ceiling, cap)
    }
}
