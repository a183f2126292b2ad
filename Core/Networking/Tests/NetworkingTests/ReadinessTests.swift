import Foundation
import Networking
import NetworkingTestSupport
import Primitives
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport whose server is prepared first: `waitUntilReady()` suspends until the test says the server is ready
/// (or fails with the test's error), then requests go to the scripted transport.
private final class PreparingTransport: HTTPTransport {
    let base: ScriptedTransport
    private let state = Locked<(entered: Int, ready: CheckedContinuation<Void, any Error>?)>((0, nil))

    init(base: ScriptedTransport) {
        self.base = base
    }

    var enteredCount: Int { state.withLock { $0.entered } }

    func waitUntilReady() async throws {
        try await withCheckedThrowingContinuation { continuation in
            state.withLock { state in
                state.entered += 1
                state.ready = continuation
            }
        }
    }

    func finishPreparing(with result: Result<Void, any Error>) {
        state.withLock { state in
            state.ready?.resume(with: result)
            state.ready = nil
        }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await base.send(request)
    }
}

@Suite("The server's preparation is outside the deadlines", .timeLimit(.minutes(1)))
struct ReadinessTests {
    @Test("a server that takes 10 s to be ready does not time out a call whose attempt deadline is 0.5 s")
    func deadlinesStartWhenReady() async throws {
        let clock = SleepTrackingClock()
        let scripted = ScriptedTransport(clock: clock)
        scripted.enqueue(.json(#"{"message": "ready now"}"#))
        let transport = PreparingTransport(base: scripted)
        let client = APIClient.testing(
            transport: transport, clock: clock,
            timeouts: RequestTimeouts(attempt: .milliseconds(500), overall: .seconds(2)))
        let task = TestTask { try await client.send(Endpoint<Greeting>.greeting) }
        try await waitUntil("the client waits for the server to be ready") { transport.enteredCount == 1 }
        #expect(scripted.requests.isEmpty, "nothing is sent before the server is ready")
        clock.advance(to: .seconds(10))
        transport.finishPreparing(with: .success(()))
        #expect(try await task.value == Greeting(message: "ready now"))
        #expect(scripted.requests.count == 1)
    }

    @Test("a server that never became ready ends the call with the transport's APIError, sending nothing")
    func notReady() async throws {
        let clock = SleepTrackingClock()
        let scripted = ScriptedTransport(clock: clock)
        let transport = PreparingTransport(base: scripted)
        let client = APIClient.testing(transport: transport, clock: clock, retryPolicy: retryThrice)
        let task = TestTask { try await client.send(Endpoint<Greeting>.greeting) }
        try await waitUntil("the client waits for the server to be ready") { transport.enteredCount == 1 }
        let notReady = APIError.http(
            status: 503, body: APIErrorBody(code: "server_not_ready", message: "not ready within 120 s"),
            retryAfter: nil)
        transport.finishPreparing(with: .failure(notReady))
        await #expect(throws: notReady) { try await task.value }
        #expect(scripted.requests.isEmpty)
        #expect(transport.enteredCount == 1, "the wait is not repeated as a retry")
    }
}
