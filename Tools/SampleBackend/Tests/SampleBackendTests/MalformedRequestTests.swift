import Foundation
import Logging
import Testing

@testable import SampleBackend

#if canImport(Glibc)
    import Glibc
#endif

/// Starts an HTTP server with `configuration` and a handler answering `200 ok` (JSON); returns it and its port.
private func startPlainServer(
    _ configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    handler: HTTPHandler? = nil
) throws -> (HTTPServer, UInt16) {
    let server = HTTPServer(
        configuration: configuration, logger: Logger(label: "http", handler: CapturingLogHandler()),
        handler: handler ?? { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"ok":true}"#.utf8))
        })
    return (server, try server.start())
}

@Suite("HTTP: malformed requests, slow and greedy clients")
struct MalformedRequestTests {
    /// Requests by name, so test output names the case instead of printing kilobytes of request.
    static let refusedHeads: [String: (request: String, status: Int, code: String)] = [
        "HTTP/1.1 without Host": ("GET /x HTTP/1.1\r\nConnection: close\r\n\r\n", 400, "bad_request"),
        "two Host headers": ("GET /x HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n", 400, "bad_request"),
        "HTTP/1.2 without Host": ("GET /x HTTP/1.2\r\nConnection: close\r\n\r\n", 400, "bad_request"),
        "9,000-byte path": (
            "GET /" + String(repeating: "u", count: 9000) + " HTTP/1.1\r\nHost: h\r\n\r\n", 414, "uri_too_long"
        ),
        "9,000-byte query": (
            "GET /x?q=" + String(repeating: "1", count: 9000) + " HTTP/1.1\r\nHost: h\r\n\r\n", 414, "uri_too_long"
        ),
        "11 KB of headers": (
            "GET /x HTTP/1.1\r\nHost: h\r\n"
                + (0..<100).map { "X-Filler-\($0): \(String(repeating: "v", count: 100))\r\n" }.joined() + "\r\n",
            431, "headers_too_large"
        ),
    ]

    @Test(
        "heads the server refuses itself get the contract's JSON error with a JSON content type",
        arguments: refusedHeads.keys.sorted())
    func refusedAsJSON(name: String) async throws {
        let (request, status, code) = try #require(Self.refusedHeads[name])
        let (server, port) = try startPlainServer()
        let answer = try await rawExchange(port: port, request)
        await server.stop()
        #expect(answer.status == status, "\(answer.head.prefix(200))")
        #expect(answer.header("Content-Type") == "application/json")
        #expect(answer.errorCode == code)
        #expect(answer.header("X-Request-Id")?.hasPrefix("req_") == true, "a made id names the refusal")
    }

    @Test("a head the server refuses itself echoes the request's X-Request-Id")
    func refusalEchoesRequestID() async throws {
        let (server, port) = try startPlainServer()
        let answer = try await rawExchange(
            port: port, "GET /x HTTP/1.1\r\nHost: a\r\nHost: b\r\nX-Request-Id: trace-7\r\nConnection: close\r\n\r\n")
        await server.stop()
        #expect(answer.status == 400)
        #expect(answer.header("X-Request-Id") == "trace-7")
    }

    @Test("HTTP/1.0 without Host and HTTP/1.2 with Host are served (RFC 9112 §3.2, RFC 9110 §2.5)")
    func acceptedVersions() async throws {
        let (server, port) = try startPlainServer()
        let old = try await rawExchange(port: port, "GET /x HTTP/1.0\r\n\r\n")
        let newer = try await rawExchange(port: port, "GET /x HTTP/1.2\r\nHost: h\r\nConnection: close\r\n\r\n")
        await server.stop()
        #expect(old.status == 200)
        #expect(newer.status == 200)
    }

    /// These are answered by libmicrohttpd before the server sees the request; 0.9.75 has no way to replace its
    /// bodies (openapi.yaml and the README say so). The test pins the status (0: closed without an answer) so a
    /// library that changes it is noticed, and checks the server keeps serving afterwards.
    static let libraryRefusals: [String: (request: String, status: Int)] = [
        "a request line of one word (closed unanswered)": ("GARBAGE\r\n\r\n", 0),
        "an unknown protocol in the request line": ("GET /x FOO\r\n\r\n", 400),
        "header line without a colon": ("GET /x HTTP/1.1\r\nHost: h\r\nNoColonHere\r\n\r\n", 400),
        "Content-Length: abc": ("POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: abc\r\n\r\n", 400),
        "Content-Length past 2^64": (
            "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413
        ),
        "HTTP/2.0": ("GET /x HTTP/2.0\r\nHost: h\r\n\r\n", 505),
        "140,000-byte path (past the connection memory)": (
            "GET /" + String(repeating: "u", count: 140_000) + " HTTP/1.1\r\nHost: h\r\n\r\n", 414
        ),
    ]

