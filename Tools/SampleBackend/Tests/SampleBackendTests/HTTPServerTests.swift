import Foundation
import Logging
import Primitives
import TestSupport
import Testing

@testable import SampleBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Counts handler entries and lets a test hold handlers until it releases them.
private final class Gate: Sendable {
    private let state = Locked((entered: 0, isOpen: false, waiters: [CheckedContinuation<Void, Never>]()))

    var entered: Int { state.withLock { $0.entered } }

    /// Called by a handler: counts it, then waits until the gate opens.
    func pass() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                state.entered += 1
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

private func startServer(
    _ configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    log: CapturingLogHandler = CapturingLogHandler(),
    handler: @escaping HTTPHandler
) throws -> (HTTPServer, TestClient) {
    let server = HTTPServer(configuration: configuration, logger: Logger(label: "http", handler: log), handler: handler)
    let port = try server.start()
    let client = try TestClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))
    return (server, client)
}

private func echo(_ request: HTTPRequest) -> HTTPResponse {
    let lines = [
        "method=\(request.method)", "path=\(request.path)", "segments=\(request.pathSegments.joined(separator: "|"))",
        "query=\(request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "|"))",
        "x-probe=\(request.headers["X-PROBE"] ?? "-")", "body=\(request.body.count)",
    ]
    return HTTPResponse(
        status: 200, headers: ["Content-Type": "text/plain"], body: Data(lines.joined(separator: "\n").utf8))
}

@Suite("HTTP server")
struct HTTPServerTests {
    @Test("port 0 binds an ephemeral port; path, query and headers arrive as sent")
    func requestParts() async throws {
        let (server, client) = try startServer { echo($0) }
        #expect(server.port != nil && server.port != 0)
        let response = try await client.get(
            "/v1/products/a%2Fb%20c/tail?q=red+shirt%2B&flag&na%6De=v%3D1", headers: ["x-probe": "case-insensitive"])
        await server.stop()
        let lines = response.text.split(separator: "\n").map(String.init)
        #expect(lines.contains("method=GET"))
        #expect(lines.contains("path=/v1/products/a%2Fb%20c/tail"))
        #expect(lines.contains("segments=v1|products|a/b c|tail"))
        #expect(lines.contains("query=q=red shirt+|flag=|name=v=1"))
        #expect(lines.contains("x-probe=case-insensitive"))
        #expect(server.port == nil)
    }

    @Test("a body over the limit gets 413 in the error shape; one at the limit reaches the handler")
    func bodyLimit() async throws {
        let (server, client) = try startServer(HTTPServerConfiguration(maximumBodyBytes: 1000)) { echo($0) }
        let tooLarge = try await client.send("POST", "/upload", body: Data(repeating: 0x61, count: 5000))
        let atLimit = try await client.send("POST", "/upload", body: Data(repeating: 0x61, count: 1000))
        await server.stop()
        #expect(tooLarge.status == 413)
        #expect(tooLarge.errorCode == "payload_too_large")
        #expect(atLimit.status == 200)
        #expect(atLimit.text.contains("body=1000"))
    }

    @Test("HEAD is answered with the headers only")
    func head() async throws {
        let (server, client) = try startServer { echo($0) }
        let response = try await client.send("HEAD", "/anything")
        await server.stop()
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
    }

