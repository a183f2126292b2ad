import Foundation
import Networking
import NetworkingTestSupport
import Testing

@Suite("Cancellation and deadlines", .timeLimit(.minutes(1)))
struct CancellationAndDeadlineTests {
    @Test("cancelling the task during a request ends in CancellationError", arguments: [false, true])
    func cancelDuringRequest(delayed: Bool) async throws {
        let harness = ClientHarness(retryPolicy: retryThrice)
        harness.transport.enqueue(delayed ? .json(#"{"message": "late"}"#).delayed(by: .seconds(5)) : .stall)
        let task = harness.start(Endpoint<Greeting>.greeting)
        try await harness.transport.waitForRequests(count: 1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(harness.transport.requests.count == 1)
        #expect(harness.clock.manual.sleeperCount == 0)
    }

    @Test("cancelling the task during a backoff wait ends in CancellationError without another attempt")
    func cancelDuringBackoff() async throws {
        let harness = ClientHarness(retryPolicy: retryThrice)
        harness.transport.enqueue([.status(503), .json(#"{"message": "never"}"#)])
        let task = harness.start(Endpoint<Greeting>.greeting)
        try await harness.clock.waitForSleep(until: .seconds(1))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(harness.transport.requests.count == 1)
        #expect(harness.clock.manual.sleeperCount == 0)
    }

    @Test("a task cancelled before sending ends in CancellationError and sends nothing")
    func cancelledBeforeSending() async throws {
        let harness = ClientHarness()
        harness.transport.enqueue(.json(#"{"message": "never"}"#))
        let task = TestTask { [client = harness.client] in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(Endpoint<Greeting>.greeting)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(harness.transport.requests.isEmpty)
    }

    @Test("a cancellation the task did not ask for is APIError.cancelled, not retried")
    func transportCancellation() async throws {
        let harness = ClientHarness(retryPolicy: retryThrice)
        harness.transport.enqueue([.failure(.cancelled), .json(#"{"message": "never"}"#)])
        let error = await #expect(throws: APIError.cancelled) {
            try await harness.client.send(Endpoint<Greeting>.greeting)
        }
        #expect(error?.category == .cancelled)
        #expect(harness.transport.requests.count == 1)
    }

    @Test("a 0.5 s attempt deadline fires at exactly 0.5 s against a 10 s answer, not before, not rounded")
    func subSecondAttemptDeadline() async throws {
        let harness = ClientHarness(timeouts: RequestTimeouts(attempt: .milliseconds(500), overall: .seconds(30)))
        harness.transport.enqueue(.json(#"{"message": "too late"}"#).delayed(by: .seconds(10)))
        let task = harness.start(Endpoint<Greeting>.greeting)
        try await harness.clock.waitForSleep(until: .milliseconds(500))
        try await harness.clock.waitForSleep(until: .seconds(10))
        try await harness.clock.manual.waitForSleepers(count: 2)
        harness.clock.advance(to: .milliseconds(499))
        #expect(harness.clock.manual.sleeperCount == 2)
        harness.clock.advance(to: .milliseconds(500))
        let error = await #expect(throws: APIError.timeout) { try await task.value }
        #expect(error?.category == .timeout && error?.isRetryable == true)
        #expect(harness.clock.elapsed == .milliseconds(500))
        #expect(harness.clock.manual.sleeperCount == 0)
    }

    @Test("a timed-out attempt is retried with a new deadline")
    func timeoutThenRetry() async throws {
        let harness = ClientHarness(
            retryPolicy: retryThrice, timeouts: RequestTimeouts(attempt: .milliseconds(500), overall: .seconds(30)))
        harness.transport.enqueue([.stall, .json(#"{"message": "second time"}"#)])
        let task = harness.start(Endpoint<Greeting>.greeting)
        try await harness.clock.advanceOnceSleeping(until: .milliseconds(500))
        try await harness.clock.advanceOnceSleeping(until: .milliseconds(1500))
        #expect(try await task.value == Greeting(message: "second time"))
        #expect(harness.clock.sleepDeadlines == [.milliseconds(500), .milliseconds(1500), .seconds(2)])
    }

    @Test("the overall deadline bounds attempts and waits together, cutting the last attempt short")
    func overallDeadline() async throws {
        let policy = RetryPolicy(maxAttempts: 10, initialBackoff: .seconds(1), maxBackoff: .seconds(1))
        let harness = ClientHarness(
            retryPolicy: policy, timeouts: RequestTimeouts(attempt: .seconds(2), overall: .milliseconds(4500)))
        harness.transport.enqueue(Array(repeating: .stall, count: 10))
        let task = harness.start(Endpoint<Greeting>.greeting)
        try await harness.clock.advanceOnceSleeping(until: .seconds(2))
        try await harness.clock.advanceOnceSleeping(until: .seconds(3))
        try await harness.clock.advanceOnceSleeping(until: .milliseconds(4500))
        await #expect(throws: APIError.timeout) { try await task.value }
        #expect(harness.transport.requests.count == 2)
        #expect(harness.clock.elapsed == .milliseconds(4500))
        #expect(harness.clock.sleepDeadlines == [.seconds(2), .seconds(3), .milliseconds(4500)])
    }

    @Test("a retry wait that would pass the overall deadline ends the call with the error at once")
    func waitPastOverallDeadline() async throws {
        let harness = ClientHarness(
            retryPolicy: retryThrice, timeouts: RequestTimeouts(attempt: .seconds(10), overall: .seconds(3)))
        harness.transport.enqueue([
            .status(503), .apiError(status: 503, code: "unavailable", headers: ["Retry-After": "5"]), .status(200),
        ])
        let task = harness.start(Endpoint<Greeting>.greeting)
        try await harness.clock.advanceOnceSleeping(until: .seconds(1))
        let error = await #expect(throws: APIError.self) { try await task.value }
        #expect(error?.status == 503 && error?.retryAfter == .seconds(5))
        #expect(harness.transport.requests.count == 2)
        #expect(harness.clock.elapsed == .seconds(1))
        #expect(harness.clock.sleepDeadlines == [.seconds(3), .seconds(1), .seconds(3)])
    }
}
