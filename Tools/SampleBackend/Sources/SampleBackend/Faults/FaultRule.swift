/// One fault to inject: which requests it applies to and what happens to them.
///
/// Written as one line (see `init(parsing:)` for the grammar):
///
/// ```
/// GET /v1/search?q=ab latency=2s
/// POST /v1/orders status=503 share=0.5
/// GET /v1/feed rate=5/s
/// POST /v1/orders drop-after-commit times=1
/// GET /v1/events cut-after=3 times=1
/// * /v1/** latency=300ms
/// ```
///
/// A request matches when the method, the path pattern and every query condition match. A matching rule applies
/// with probability `share` (drawn from the server's seeded generator, so a run with the same `--seed` and the same
/// request order applies it to the same requests) and at most `times` times. An applying rule first waits
/// `latency`, then produces its `outcome`: a status without running the route, a 429 past the rate, or the
/// route's success with the connection dropped instead of the response.
public struct FaultRule: Sendable, Hashable, CustomStringConvertible {
    /// What an applying rule does after its latency.
    public enum Outcome: Sendable, Hashable {
        /// Answer with this status (400...599) in the contract's error shape without running the route; 429 and
        /// 503 carry `Retry-After: retryAfterSeconds`.
        case status(Int, retryAfterSeconds: Int)
        /// Let `requests` matching requests through per `period`; answer the rest with `429 rate_limited` and a
        /// `Retry-After` of the seconds left in the period.
        case rateLimit(requests: Int, period: Duration)
        /// Run the route; when it succeeds (2xx, and not an idempotent replay) its work is committed, but the
        /// connection is closed instead of sending the response.
        case dropAfterCommit
        /// For an event stream (`GET /v1/events`): end the stream after this many events (replayed ones count),
        /// as a connection lost mid-stream; other routes are unaffected.
        case cutStream(afterEvents: Int)
    }

    /// The method to match (`"GET"`), or nil for any (`*`).
    public var method: String?
    /// The path pattern: literal segments, `*` or `{name}` for any one segment, and a final `**` for any rest.
    public var pathPattern: String
    /// Query conditions: each name must be present with this decoded value (`*` for any value).
    public var query: [String: String]
    /// The delay before the outcome (or before the route runs).
    public var latency: Duration?
    /// What happens after the latency; nil for a latency-only rule.
    public var outcome: Outcome?
    /// The probability (0...1) that a matching request is affected; 1 unless set.
    public var share: Double
    /// The most requests the rule affects; nil for no limit.
    public var times: Int?
    /// The rule as written.
    public let text: String

    /// The rule as written.
    public var description: String { text }

    /// Creates a rule from its parts; `text` is what `description` and the logs show.
    public init(
        method: String?,
        pathPattern: String,
        query: [String: String] = [:],
        latency: Duration? = nil,
        outcome: Outcome? = nil,
        share: Double = 1,
        times: Int? = nil,
        text: String
    ) {
        self.method = method
        self.pathPattern = pathPattern
        self.query = query
        self.latency = latency
        self.outcome = outcome
        self.share = share
        self.times = times
        self.text = text
    }

    /// Whether `request` is one this rule is about (before `share` and `times`).
    public func matches(_ request: HTTPRequest) -> Bool {
        if let method, method != request.method, !(method == "GET" && request.method == "HEAD") {
            return false
        }
        guard Self.pathMatches(pattern: pathPattern, segments: request.pathSegments) else { return false }
        for (name, wanted) in query {
            guard let value = request.queryValue(name), wanted == "*" || value == wanted else { return false }
        }
        return true
    }

    private static func pathMatches(pattern: String, segments: [String]) -> Bool {
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        for (index, part) in parts.enumerated() {
            if part == "**" {
                return true
            }
            guard index < segments.count else { return false }
            let isWildcard = part == "*" || (part.hasPrefix("{") && part.hasSuffix("}"))
            guard isWildcard || part == segments[index] else { return false }
        }
        return parts.count == segments.count
    }
}