    /// These are answered by libmicrohttpd before the server sees the request; 0.9.75 has no way to replace its
    /// bodies (openapi.yaml and the README say so). The test pins the status (0: closed without an answer) so a
    /// library that changes it is noticed, and checks the server keeps serving afterwards.
    @Test(
        "requests libmicrohttpd refuses on its own get its status, and the server keeps serving",
        arguments: libraryRefusals.keys.sorted())
    func refusedByTheLibrary(name: String) async throws {
        let (request, status) = try #require(Self.libraryRefusals[name])
        let (server, port) = try startPlainServer()
        let answer = try await rawExchange(port: port, request)
        let after = try await rawExchange(port: port, "GET /x HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        await server.stop()
        #expect(answer.status == status, "\(answer.head.prefix(300))")
        #expect(after.status == 200)
    }

    /// Sends `opening`, then `piece(n)` every 200 ms (a read waiting that long in between) up to 50 times; whether
    /// the server closed the connection meanwhile. Each piece keeps libmicrohttpd's inactivity timer fresh, so only
    /// a stage deadline can end the connection.
    private func isCutWhileTrickling(
        _ configuration: HTTPServerConfiguration, opening: String, piece: @escaping @Sendable (Int) -> String
    ) async throws -> Bool {
        let (server, port) = try startPlainServer(configuration)
        let closed = try await onOwnThread { () -> Bool in
            let connection = try RawConnection(port: port, receiveTimeout: .milliseconds(200))
            connection.send(opening)
            for index in 0..<50 {
                guard connection.send(piece(index)) else { return true }
                if connection.isClosedByServer() { return true }
            }
            return false
        }
        await server.stop()
        return closed
    }

    @Test("a head trickled in line by line is cut at the head deadline, long before the idle timeout")
    func slowHead() async throws {
        let closed = try await isCutWhileTrickling(
            HTTPServerConfiguration(idleTimeoutSeconds: 30, headTimeoutSeconds: 1),
            opening: "GET /x HTTP/1.1\r\nHost: h\r\n", piece: { "X-Slow-\($0): v\r\n" })
        #expect(closed, "the connection was still open after 10 s of trickling")
    }

    @Test("a body trickled in is cut at the body deadline")
    func slowBody() async throws {
        let closed = try await isCutWhileTrickling(
            HTTPServerConfiguration(bodyTimeoutSeconds: 1),
            opening: "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 1000\r\n\r\n", piece: { _ in "x" })
        #expect(closed, "the connection was still open after 10 s of trickling")
    }

    @Test("past the handlers' queue a request is answered at once with 503 overloaded and Retry-After")
    func overloaded() async throws {
        let release = AsyncStream<Void>.makeStream()
        let entered = AsyncStream<Void>.makeStream()
        let (server, port) = try startPlainServer(HTTPServerConfiguration(maximumRequestsInProgress: 1)) { _ in
            entered.continuation.yield()
            for await _ in release.stream { break }
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
        }
        async let held = rawExchange(port: port, "GET /held HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        for await _ in entered.stream { break }
        let refused = try await rawExchange(
            port: port, "GET /x HTTP/1.1\r\nHost: h\r\nX-Request-Id: busy-1\r\nConnection: close\r\n\r\n")
        release.continuation.yield()
        let first = try await held
        await server.stop()
        #expect(refused.status == 503)
        #expect(refused.errorCode == "overloaded")
        #expect(refused.header("Retry-After") == "1")
        #expect(refused.header("Content-Type") == "application/json")
        #expect(refused.header("X-Request-Id") == "busy-1")
        #expect(first.status == 200)
    }

    @Test("connections from one client past its limit are closed; another client is still served")
    func perClientLimit() async throws {
        let (server, port) = try startPlainServer(HTTPServerConfiguration(maximumConnectionsPerClient: 4))
        let (closedCount, answer) = try await onOwnThread { () -> (Int, RawAnswer) in
            let greedy = try (0..<8).map { _ in
                try RawConnection(port: port, source: "127.0.0.2", receiveTimeout: .milliseconds(500))
            }
            for connection in greedy { connection.send("GET /x HTTP/1.1\r\n") }
            let closed = greedy.filter { $0.isClosedByServer() }.count
            let other = try RawConnection(port: port, receiveTimeout: .seconds(10))
            other.send("GET /x HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
            return (closed, RawAnswer(other.readAll()))
        }
        await server.stop()
        #expect(closedCount == 4, "8 connections, 4 allowed")
        #expect(answer.status == 200)
    }

    @Test("600 slow connections from one address do not keep another client's request waiting")
    func sixHundredSlowConnections() async throws {
        let (server, port) = try startPlainServer()
        let result = try await onOwnThread { () -> (open: Int, refused: Int, milliseconds: Int, status: Int) in
            var greedy: [RawConnection] = []
            for _ in 0..<600 {
                // Bounded: 600 connections, each sends a partial head; the test closes them all at the end.
                greedy.append(try RawConnection(port: port, source: "127.0.0.2", receiveTimeout: .milliseconds(1)))
            }
            for connection in greedy { connection.send("GET /slow HTTP/1.1\r\nHost: h\r\n") }
            for (index, connection) in greedy.enumerated() { connection.send("X-Line: \(index)\r\n") }
            let clock = ContinuousClock()
            let started = clock.now
            let other = try RawConnection(port: port, receiveTimeout: .seconds(30))
            other.send("GET /x HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
            let answer = RawAnswer(other.readAll())
            let elapsed = clock.now - started
            let refused = greedy.filter { !$0.send("X-More: 1\r\n") || $0.isClosedByServer() }.count
            return (
                greedy.count - refused, refused,
                Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000),
                answer.status
            )
        }
        await server.stop()
        #expect(result.status == 200, "the other client's request was answered within 30 s")
        // The time is a measurement, not a pass condition: it goes to the output for the benchmark.
        print(
            "slow-clients: 600 slow connections from 127.0.0.2 (\(result.open) held open, \(result.refused) closed "
                + "by the per-client limit); a request from 127.0.0.1 was answered in \(result.milliseconds) ms")
    }
}
