import Foundation
import NetworkingTestSupport
import TestSupport
import Testing

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live transport on loopback, without an HTTP server: a socket that refuses connections, and one that accepts
/// them (in the kernel's backlog) but never answers. Nothing here parses or writes HTTP.
@Suite("URLSessionTransport on loopback", .timeLimit(.minutes(1)))
struct URLSessionTransportTests {
    @Test("the session keeps no cookies, no cache and no credentials")
    func ephemeralConfiguration() {
        let configuration = URLSessionTransport(idleTimeoutSeconds: 30).configuration
        #expect(configuration.httpCookieStorage == nil)
        #expect(configuration.httpShouldSetCookies == false)
        #expect(configuration.urlCache == nil)
        #expect(configuration.urlCredentialStorage == nil)
        #expect(configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
        #expect(configuration.timeoutIntervalForRequest == 30)
    }

    @Test("a refused connection is a transient transport failure in the offline category")
    func refusedConnection() async throws {
        let socket = try LoopbackSocket(listening: false)
        defer { socket.close() }
        let client = APIClient.testing(
            transport: URLSessionTransport(), clock: ManualClock(), baseURL: socket.baseURL)
        let error = await #expect(throws: APIError.self) { try await client.send(Endpoint<Greeting>.greeting) }
        #expect(error == .transport(.cannotConnectToHost))
        #expect(error?.category == .offline && error?.isRetryable == true)
    }

    @Test("cancelling the task while the server is silent ends in CancellationError")
    func cancellationWhileWaiting() async throws {
        let socket = try LoopbackSocket(listening: true)
        defer { socket.close() }
        let clock = ManualClock()
        let client = APIClient.testing(transport: URLSessionTransport(), clock: clock, baseURL: socket.baseURL)
        let task = TestTask { try await client.send(Endpoint<Greeting>.greeting) }
        try await clock.waitForSleepers(count: 1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("URLSession itself reports cancellation as URLError(.cancelled)")
    func rawCancellation() async throws {
        let socket = try LoopbackSocket(listening: true)
        defer { socket.close() }
        let transport = URLSessionTransport()
        let request = URLRequest(url: socket.baseURL.appendingPathComponent("v1/feed"))
        let task = TestTask { try await transport.send(request) }
        task.cancel()
        await expectCancelledURLError(task)
    }

    @Test("a 0.5 s deadline ends a request to a silent server with a timeout when the clock says so")
    func subSecondDeadline() async throws {
        let socket = try LoopbackSocket(listening: true)
        defer { socket.close() }
        let clock = ManualClock()
        let client = APIClient.testing(
            transport: URLSessionTransport(),
            clock: clock,
            timeouts: RequestTimeouts(attempt: .milliseconds(500), overall: .seconds(30)),
            baseURL: socket.baseURL
        )
        let task = TestTask { try await client.send(Endpoint<Greeting>.greeting) }
        try await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(499))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(1))
        await #expect(throws: APIError.timeout) { try await task.value }
    }

    @Test("requests with a body or a non-idempotent method get a connection of their own; the others reuse")
    func ownConnectionRule() throws {
        let url = try #require(URL(string: "http://127.0.0.1:1/v1/orders"))
        func request(_ method: String, body: Data? = nil) -> URLRequest {
            var request = URLRequest(url: url)
            request.httpMethod = method
            request.httpBody = body
            return request
        }
        #expect(URLSessionTransport.needsOwnConnection(request("POST")))
        #expect(URLSessionTransport.needsOwnConnection(request("PATCH")))
        #expect(URLSessionTransport.needsOwnConnection(request("PUT", body: Data("{}".utf8))))
        #expect(!URLSessionTransport.needsOwnConnection(request("GET")))
        #expect(!URLSessionTransport.needsOwnConnection(request("PUT")))
        #expect(!URLSessionTransport.needsOwnConnection(request("DELETE")))
    }
}
