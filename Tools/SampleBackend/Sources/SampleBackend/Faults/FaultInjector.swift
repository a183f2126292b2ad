import Foundation
import Primitives

/// What the fault rules decided for one request.
struct FaultDecision: Sendable {
    /// The total delay before anything else happens.
    var latency: Duration = .zero
    /// An answer that replaces the route (a status rule, or a rate limit that was exceeded).
    var answer: APIError?
    /// Whether a successful route answer is replaced by closing the connection.
    var dropsAfterCommit = false
    /// Events after which an event stream is ended (`cut-after=N`); nil for no cut.
    var cutStreamAfterEvents: Int?

    /// The cut of the request being answered, for the event stream route (set by `StorefrontAPI` around the route).
    @TaskLocal static var streamCut: Int?
    /// The rules that applied, as written, for the access log.
    var appliedRules: [String] = []

    var isEmpty: Bool { appliedRules.isEmpty }
}

/// Applies the fault rules: decides per request, in rule order, which rules apply, and keeps their counters
/// (`times`, rate windows) and the seeded generator that draws `share`.
///
/// Every rule that applies adds its latency; the first one with an outcome decides it. Thread-safe: decisions are
/// made under a lock, so concurrent requests draw from the generator one at a time.
final class FaultInjector: Sendable {
    private struct RuleState {
        let rule: FaultRule
        var appliedCount = 0
        var windowStart: Date?
        var windowCount = 0
    }

    private struct State {
        var rules: [RuleState]
        var generator: SeededGenerator
    }

    private let state: Locked<State>
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - rules: The rules, applied in order.
    ///   - seed: Fixes the sequence of `share` draws.
    ///   - now: The clock rate windows are measured with.
    init(rules: [FaultRule], seed: UInt64, now: @escaping @Sendable () -> Date) {
        self.state = Locked(State(rules: rules.map { RuleState(rule: $0) }, generator: SeededGenerator(seed: seed)))
        self.now = now
    }

    /// The rules in effect.
    var rules: [FaultRule] {
        state.withLock { $0.rules.map(\.rule) }
    }

    /// Whether any rule is in effect (with none, `decide` always decides nothing).
    var hasRules: Bool {
        state.withLock { !$0.rules.isEmpty }
    }

    /// Replaces the rules; counters start over, the generator goes on.
    func setRules(_ rules: [FaultRule]) {
        state.withLock { $0.rules = rules.map { RuleState(rule: $0) } }
    }

    /// Decides the faults for `request`, counting it against the rules that apply.
    func decide(for request: HTTPRequest) -> FaultDecision {
        let instant = now()
        return state.withLock { state in
            var decision = FaultDecision()
            for index in state.rules.indices {
                let rule = state.rules[index].rule
                guard rule.matches(request) else { continue }
                if let times = rule.times, state.rules[index].appliedCount >= times { continue }
                if rule.share < 1, !state.generator.chance(rule.share) { continue }
                state.rules[index].appliedCount += 1
                var applied = false
                if let latency = rule.latency {
                    decision.latency += latency
                    applied = true
                }
                if decision.answer == nil, !decision.dropsAfterCommit, decision.cutStreamAfterEvents == nil,
                    let outcome = rule.outcome
                {
                    applied =
                        apply(outcome, of: rule, to: &decision, ruleState: &state.rules[index], at: instant)
                        || applied
                }
                if applied {
                    decision.appliedRules.append(rule.text)
                }
            }
            return decision
        }
    }

    /// Applies an outcome; false when it let the request through (a rate limit not yet reached).
    private func apply(
        _ outcome: FaultRule.Outcome, of rule: FaultRule, to decision: inout FaultDecision,
        ruleState: inout RuleState, at instant: Date
    ) -> Bool {
        switch outcome {
        case .status(let status, let retryAfter):
            decision.answer = Self.injectedError(status: status, retryAfter: retryAfter, rule: rule)
            return true
        case .dropAfterCommit:
            decision.dropsAfterCommit = true
            return true
        case .cutStream(let events):
            decision.cutStreamAfterEvents = events
            return true
        case .rateLimit(let requests, let period):
            let periodSeconds = Double(period.components.seconds)
            let start = ruleState.windowStart ?? instant
            let elapsed = instant.timeIntervalSince(start)
            if ruleState.windowStart == nil || elapsed >= periodSeconds || elapsed < 0 {
                ruleState.windowStart = instant
                ruleState.windowCount = 0
            }
            ruleState.windowCount += 1
            guard ruleState.windowCount > requests else { return false }
            let remaining = periodSeconds - instant.timeIntervalSince(ruleState.windowStart ?? instant)
            let retryAfter = max(1, Int(remaining.rounded(.up)))
            let unit = periodSeconds == 1 ? "second" : "minute"
            decision.answer = APIError(
                status: 429, code: "rate_limited",
                message: "Too many requests: at most \(requests) per \(unit) here. Retry after \(retryAfter) s.",
                retryAfterSeconds: retryAfter)
            return true
        }
    }

    private static func injectedError(status: Int, retryAfter: Int, rule: FaultRule) -> APIError {
        let codes = [
            400: "invalid_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 409: "conflict",
            422: "validation_failed", 429: "rate_limited", 500: "internal_error", 502: "bad_gateway",
            503: "unavailable", 504: "gateway_timeout",
        ]
        return APIError(
            status: status,
            code: codes[status] ?? (status >= 500 ? "server_error" : "client_error"),
            message: "Injected by the fault rule \"\(rule.text)\".",
            retryAfterSeconds: status == 429 || status == 503 ? retryAfter : nil,
            headers: status == 401 ? ["WWW-Authenticate": "Bearer"] : [:])
    }
}
