import Foundation
import Networking
import NetworkingTestSupport
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("ScriptedTransport and the other doubles", .timeLimit(.minutes(1)))
struct ScriptedTransportTests {
    private func request(_ path: String, method: String = "GET") throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "https://api.storefront.test" + path)))
        request.httpMethod = method
        return request
    }

    @Test("responses are taken in order, or by the first matcher that accepts the request")
    func ordersAndMatches() async throws {
        let transport = ScriptedTransport(clock: ManualClock())
        transport.enqueue(.json(#"{"for": "search"}"#), matching: { $0.path == "/v1/search" })
        transport.enqueue(.status(204))
        let (feedBody, feed) = try await transport.send(try request("/v1/feed"))
        let (searchBody, search) = try await transport.send(try request("/v1/search?q=a"))
        #expect(feed.statusCode == 204 && feedBody.isEmpty)
        #expect(search.statusCode == 200 && String(decoding: searchBody, as: UTF8.self) == #"{"for": "search"}"#)
        #expect(search.value(forHTTPHeaderField: "content-type") == "application/json")
        #expect(transport.requests.map(\.summary) == ["GET /v1/feed", "GET /v1/search"])
        #expect(transport.requests[1].queryItems == [URLQueryItem(name: "q", value: "a")])
        #expect(transport.pendingResponseCount == 0)
    }

    @Test("a request nothing was queued for records an issue and fails")
    func unexpectedRequest() async throws {
        let transport = ScriptedTransport(clock: ManualClock())
        let order = try request("/v1/orders", method: "POST")
        await withKnownIssue {
            await #expect(throws: ScriptedTransport.UnexpectedRequest.self) { try await transport.send(order) }
        } matching: { issue in
            issue.description.contains("no scripted response for POST /v1/orders")
        }
        #expect(transport.requests.count == 1)
    }

    @Test("a delayed response waits on the injected clock")
    func delayOnClock() async throws {
        let clock = ManualClock()
        let transport = ScriptedTransport(clock: clock)
        transport.enqueue(.json("{}").delayed(by: .seconds(3)))
        let task = TestTask { try await transport.send(try request("/v1/feed")).1.statusCode }
        try await clock.waitForSleepers(count: 1)
        #expect(clock.pendingDeadlines == [ManualClock.Instant(offset: .seconds(3))])
        clock.advance(by: .seconds(3))
        #expect(try await task.value == 200)
    }

    @Test("cancellation during a delay or a stall throws URLError(.cancelled), as URLSession does on Linux")
    func cancellationLikeURLSession() async throws {
        let transport = ScriptedTransport(clock: ManualClock())
        transport.enqueue([.stall, .json("{}").delayed(by: .seconds(1))])
        for expectedCount in 1...2 {
            let task = TestTask { try await transport.send(try request("/v1/feed")) }
            try await transport.waitForRequests(count: expectedCount)
            task.cancel()
            await expectCancelledURLError(task)
        }
    }

    @Test("waiting for requests fails after its real-time bound when they never come")
    func waitTimeout() async throws {
        let transport = ScriptedTransport(clock: ManualClock())
        await #expect(throws: ScriptedTransport.WaitTimeout.self) {
            try await transport.waitForRequests(count: 1, timeout: .milliseconds(10))
        }
    }

    @Test("recorded requests expose headers without regard to case, and the JSON body")
    func recordedRequest() throws {
        var urlRequest = try request("/v1/posts/a%2Fb/like?x=1", method: "PUT")
        urlRequest.setValue("k-1", forHTTPHeaderField: "Idempotency-Key")
        urlRequest.httpBody = Data(#"{"post_id": "a/b"}"#.utf8)
        let recorded = RecordedRequest(urlRequest)
        #expect(recorded.header("idempotency-key") == "k-1")
        #expect(recorded.path == "/v1/posts/a%2Fb/like")
        #expect(recorded.percentEncodedQuery == "x=1")
        #expect(recorded.jsonBody?["post_id"] == .string("a/b"))
    }

    @Test("request ids count up; scripted API errors carry the contract's shape")
    func smallDoubles() throws {
        let ids = SequentialRequestIDs(prefix: "r")
        #expect([ids.next(), ids.next(), ids.generator()] == ["r1", "r2", "r3"])
        let response = ScriptedResponse.apiError(
            status: 429, code: "rate_limited", message: "slow", retryAfter: 30, details: .object(["a": .integer(1)]))
        guard case .answer(429, let headers, let body) = response.outcome else {
            Issue.record("expected an answer")
            return
        }
        #expect(headers["Content-Type"] == "application/json")
        #expect(
            String(decoding: body, as: UTF8.self)
                == #"{"error":{"code":"rate_limited","details":{"a":1},"message":"slow","retry_after":30}}"#)
    }
}
