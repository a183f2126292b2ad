import Foundation
import Primitives
import Testing

@testable import SampleBackend

@Suite("Fault rules: parsing and matching")
struct FaultRuleTests {
    @Test("the documented examples parse")
    func examples() throws {
        let latency = try FaultRule(parsing: "GET /v1/search?q=ab latency=2s")
        #expect(latency.method == "GET")
        #expect(latency.pathPattern == "/v1/search")
        #expect(latency.query == ["q": "ab"])
        #expect(latency.latency == .seconds(2))
        #expect(latency.outcome == nil)

        let status = try FaultRule(parsing: "POST /v1/orders status=503 share=0.5")
        #expect(status.outcome == .status(503, retryAfterSeconds: 1))
        #expect(status.share == 0.5)

        let rate = try FaultRule(parsing: "GET /v1/feed rate=5/s")
        #expect(rate.outcome == .rateLimit(requests: 5, period: .seconds(1)))

        let drop = try FaultRule(parsing: "  POST /v1/orders drop-after-commit times=1 ")
        #expect(drop.outcome == .dropAfterCommit)
        #expect(drop.times == 1)
        #expect(drop.description == "POST /v1/orders drop-after-commit times=1")

        let cut = try FaultRule(parsing: "GET /v1/events latency=1s cut-after=3 times=1")
        #expect(cut.outcome == .cutStream(afterEvents: 3))
        #expect(cut.latency == .seconds(1) && cut.times == 1)
        let any = try FaultRule(parsing: "* /v1/** latency=250ms status=429 retry-after=7 share=25%")
        #expect(any.method == nil)
        #expect(any.latency == .milliseconds(250))
        #expect(any.outcome == .status(429, retryAfterSeconds: 7))
        #expect(any.share == 0.25)
    }

    @Test(
        "bad rules are refused with a message that names the problem",
        arguments: [
            ("GET /v1/feed", "expected METHOD PATH ACTION"),
            ("FETCH /v1/feed latency=1s", "unknown method \"FETCH\""),
            ("GET v1/feed latency=1s", "must start with /"),
            ("GET /v1/**/x latency=1s", "** may only end the path"),
            ("GET /v1/search?q latency=1s", "must be NAME=VALUE"),
            ("GET /v1/feed latency=fast", "latency \"fast\" must be a duration"),
            ("GET /v1/feed status=200", "from 400 to 599"),
            ("GET /v1/feed rate=5", "rate \"5\" must be N/s or N/m"),
            ("GET /v1/feed rate=0/s", "must be N/s or N/m"),
            ("GET /v1/feed status=503 share=2", "share \"2\" must be a number from 0 to 1"),
            ("GET /v1/feed status=503 times=0", "times \"0\" must be at least 1"),
            ("GET /v1/feed status=503 rate=1/s", "only one of status=, rate=, drop-after-commit and cut-after="),
            ("GET /v1/events cut-after=2 drop-after-commit", "only one of status=, rate=, drop-after-commit and"),
            ("GET /v1/feed share=0.5", "needs latency=, status=, rate=, drop-after-commit or cut-after="),
            ("GET /v1/events cut-after=0", "cut-after \"0\" must be a number of events, at least 1"),
            ("GET /v1/feed status=500 retry-after=3", "retry-after goes with status=429 or status=503"),
            ("GET /v1/feed explode", "unknown action \"explode\""),
            ("GET /v1/feed colour=red", "unknown action \"colour\""),
        ])
    func errors(rule: String, expected: String) {
        #expect {
            try FaultRule(parsing: rule)
        } throws: { error in
            let description = String(describing: error)
            return description.contains(expected) && description.contains("invalid fault rule")
        }
    }

    @Test("parseAll stops at the first bad rule and names it")
    func parseAll() {
        #expect(throws: FaultRuleError.self) {
            try FaultRule.parseAll(["GET /v1/feed latency=1s", "GET /v1/feed nope"])
        }
        #expect((try? FaultRule.parseAll(["GET /v1/feed latency=1s", "PUT /v1/posts/*/like status=500"]))?.count == 2)
    }

    @Test("method, path pattern and query conditions decide a match")
    func matching() throws {
        let search = try FaultRule(parsing: "GET /v1/search?q=red%20shirt latency=1s")
        #expect(
            search.matches(
                HTTPRequest(method: "GET", path: "/v1/search", query: [.init(name: "q", value: "red shirt")])))
        #expect(
            search.matches(
                HTTPRequest(method: "HEAD", path: "/v1/search", query: [.init(name: "q", value: "red shirt")])))
        #expect(
            !search.matches(HTTPRequest(method: "GET", path: "/v1/search", query: [.init(name: "q", value: "red")])))
        #expect(
            !search.matches(
                HTTPRequest(method: "POST", path: "/v1/search", query: [.init(name: "q", value: "red shirt")])))

        let like = try FaultRule(parsing: "PUT /v1/posts/{id}/like status=500")
        #expect(like.matches(HTTPRequest(method: "PUT", path: "/v1/posts/post_1/like")))
        #expect(!like.matches(HTTPRequest(method: "PUT", path: "/v1/posts/post_1")))

        let everything = try FaultRule(parsing: "* /v1/** latency=1ms")
        #expect(everything.matches(HTTPRequest(method: "DELETE", path: "/v1/session")))
        #expect(everything.matches(HTTPRequest(method: "GET", path: "/v1")))
        #expect(!everything.matches(HTTPRequest(method: "GET", path: "/v2/feed")))

        let anyQuery = try FaultRule(parsing: "GET /v1/feed?cursor=* status=503")
        #expect(
            anyQuery.matches(HTTPRequest(method: "GET", path: "/v1/feed", query: [.init(name: "cursor", value: "x")])))
        #expect(!anyQuery.matches(HTTPRequest(method: "GET", path: "/v1/feed")))
    }
}

