import Foundation
import Logging
import Networking
import NetworkingTestSupport
import Testing

@Suite("Client logging", .timeLimit(.minutes(1)))
struct ClientLoggingTests {
    @Test("each attempt is logged at debug with method, path, status, attempt, duration and request id")
    func attemptRecords() async throws {
        let capture = CapturingLogHandler()
        let harness = ClientHarness(retryPolicy: retryThrice, logger: Logger(label: "api", handler: capture))
        harness.transport.enqueue([
            .status(503).delayed(by: .milliseconds(250)), .json(#"{"message": "ok"}"#),
        ])
        let task = harness.start(Endpoint<Greeting>(.get, "/v1/posts/\("p 1")", authentication: .none))
        try await harness.clock.advanceOnceSleeping(until: .milliseconds(250))
        try await harness.clock.advanceOnceSleeping(until: .milliseconds(1250))
        _ = try await task.value

        let attempts = capture.records.filter { $0.metadata["http.status"] != nil }
        #expect(attempts.count == 2)
        #expect(attempts.allSatisfy { $0.level == .debug })
        #expect(attempts.map(\.metadata["http.status"]) == ["503", "200"])
        #expect(attempts.map(\.metadata["http.attempt"]) == ["1", "2"])
        #expect(attempts.map(\.metadata["http.request_id"]) == ["req-1", "req-1"])
        #expect(attempts.map(\.metadata["http.duration_ms"]) == ["250", "0"])
        #expect(attempts.allSatisfy { $0.metadata["http.method"] == "GET" })
        #expect(attempts.allSatisfy { $0.metadata["http.path"] == "/v1/posts/p%201" })
        #expect(capture.messages.contains { $0.hasPrefix("GET /v1/posts/p%201 retrying in 1.0 seconds") })
    }

    @Test("logs never contain bodies, server messages, query strings or the bearer token")
    func noSecretsInLogs() async throws {
        struct CardRequest: Encodable, Sendable { var number = "4242424242424242", cvc = "737" }
        let capture = CapturingLogHandler()
        let harness = ClientHarness(
            tokenProvider: InMemoryTokenProvider(token: "tok-s3cr3t"),
            retryPolicy: retryThrice,
            logger: Logger(label: "api", handler: capture)
        )
        harness.transport.enqueue([
            .json(#"{"token": "card_tok_9", "brand": "visa", "last4": "4242"}"#),
            .apiError(status: 422, code: "invalid_card", message: "card 4242424242424242 declined"),
            .apiError(status: 503, code: "unavailable", message: "overloaded by 4242424242424242"),
            .json(#"{"message": 5}"#),
        ])
        let card = Endpoint<EmptyResponse>(
            .post, "/v1/payment-methods/card", query: ["q": "private words"], body: CardRequest(),
            authentication: .required)
        _ = try await harness.client.send(card)
        await #expect(throws: APIError.self) { try await harness.client.send(card) }
        let task = harness.start(Endpoint<Greeting>(.get, "/v1/greeting", authentication: .required))
        try await harness.clock.advanceOnceSleeping(until: .seconds(1))
        await #expect(throws: APIError.self) { try await task.value }

        let text = capture.text
        #expect(text.contains("retrying in 1.0 seconds after HTTP 503 unavailable"))
        for secret in [
            "tok-s3cr3t", "4242424242424242", "737", "card_tok_9", "private", "words", "declined", "overloaded",
        ] {
            #expect(!text.contains(secret), "log text contains \(secret)")
        }
        #expect(capture.records.contains { $0.level == .warning && $0.message.description.contains("Greeting") })
    }
}