    @Test("a dropping response closes the connection without an answer")
    func droppedConnection() async throws {
        let (server, client) = try startServer { _ in .droppingConnection() }
        await #expect(throws: URLError.self) {
            _ = try await client.get("/drop")
        }
        await server.stop()
    }

    @Test("stop waits for every request in flight to be answered, then refuses connections")
    func gracefulStop() async throws {
        let gate = Gate()
        let (server, client) = try startServer { request in
            await gate.pass()
            return echo(request)
        }
        let clients = (0..<6).map { index in
            Task { try await client.get("/slow/\(index)") }
        }
        try await waitUntil("all six handlers run") { gate.entered == 6 }
        #expect(server.requestsInFlight == 6)
        let stopping = Task { await server.stop() }
        try await waitUntil("the stop has begun") { server.core.isStopping }
        gate.open()
        await stopping.value
        for (index, task) in clients.enumerated() {
            let response = try await task.value
            #expect(response.status == 200)
            #expect(response.text.contains("path=/slow/\(index)"))
        }
        #expect(server.requestsInFlight == 0)
        #expect(server.core.runningHandlerCount == 0)
        await #expect(throws: URLError.self) {
            _ = try await TestClient(baseURL: client.baseURL).get("/after-stop")
        }
    }

    @Test("handlers still running after the grace period are cancelled, and their clients still get an answer")
    func gracePeriodCancels() async throws {
        let entered = Locked(0)
        let configuration = HTTPServerConfiguration(stopGracePeriod: .milliseconds(50))
        let (server, client) = try startServer(configuration) { _ in
            entered.withLock { $0 += 1 }
            do {
                try await Task.sleep(for: .seconds(3600))
                return HTTPResponse(status: 200)
            } catch {
                return APIError.shuttingDown().response
            }
        }
        let clients = (0..<3).map { _ in Task { try await client.get("/forever") } }
        try await waitUntil("three handlers run") { entered.withLock { $0 } == 3 }
        await server.stop()
        for task in clients {
            let response = try await task.value
            #expect(response.status == 503)
            #expect(response.errorCode == "shutting_down")
            #expect(response.header("Retry-After") == "1")
        }
    }

    @Test("the server's state is released after stop")
    func releasesState() async throws {
        weak var core: ServerCore?
        do {
            let (server, client) = try startServer { echo($0) }
            core = server.core
            _ = try await client.get("/once")
            await server.stop()
        }
        // NB: every request has completed when `stop()` returns, but the task that ran the last handler may still be
        // unwinding on another thread and drop its reference a moment later; wait for that, within a bound.
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while core != nil, ContinuousClock.now < deadline {
            await Task.yield()
        }
        #expect(core == nil)
    }

    @Test("bad configurations and a second start are refused with a clear error")
    func startErrors() throws {
        let logger = Logger(label: "http", handler: CapturingLogHandler())
        let badHost = HTTPServer(configuration: HTTPServerConfiguration(host: "example.com"), logger: logger) {
            echo($0)
        }
        #expect(throws: HTTPServerError.invalidHost("example.com")) { try badHost.start() }
        let badPool = HTTPServer(configuration: HTTPServerConfiguration(threadPoolSize: 0), logger: logger) { echo($0) }
        #expect(throws: HTTPServerError.self) { try badPool.start() }
        #expect(String(describing: HTTPServerError.invalidHost("x")).contains("invalid host"))
    }

    @Test("a port in use is reported, and libmicrohttpd's message goes to the logger")
    func portInUse() async throws {
        let log = CapturingLogHandler()
        let (first, _) = try startServer { echo($0) }
        let port = try #require(first.port)
        let second = HTTPServer(
            configuration: HTTPServerConfiguration(port: port), logger: Logger(label: "http", handler: log)
        ) { echo($0) }
        #expect(throws: HTTPServerError.cannotListen(host: "127.0.0.1", port: port)) { try second.start() }
        await first.stop()
        #expect(log.text.contains("libmicrohttpd"))
    }

    @Test("an IPv6 address is listened on")
    func ipv6() async throws {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(host: "::1"),
            logger: Logger(label: "http", handler: CapturingLogHandler())
        ) { echo($0) }
        let port = try server.start()
        let answer = try await Task.detached { try rawRequest(toIPv6Loopback: port, "GET /six HTTP/1.0\r\n\r\n") }.value
        await server.stop()
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect(answer.contains("path=/six"))
    }
}

/// Sends `request` to [::1]:`port` over a plain socket and returns the whole answer (URLSession on Linux does not
/// accept bracketed IPv6 hosts).
private func rawRequest(toIPv6Loopback port: UInt16, _ request: String) throws -> String {
    struct SocketFailure: Error {}
    let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw SocketFailure() }
    defer { close(descriptor) }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_port = port.bigEndian
    address.sin6_addr = in6addr_loopback
    let connected = withUnsafePointer(to: address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
    }
    guard connected == 0 else { throw SocketFailure() }
    let bytes = Array(request.utf8)
    guard write(descriptor, bytes, bytes.count) == bytes.count else { throw SocketFailure() }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { break }
        answer += buffer[0..<count]
    }
    return String(decoding: answer, as: UTF8.self)
}
