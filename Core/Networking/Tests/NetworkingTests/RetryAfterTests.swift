import Foundation
import NetworkingTestSupport
import Testing

@testable import Networking

@Suite("Retry-After and retry_after", .timeLimit(.minutes(1)))
struct RetryAfterTests {
    /// Sends a GET answered first by `first`, then by a greeting, and returns the backoff wait the client chose.
    private func waitChosen(after first: ScriptedResponse, expected: Duration) async throws {
        let harness = ClientHarness(retryPolicy: retryThrice)
        harness.transport.enqueue([first, .json(#"{"message": "again"}"#)])
        let task = harness.start(Endpoint<Greeting>.greeting)
        try await harness.clock.advanceOnceSleeping(until: expected)
        #expect(try await task.value == Greeting(message: "again"))
        #expect(harness.clock.sleepDeadlines == [.seconds(10), expected, expected + .seconds(10)])
    }

    @Test("Retry-After in seconds sets the wait")
    func headerSeconds() async throws {
        try await waitChosen(
            after: .apiError(status: 503, code: "unavailable", headers: ["Retry-After": "5"]), expected: .seconds(5))
    }

    @Test("Retry-After as an HTTP-date is measured from the response's Date header")
    func headerDate() async throws {
        let headers = ["Date": "Thu, 01 Jan 2026 12:00:00 GMT", "Retry-After": "Thu, 01 Jan 2026 12:00:07 GMT"]
        try await waitChosen(
            after: .apiError(status: 429, code: "rate_limited", headers: headers), expected: .seconds(7))
    }

    @Test("Retry-After as an HTTP-date without a Date header is measured from the injected wall clock")
    func headerDateWithoutDateHeader() async throws {
        // The testing client's wall clock reads 2026-01-01T00:00:00Z.
        let headers = ["Retry-After": "Thu, 01 Jan 2026 00:00:04 GMT"]
        try await waitChosen(
            after: .apiError(status: 503, code: "unavailable", headers: headers), expected: .seconds(4))
    }

    @Test("Retry-After in the past means no extra wait: the backoff applies")
    func headerDateInPast() async throws {
        let headers = ["Date": "Thu, 01 Jan 2026 12:00:00 GMT", "Retry-After": "Thu, 01 Jan 2026 11:59:00 GMT"]
        try await waitChosen(
            after: .apiError(status: 503, code: "unavailable", headers: headers), expected: .seconds(1))
    }

    @Test(
        "an unparseable Retry-After is ignored: the backoff applies",
        arguments: ["soon", "-5", "1.5", "Thu, 32 Jan 2026 00:00:00 GMT"])
    func headerUnparseable(value: String) async throws {
        try await waitChosen(
            after: .apiError(status: 503, code: "unavailable", headers: ["Retry-After": value]), expected: .seconds(1))
    }

    @Test("the body's retry_after sets the wait when there is no header")
    func bodyRetryAfter() async throws {
        try await waitChosen(
            after: .data(try Fixture.data("error_rate_limited.json"), status: 429), expected: .seconds(3))
    }

    @Test("the header wins over the body's retry_after")
    func headerWinsOverBody() async throws {
        try await waitChosen(
            after: .apiError(status: 429, code: "rate_limited", retryAfter: 30, headers: ["Retry-After": "2"]),
            expected: .seconds(2)
        )
    }

    @Test("Retry-After on a non-JSON answer counts too")
    func headerOnHTMLAnswer() async throws {
        try await waitChosen(
            after: .html("<h1>Maintenance</h1>", status: 503, headers: ["Retry-After": "6"]), expected: .seconds(6))
    }

    @Test("a wait longer than the policy allows ends the call with the error instead of sleeping")
    func waitTooLong() async throws {
        let harness = ClientHarness(retryPolicy: retryThrice)
        harness.transport.enqueue([
            .apiError(status: 429, code: "rate_limited", headers: ["Retry-After": "120"]), .json(#"{"message": "no"}"#),
        ])
        let error = await #expect(throws: APIError.self) { try await harness.client.send(Endpoint<Greeting>.greeting) }
        #expect(error?.retryAfter == .seconds(120))
        #expect(error?.category == .rateLimited)
        #expect(harness.transport.requests.count == 1)
        #expect(harness.clock.sleepDeadlines == [.seconds(10)])
    }

    @Test("HTTP-date accepts the three forms of RFC 9110 §5.6.7")
    func httpDateForms() throws {
        let reference = try #require(apiDate("2026-01-01T00:00:00Z"))
        let expected = try #require(apiDate("1994-11-06T08:49:37Z"))
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT", reference: reference) == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", reference: reference) == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994", reference: reference) == expected)
        #expect(HTTPDate.parse("sun, 06 nov 1994 08:49:37 gmt", reference: reference) == expected)
        // A two-digit year more than 50 years ahead belongs to the previous century.
        #expect(
            HTTPDate.parse("Friday, 01-Jan-27 00:00:00 GMT", reference: reference) == apiDate("2027-01-01T00:00:00Z"))
        #expect(
            HTTPDate.parse("Tuesday, 01-Jan-80 00:00:00 GMT", reference: reference) == apiDate("1980-01-01T00:00:00Z"))
    }

    @Test(
        "malformed HTTP-dates are rejected",
        arguments: [
            "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
            "Xyz, 06 Nov 1994 08:49:37 GMT", "Sun, 30 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT",
            "Sun, 06 Nov 1994 08:49:37 GMT extra", "Sun, 06-Nov-94 08:49:37 GMT", "Sunday, 06 Nov 1994 08:49:37 GMT",
            "Sun Nov 6 08:49:37 1994", "",
        ]
    )
    func malformedHTTPDates(text: String) throws {
        #expect(HTTPDate.parse(text, reference: Date(timeIntervalSince1970: 0)) == nil)
    }

    @Test("Retry-After values map to waits")
    func retryAfterValues() throws {
        let now = try #require(apiDate("2026-01-01T00:00:00Z"))
        #expect(RetryAfter.delay(header: "0", responseDate: nil, now: now) == .zero)
        #expect(RetryAfter.delay(header: " 42 ", responseDate: nil, now: now) == .seconds(42))
        #expect(RetryAfter.delay(header: "99999999999999999999999", responseDate: nil, now: now)! > .seconds(1_000_000))
        #expect(RetryAfter.delay(header: nil, responseDate: nil, now: now) == nil)
        #expect(RetryAfter.delay(header: "", responseDate: nil, now: now) == nil)
        #expect(
            RetryAfter.delay(
                header: "Thu, 01 Jan 2026 00:00:01 GMT", responseDate: "not a date", now: now) == .seconds(1))
    }
}
