import Foundation
import NetworkingTestSupport
import TestSupport
import Testing

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `CurlTransport` against Debian's nginx on loopback (`NginxServer`), and against sockets that refuse or never
/// answer (`LoopbackSocket`).
@Suite("CurlTransport", .timeLimit(.minutes(1)))
struct CurlTransportTests {
    @Test("a GET goes out with its headers and comes back with status, headers and body")
    func getRoundTrip() async throws {
        let server = try await NginxServer()
        let transport = try makeCurlTransport(additionalHeaders: ["X-Probe": "default", "User-Agent": "storefront/t"])
        let (data, response) = try await transport.send(request(server.baseURL, "echo", headers: ["X-Probe": "p-1"]))
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "x-method") == "GET")
        #expect(String(decoding: data, as: UTF8.self) == "GET p-1")
        let (defaulted, _) = try await transport.send(request(server.baseURL, "echo"))
        #expect(String(decoding: defaulted, as: UTF8.self) == "GET default")
    }

    @Test("a POST sends its body; a 418 is an answer, not an error")
    func postRoundTripAndStatus() async throws {
        let server = try await NginxServer()
        let transport = try makeCurlTransport()
        let body = Data(#"{"message":"hi"}"#.utf8)
        let (echoed, response) = try await transport.send(
            request(server.baseURL, "body", method: "POST", headers: ["Content-Type": "application/json"], body: body))
        #expect(response.statusCode == 200)
        #expect(echoed == body)
        let (data, teapot) = try await transport.send(request(server.baseURL, "teapot"))
        #expect(teapot.statusCode == 418)
        #expect(teapot.value(forHTTPHeaderField: "X-Kind") == "teapot")
        #expect(String(decoding: data, as: UTF8.self) == "no")
    }

    @Test("a GET is revalidated with its entity tag: the server answers 304, the caller gets the kept 200")
    func entityTagRevalidation() async throws {
        let server = try await NginxServer()
        try server.write(Data(#"{"items":[]}"#.utf8), named: "page.json")
        let tags = EntityTagCache()
        let transport = try makeCurlTransport(entityTags: tags)
        let (first, firstResponse) = try await transport.send(request(server.baseURL, "files/page.json"))
        #expect(firstResponse.statusCode == 200 && firstResponse.value(forHTTPHeaderField: "ETag") != nil)
        let (second, secondResponse) = try await transport.send(request(server.baseURL, "files/page.json"))
        #expect(secondResponse.statusCode == 200)
        #expect(second == first)
        #expect(tags.revalidatedCount == 1)
    }

    @Test("GETs reuse a kept-alive connection; a keyed POST gets a fresh one that is not reused")
    func freshConnectionForPost() async throws {
        let server = try await NginxServer()
        let transport = try makeCurlTransport()
        func connection(_ method: String, body: Data? = nil) async throws -> (String?, String?) {
            var headers: [String: String] = [:]
            if body != nil {
                headers["Idempotency-Key"] = "k-1"
            }
            let (_, response) = try await transport.send(
                request(server.baseURL, "echo", method: method, headers: headers, body: body))
            return (
                response.value(forHTTPHeaderField: "X-Connection"),
                response.value(forHTTPHeaderField: "X-Connection-Requests")
            )
        }
        let (firstGet, _) = try await connection("GET")
        let (secondGet, secondCount) = try await connection("GET")
        #expect(firstGet == secondGet && secondCount == "2")
        let (post, postCount) = try await connection("POST", body: Data("{}".utf8))
        #expect(post != firstGet && postCount == "1")
        let (afterPost, _) = try await connection("GET")
        #expect(afterPost != post)
    }

    @Test("a refused connection is URLError(.cannotConnectToHost), transient and offline for the client")
    func refusedConnection() async throws {
        let socket = try LoopbackSocket(listening: false)
        defer { socket.close() }
        let transport = try makeCurlTransport()
        await expectURLError(.cannotConnectToHost) { _ = try await transport.send(request(socket.baseURL, "v1")) }
        let client = APIClient.testing(transport: transport, clock: ManualClock(), baseURL: socket.baseURL)
        let error = await #expect(throws: APIError.self) { try await client.send(Endpoint<Greeting>.greeting) }
        #expect(error == .transport(.cannotConnectToHost))
        #expect(error?.category == .offline && error?.isRetryable == true)
    }

    @Test("a connection closed without an answer is URLError(.networkConnectionLost), retryable")
    func droppedConnection() async throws {
        let server = try await NginxServer()
        let transport = try makeCurlTransport()
        await expectURLError(.networkConnectionLost) { _ = try await transport.send(request(server.baseURL, "drop")) }
        #expect(APIError.transport(.networkConnectionLost).isRetryable)
    }

    @Test("a server that never answers fails with URLError(.timedOut) after the idle timeout")
    func idleTimeout() async throws {
        let socket = try LoopbackSocket(listening: true)
        defer { socket.close() }
        let transport = try makeCurlTransport(idleTimeout: .milliseconds(300))
        await expectURLError(.timedOut) { _ = try await transport.send(request(socket.baseURL, "v1")) }
    }

    @Test("a 0.5 s attempt deadline on the client's clock ends the call with .timeout and removes the transfer")
    func attemptDeadline() async throws {
        let socket = try LoopbackSocket(listening: true)
        defer { socket.close() }
        let driver = try CurlDriver()
        let clock = ManualClock()
        let client = APIClient.testing(
            transport: try makeCurlTransport(driver: driver), clock: clock,
            timeouts: RequestTimeouts(attempt: .milliseconds(500), overall: .seconds(30)), baseURL: socket.baseURL)
        let task = TestTask { try await client.send(Endpoint<Greeting>.greeting) }
        try await clock.waitForSleepers(count: 1)
        try await waitUntil("the transfer is on the network") { driver.activeTransferCount == 1 }
        clock.advance(by: .milliseconds(499))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(1))
        await #expect(throws: APIError.timeout) { try await task.value }
        try await waitUntil("the driver removed the transfer") { driver.activeTransferCount == 0 }
    }

    @Test("cancelling the calling task ends the send in CancellationError and removes the transfer")
    func cancellation() async throws {
        let socket = try LoopbackSocket(listening: true)
        defer { socket.close() }
        let driver = try CurlDriver()
        let transport = try makeCurlTransport(driver: driver)
        let task = TestTask { try await transport.send(request(socket.baseURL, "v1")) }
        try await waitUntil("the transfer is on the network") { driver.activeTransferCount == 1 }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        try await waitUntil("the driver removed the transfer") { driver.activeTransferCount == 0 }
    }

    @Test("a cancel returns while the transfer's completion is held by a closed gate on the driver's thread")
    func cancelDuringHeldCompletion() async throws {
        let server = try await NginxServer()
        let gate = CompletionGate()
        defer { gate.open() }
        let driver = try CurlDriver(completionGate: { gate.hold($0) })
        let transport = try makeCurlTransport(driver: driver)
        let task = TestTask { try await transport.send(request(server.baseURL, "echo")) }
        try await waitUntil("the completion reached the gate") { !gate.arrivals.isEmpty }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(!gate.isOpen)
        gate.open()
        let (data, _) = try await transport.send(request(server.baseURL, "echo"))
        #expect(String(decoding: data, as: UTF8.self) == "GET ")
    }

    @Test("a body over the transport's cap fails with ResponseBodyTooLarge naming the URL and the cap")
    func bodyCap() async throws {
        let server = try await NginxServer()
        try server.write(patternedBytes(100_000), named: "big.bin")
        let transport = try makeCurlTransport(maximumBodyBytes: 10_000)
        for path in ["files/big.bin", "gzip/big.bin"] {
            let url = server.baseURL.appending(path: path)
            let error = await #expect(throws: ResponseBodyTooLarge.self) {
                _ = try await transport.send(URLRequest(url: url))
            }
            #expect(error == ResponseBodyTooLarge(url: url, limit: 10_000))
            #expect(error?.description.contains(url.absoluteString) == true)
            #expect(error?.description.contains("10000 bytes") == true)
        }
        let (whole, _) = try await makeCurlTransport(maximumBodyBytes: 100_000).send(
            request(server.baseURL, "gzip/big.bin"))
        expectSameBytes(whole, patternedBytes(100_000), "the whole body")
    }
}
