import Foundation
import TestSupport
import Testing

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `CurlStreamingTransport` against Debian's nginx on loopback: chunks as they arrive, back-pressure, and the end
/// of a stream.
@Suite("CurlStreamingTransport", .timeLimit(.minutes(1)))
struct CurlStreamingTransportTests {
    private func makeTransport(driver: CurlDriver, maximumBufferedChunks: Int = 1024) -> CurlStreamingTransport {
        CurlStreamingTransport(
            driver: driver, idleTimeout: .seconds(30), maximumBufferedChunks: maximumBufferedChunks,
            additionalHeaders: [:])
    }

    @Test("the head comes back before the body, which arrives in several chunks, byte for byte")
    func chunkedBody() async throws {
        let server = try await NginxServer()
        let bytes = patternedBytes(192 * 1024)
        try server.write(bytes, named: "feed.bin")
        let transport = makeTransport(driver: try CurlDriver())
        let response = try await transport.stream(request(server.baseURL, "slow/feed.bin"))
        #expect(response.head.statusCode == 200)
        #expect(response.head.value(forHTTPHeaderField: "Content-Length") == "\(bytes.count)")
        var received = Data()
        var chunks = 0
        for try await chunk in response.body {
            received.append(chunk)
            chunks += 1
        }
        expectSameBytes(received, bytes, "the streamed body")
        #expect(chunks > 1)
    }

    @Test("a reader that falls behind pauses the transfer, which resumes when it catches up; nothing is lost")
    func backPressure() async throws {
        let server = try await NginxServer()
        let bytes = patternedBytes(1 << 20)
        try server.write(bytes, named: "big.bin")
        let driver = try CurlDriver()
        let transport = makeTransport(driver: driver, maximumBufferedChunks: 4)
        let response = try await transport.stream(request(server.baseURL, "files/big.bin"))
        try await waitUntil("the transfer paused for the reader") { transport.statistics.pauses >= 1 }
        var received = Data()
        for try await chunk in response.body {
            received.append(chunk)
        }
        #expect(received.count == bytes.count)
        expectSameBytes(received, bytes, "the streamed body")
        #expect(transport.statistics.resumes >= 1)
        #expect(transport.statistics.pauses >= transport.statistics.resumes)
    }

    @Test("leaving the loop early removes the transfer")
    func leavingTheLoop() async throws {
        let server = try await NginxServer()
        try server.write(patternedBytes(1 << 20), named: "big.bin")
        let driver = try CurlDriver()
        let transport = makeTransport(driver: driver)
        do {
            let response = try await transport.stream(request(server.baseURL, "trickle/big.bin"))
            for try await _ in response.body { break }
        }
        try await waitUntil("the driver removed the transfer") { driver.activeTransferCount == 0 }
    }

    @Test("cancelling while the server is silent ends in CancellationError and removes the transfer")
    func cancelBeforeHead() async throws {
        let socket = try LoopbackSocket(listening: true)
        defer { socket.close() }
        let driver = try CurlDriver()
        let transport = makeTransport(driver: driver)
        let task = TestTask { try await transport.stream(request(socket.baseURL, "v1/events")).head.statusCode }
        try await waitUntil("the transfer is on the network") { driver.activeTransferCount == 1 }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        try await waitUntil("the driver removed the transfer") { driver.activeTransferCount == 0 }
    }

    @Test("cancelling the reading task ends the iteration early (as AsyncThrowingStream does) and removes the transfer")
    func cancelWhileReading() async throws {
        let server = try await NginxServer()
        try server.write(patternedBytes(1 << 20), named: "big.bin")
        let driver = try CurlDriver()
        let transport = makeTransport(driver: driver)
        let response = try await transport.stream(request(server.baseURL, "trickle/big.bin"))
        let reader = TestTask {
            var count = 0
            for try await chunk in response.body {
                count += chunk.count
            }
            return count
        }
        reader.cancel()
        let read = try? await reader.value
        #expect((read ?? 0) < 1 << 20)
        try await waitUntil("the driver removed the transfer") { driver.activeTransferCount == 0 }
    }

    @Test("a connection cut in the middle of the body ends the stream with URLError(.networkConnectionLost)")
    func cutMidBody() async throws {
        let server = try await NginxServer()
        try server.write(patternedBytes(1 << 20), named: "big.bin")
        let transport = makeTransport(driver: try CurlDriver())
        let response = try await transport.stream(request(server.baseURL, "trickle/big.bin"))
        var iterator = response.body.makeAsyncIterator()
        _ = try await iterator.next()
        server.cutConnections()
        await expectURLError(.networkConnectionLost) {
            while try await iterator.next() != nil {}
        }
        #expect(APIError.isTransient(.networkConnectionLost))
    }

    @Test("a refused stream is URLError(.cannotConnectToHost)")
    func refused() async throws {
        let socket = try LoopbackSocket(listening: false)
        defer { socket.close() }
        let transport = makeTransport(driver: try CurlDriver())
        await expectURLError(.cannotConnectToHost) { _ = try await transport.stream(request(socket.baseURL, "v1")) }
    }
}
