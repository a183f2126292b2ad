import Foundation
import Networking
import NetworkingTestSupport
import Testing

@Suite("Retries", .timeLimit(.minutes(1)))
struct RetryTests {
    @Test("a GET is retried after each retryable status and succeeds", arguments: [408, 429, 500, 502, 503, 504])
    func retryableStatus(status: Int) async throws {
        let harness = ClientHarness(retryPolicy: retryThrice)
        harness.transport.enqueue([
            .apiError(status: status, code: "try_again"),
            .json(#"{"message": "hello"}"#),
        ])
        let task = harness.start(Endpoint<Greeting>.greeting)
        try await harness.clock.advanceOnceSleeping(until: .seconds(1))
        #expect(try await task.value == Greeting(message: "hello"))
        #expect(harness.transport.requests.count == 2)
    }

    @Test(
        "a non-retryable status ends the call at once with the server's error",
        arguments: [400, 403, 404, 409, 410, 412, 413, 422, 501, 505]
    )
    func nonRetryableStatus(status: Int) async throws {
        let harness = ClientHarness(retryPolicy: retryThrice)
        harness.transport.enqueue(.apiError(status: status, code: "nope", message: "no"))
        await #expect(
            throws: APIError.http(status: status, body: APIErrorBody(code: "nope", message: "no"), retryAfter: nil)
        ) {
            try await harness.client.send(Endpoint<Greeting>.greeting)
        }
        #expect(harness.transport.requests.count == 1)
        #expect(harness.clock.sleepDeadlines == [.seconds(10)])
    }