@Suite("Fault rules: decisions")
struct FaultInjectorTests {
    private let feed = HTTPRequest(method: "GET", path: "/v1/feed")

    private func pattern(seed: UInt64, rule: String, count: Int = 64) throws -> [Bool] {
        let injector = FaultInjector(
            rules: [try FaultRule(parsing: rule)], seed: seed, now: { Date(timeIntervalSince1970: 0) })
        return (0..<count).map { _ in injector.decide(for: feed).answer != nil }
    }

    @Test("share draws are reproducible from the seed")
    func shareIsSeeded() throws {
        let first = try pattern(seed: 7, rule: "GET /v1/feed status=503 share=0.5")
        let again = try pattern(seed: 7, rule: "GET /v1/feed status=503 share=0.5")
        let other = try pattern(seed: 8, rule: "GET /v1/feed status=503 share=0.5")
        #expect(first == again)
        #expect(first != other)
        let hits = first.filter { $0 }.count
        #expect(hits > 10 && hits < 54)
    }

    @Test("times limits how often a rule applies; latencies add up; the first outcome wins")
    func timesAndCombination() throws {
        let injector = FaultInjector(
            rules: try FaultRule.parseAll([
                "GET /v1/feed latency=100ms", "GET /v1/feed status=500 times=2", "GET /v1/feed latency=50ms status=503",
            ]),
            seed: 1, now: { Date(timeIntervalSince1970: 0) })
        let decisions = (0..<3).map { _ in injector.decide(for: feed) }
        #expect(decisions.map(\.latency) == [.milliseconds(150), .milliseconds(150), .milliseconds(150)])
        #expect(decisions.map { $0.answer?.status } == [500, 500, 503])
        #expect(decisions[0].appliedRules.count == 3)
        injector.setRules([])
        #expect(injector.decide(for: feed).isEmpty)
    }

    @Test("a rate limit lets N through per window and says when to retry")
    func rateWindow() throws {
        let clock = Locked(Date(timeIntervalSince1970: 1_000))
        let injector = FaultInjector(
            rules: [try FaultRule(parsing: "GET /v1/feed rate=2/s")], seed: 1, now: { clock.withLock { $0 } })
        #expect(injector.decide(for: feed).answer == nil)
        clock.withLock { $0 += 0.4 }
        #expect(injector.decide(for: feed).answer == nil)
        let limited = try #require(injector.decide(for: feed).answer)
        #expect(limited.status == 429)
        #expect(limited.code == "rate_limited")
        #expect(limited.retryAfterSeconds == 1)
        clock.withLock { $0 += 0.6 }
        #expect(injector.decide(for: feed).answer == nil)
    }
}
