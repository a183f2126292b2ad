import Foundation
import NetworkingTestSupport
import TestSupport
import Testing

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers that do not arrive whole, through `APIClient` and the libcurl transport against nginx on loopback: each is
/// `APIError.interrupted` with its own code and a sentence naming the server's `host:port`, never offline.
@Suite("interrupted answers over real HTTP", .timeLimit(.minutes(1)))
struct InterruptionTests {
    private static func client(_ transport: any HTTPTransport, base: URL) -> APIClient {
        APIClient.testing(
            transport: transport, clock: ContinuousClock(),
            timeouts: RequestTimeouts(attempt: .seconds(20), overall: .seconds(40)), baseURL: base)
    }

    private static func get(_ path: EndpointPath) -> Endpoint<EmptyResponse> {
        Endpoint(.get, path, authentication: .none)
    }

    private static func interruption(
        _ client: APIClient, _ path: EndpointPath, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> TransferInterruption? {
        do {
            _ = try await client.send(get(path))
            Issue.record("\(path) succeeded", sourceLocation: sourceLocation)
        } catch APIError.interrupted(let interruption) {
            return interruption
        } catch {
            Issue.record("\(path) failed otherwise: \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    @Test("a connection closed without an answer is connection_dropped from 127.0.0.1:PORT, retryable")
    func dropped() async throws {
        let server = try await NginxServer()
        let interruption = await Self.interruption(
            Self.client(try makeCurlTransport(), base: server.baseURL), "/drop")
        let hostPort = "127.0.0.1:\(server.port)"
        #expect(interruption == TransferInterruption(kind: .connectionDropped, server: hostPort))
        #expect(interruption?.code == "connection_dropped")
        #expect(interruption?.sentence == "The connection to \(hostPort) dropped before the answer was complete.")
        let error = APIError.interrupted(try #require(interruption))
        #expect(error.isRetryable && error.category == .offline)
        #expect(error.userMessage.contains(hostPort))
    }

    @Test("a body cut short of its Content-Length is truncated_response, distinct from a dropped connection")
    func truncated() async throws {
        let server = try await NginxServer()
        try server.write(patternedBytes(64 * 1024), named: "page.json")
        let interruption = await Self.interruption(
            Self.client(try makeCurlTransport(), base: server.baseURL), "/truncated/page.json")
        let hostPort = "127.0.0.1:\(server.port)"
        #expect(interruption == TransferInterruption(kind: .truncatedResponse, server: hostPort))
        #expect(interruption?.sentence.hasPrefix("The answer from \(hostPort) was cut short") == true)
        #expect(APIError.interrupted(try #require(interruption)).isRetryable)
    }

    @Test("a body over the transport's cap is response_too_large naming the server and the cap, not retried")
    func tooLarge() async throws {
        let server = try await NginxServer()
        try server.write(patternedBytes(100_000), named: "big.bin")
        let interruption = await Self.interruption(
            Self.client(try makeCurlTransport(maximumBodyBytes: 10_000), base: server.baseURL), "/files/big.bin")
        let hostPort = "127.0.0.1:\(server.port)"
        #expect(interruption == TransferInterruption(kind: .responseTooLarge, server: hostPort, limit: 10_000))
        #expect(
            interruption?.sentence
                == "The answer from \(hostPort) is larger than the 10000 bytes the app accepts.")
        let error = APIError.interrupted(try #require(interruption))
        #expect(!error.isRetryable && error.category != .offline)
    }

    @Test("a server certificate nobody vouches for is tls naming the server, not retried")
    func untrustedCertificate() async throws {
        let server = try await NginxServer(tls: true)
        let interruption = await Self.interruption(
            Self.client(try makeCurlTransport(), base: server.tlsBaseURL), "/echo")
        let hostPort = "127.0.0.1:\(server.tlsPort ?? 0)"
        #expect(interruption == TransferInterruption(kind: .tls, server: hostPort))
        #expect(interruption?.sentence.hasPrefix("The secure connection to \(hostPort) failed") == true)
        #expect(!APIError.interrupted(try #require(interruption)).isRetryable)
        let trusting = Self.client(
            try makeCurlTransport(certificateAuthorities: server.certificatePath), base: server.tlsBaseURL)
        _ = try await trusting.send(Self.get("/echo"))
    }

    @Test("host:port names the scheme's port when the URL has none, and brackets an IPv6 host")
    func serverNames() {
        #expect(TransferInterruption.server(of: URL(string: "https://api.example.test/v1")) == "api.example.test:443")
        #expect(TransferInterruption.server(of: URL(string: "http://h/v1")) == "h:80")
        #expect(TransferInterruption.server(of: URL(string: "http://[::1]:8080/")) == "[::1]:8080")
        #expect(TransferInterruption.server(of: nil) == "unknown server")
    }
}