    @Test("attempts are bounded: the last attempt's error ends the call, after waits of 1 s then 2 s")
    func boundedAttempts() async throws {
        let harness = ClientHarness(retryPolicy: retryThrice)
        harness.transport.enqueue(Array(repeating: .apiError(status: 503, code: "unavailable"), count: 3))
        let task = harness.start(Endpoint<Greeting>.greeting)
        try await harness.clock.advanceOnceSleeping(until: .seconds(1))
        try await harness.clock.advanceOnceSleeping(until: .seconds(3))
        await #expect(throws: APIError.http(status: 503, body: APIErrorBody(code: "unavailable"), retryAfter: nil)) {
            try await task.value
        }
        #expect(harness.transport.requests.count == 3)
        #expect(harness.clock.sleepDeadlines == [.seconds(10), .seconds(1), .seconds(11), .seconds(3), .seconds(13)])
    }

    @Test("the jitter scales every backoff wait (full jitter)")
    func jitterScalesBackoff() async throws {
        let harness = ClientHarness(retryPolicy: retryThrice, jitter: .fixed(0.25))
        harness.transport.enqueue([.status(500), .status(500), .json(#"{"message": "ok"}"#)])
        let task = harness.start(Endpoint<Greeting>.greeting)
        try await harness.clock.advanceOnceSleeping(until: .milliseconds(250))
        try await harness.clock.advanceOnceSleeping(until: .milliseconds(750))
        #expect(try await task.value == Greeting(message: "ok"))
    }

    @Test("backoff ceilings double from the initial backoff up to the maximum")
    func backoffCeilings() {
        let policy = RetryPolicy(maxAttempts: 9, initialBackoff: .milliseconds(300), maxBackoff: .seconds(2))
        #expect(
            (1...5).map(policy.backoffCeiling(beforeRetry:)) == [
                .milliseconds(300), .milliseconds(600), .milliseconds(1200), .seconds(2), .seconds(2),
            ])
        #expect(RetryPolicy(initialBackoff: .seconds(1)).backoffCeiling(beforeRetry: 10_000) == .seconds(8))
        #expect(Jitter.fixed(3).nextFraction() == 1)
        #expect(Jitter.fixed(-1).nextFraction() == 0)
        #expect(Jitter { .nan }.nextFraction() == 1)
        #expect((0..<100).allSatisfy { _ in (0...1).contains(Jitter.systemRandom.nextFraction()) })
    }

    @Test("a POST without an idempotency key is never retried")
    func postWithoutKey() async throws {
        let harness = ClientHarness(retryPolicy: retryThrice)
        harness.transport.enqueue([.apiError(status: 503, code: "unavailable"), .failure(.networkConnectionLost)])
        await #expect(throws: APIError.self) { try await harness.client.send(Endpoint<Greeting>.greeting(.post)) }
        #expect(harness.transport.requests.count == 1)
        #expect(harness.clock.sleepDeadlines == [.seconds(10)])
        #expect(harness.transport.pendingResponseCount == 1)
    }

    @Test("a POST with an idempotency key is retried with the same key and the same request id")
    func postWithKey() async throws {
        let harness = ClientHarness(retryPolicy: retryThrice)
        harness.transport.enqueue([
            .failure(.networkConnectionLost),
            .apiError(status: 502, code: "bad_gateway"),
            .json(#"{"message": "created"}"#, status: 201),
        ])
        let task = harness.start(Endpoint<Greeting>.greeting(.post, idempotencyKey: "order-7f3a"))
        try await harness.clock.advanceOnceSleeping(until: .seconds(1))
        try await harness.clock.advanceOnceSleeping(until: .seconds(3))
        #expect(try await task.value == Greeting(message: "created"))
        let requests = harness.transport.requests
        #expect(requests.map { $0.header("Idempotency-Key") } == ["order-7f3a", "order-7f3a", "order-7f3a"])
        #expect(requests.map { $0.header("X-Request-ID") } == ["req-1", "req-1", "req-1"])
        #expect(Set(requests.compactMap(\.body)).count == 1)
    }

    @Test("PUT and DELETE are idempotent and retried; PATCH is not", arguments: [HTTPMethod.put, .delete, .patch])
    func otherMethods(method: HTTPMethod) async throws {
        let harness = ClientHarness(retryPolicy: retryThrice)
        harness.transport.enqueue([.status(503), .json(#"{"message": "done"}"#)])
        let task = harness.start(Endpoint<Greeting>.greeting(method))
        if method.isIdempotent {
            try await harness.clock.advanceOnceSleeping(until: .seconds(1))
            #expect(try await task.value == Greeting(message: "done"))
            #expect(harness.transport.requests.map(\.method) == [method.rawValue, method.rawValue])
        } else {
            await #expect(throws: APIError.self) { try await task.value }
            #expect(harness.transport.requests.count == 1)
        }
    }

    @Test("transient transport failures are retried; permanent ones are not")
    func transportFailures() async throws {
        let harness = ClientHarness(retryPolicy: retryThrice)
        harness.transport.enqueue([
            .failure(.notConnectedToInternet), .failure(.timedOut), .json(#"{"message": "back"}"#),
        ])
        let task = harness.start(Endpoint<Greeting>.greeting)
        try await harness.clock.advanceOnceSleeping(until: .seconds(1))
        try await harness.clock.advanceOnceSleeping(until: .seconds(3))
        #expect(try await task.value == Greeting(message: "back"))

        let other = ClientHarness(retryPolicy: retryThrice)
        other.transport.enqueue([.failure(.secureConnectionFailed), .json(#"{"message": "never"}"#)])
        await #expect(
            throws: APIError.interrupted(TransferInterruption(kind: .tls, server: "api.storefront.test:443"))
        ) {
            try await other.client.send(Endpoint<Greeting>.greeting)
        }
        #expect(other.transport.requests.count == 1)
    }

    @Test("an endpoint's own retry policy overrides the client's")
    func endpointPolicy() async throws {
        let harness = ClientHarness(retryPolicy: retryThrice)
        harness.transport.enqueue([.status(503), .json(#"{"message": "unused"}"#)])
        var endpoint = Endpoint<Greeting>.greeting
        endpoint.retryPolicy = .noRetries
        await #expect(throws: APIError.self) { try await harness.client.send(endpoint) }
        #expect(harness.transport.requests.count == 1)
    }
}
