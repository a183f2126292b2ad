import Foundation
import TestSupport
import Testing

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The libcurl transports over TLS, against nginx on loopback with a self-signed certificate for 127.0.0.1 made in
/// the test's temporary directory.
@Suite("libcurl transports over TLS", .timeLimit(.minutes(1)))
struct CurlTLSTests {
    @Test("https works with the server's certificate as the CA file; without it the certificate is untrusted")
    func wholeAnswer() async throws {
        let server = try await NginxServer(tls: true)
        let trusting = try makeCurlTransport(certificateAuthorities: server.certificatePath)
        let (data, response) = try await trusting.send(request(server.tlsBaseURL, "echo", headers: ["X-Probe": "tls"]))
        #expect(response.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "GET tls")
        let system = try makeCurlTransport()
        await expectURLError(.serverCertificateUntrusted) {
            _ = try await system.send(request(server.tlsBaseURL, "echo"))
        }
        #expect(!APIError.isTransient(.serverCertificateUntrusted))
    }

    @Test("a stream over https delivers its body with the CA file")
    func streamed() async throws {
        let server = try await NginxServer(tls: true)
        let bytes = patternedBytes(256 * 1024)
        try server.write(bytes, named: "stream.bin")
        let transport = CurlStreamingTransport(
            driver: try CurlDriver(), idleTimeout: .seconds(30), maximumBufferedChunks: 8, additionalHeaders: [:],
            certificateAuthorities: server.certificatePath)
        let response = try await transport.stream(request(server.tlsBaseURL, "files/stream.bin"))
        #expect(response.head.statusCode == 200)
        var received = Data()
        for try await chunk in response.body {
            received.append(chunk)
        }
        expectSameBytes(received, bytes, "the body over TLS")
    }

    @Test("a missing CA file fails the TLS connection as secureConnectionFailed")
    func missingAuthorities() async throws {
        let server = try await NginxServer(tls: true)
        let transport = try makeCurlTransport(
            certificateAuthorities: server.directory.url.appending(path: "absent.pem").path)
        await expectURLError(.secureConnectionFailed) {
            _ = try await transport.send(request(server.tlsBaseURL, "echo"))
        }
    }
}
