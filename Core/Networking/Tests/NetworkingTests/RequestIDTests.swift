import Foundation
import Logging
import Networking
import NetworkingTestSupport
import Testing

@Suite("Request ids", .timeLimit(.minutes(1)))
struct RequestIDTests {
    @Test("every attempt of one call carries the same X-Request-ID; the next call gets a new one")
    func oneIDPerCall() async throws {
        let harness = ClientHarness(retryPolicy: retryThrice)
        harness.transport.enqueue([
            .failure(.networkConnectionLost), .status(503), .json(#"{"message": "one"}"#),
            .json(#"{"message": "two"}"#),
        ])
        let task = harness.start(Endpoint<Greeting>.greeting)
        try await harness.clock.advanceOnceSleeping(until: .seconds(1))
        try await harness.clock.advanceOnceSleeping(until: .seconds(3))
        #expect(try await task.value == Greeting(message: "one"))
        #expect(try await harness.client.send(Endpoint<Greeting>.greeting) == Greeting(message: "two"))
        #expect(harness.transport.requests.map { $0.header("X-Request-ID") } == ["req-1", "req-1", "req-1", "req-2"])
    }

    @Test("the API error carries the id the server echoed, and the failure's log line names it")
    func echoedIDInErrorAndLog() async throws {
        let capture = CapturingLogHandler()
        let harness = ClientHarness(retryPolicy: retryThrice, logger: Logger(label: "api", handler: capture))
        harness.transport.enqueue([
            .apiError(status: 503, code: "unavailable", headers: ["X-Request-ID": "req-1"]),
            .apiError(status: 409, code: "price_changed", headers: ["X-Request-ID": "srv-42"]),
        ])
        let task = harness.start(Endpoint<Greeting>.greeting)
        try await harness.clock.advanceOnceSleeping(until: .seconds(1))
        let error = await #expect(throws: APIError.self) { try await task.value }
        #expect(error?.code == "price_changed")
        #expect(error?.requestID == "srv-42")

        let failure = try #require(
            capture.records.first { $0.message.description.contains("failed after 2 attempt(s)") })
        #expect(failure.message.description.contains("HTTP 409 price_changed (request srv-42)"))
        #expect(failure.metadata["http.request_id"] == "srv-42")
        let answers = capture.records.filter { $0.metadata["http.status"] != nil }
        #expect(answers.map(\.metadata["http.request_id"]) == ["req-1", "req-1"])
        #expect(answers.map(\.metadata["http.server_request_id"]) == [nil, "srv-42"])
    }

    @Test("a request_id in the error body wins over the header; no id at all leaves it nil")
    func bodyIDAndNoID() async throws {
        let harness = ClientHarness()
        harness.transport.enqueue([
            .json(
                #"{"error": {"code": "bad", "message": "", "request_id": "body-7"}}"#, status: 400,
                headers: ["X-Request-ID": "hdr-7"]),
            .apiError(status: 400, code: "bad"),
        ])
        let first = await #expect(throws: APIError.self) { try await harness.client.send(Endpoint<Greeting>.greeting) }
        #expect(first?.requestID == "body-7")
        let second = await #expect(throws: APIError.self) { try await harness.client.send(Endpoint<Greeting>.greeting) }
        #expect(second?.requestID == nil)
        #expect(APIError.timeout.requestID == nil)
    }
}
