import FeatureKit
import Foundation
import Logging
import Networking
import SampleBackend
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension IntegrationTests {
    /// The live client against the real sample backend on loopback: a client deadline ends a slow request in time, and
    /// cancelling the calling task ends it at once. Bounds are generous; the integration tests run one at a time.
    @Suite("deadlines and cancellation over real HTTP")
    struct DeadlineTests {
        private static func withSlowServer(_ body: (RunningServer) async throws -> Void) async throws {
            try await withSampleServer(
                { configuration in
                    configuration.catalog = CatalogConfiguration(
                        productCount: 20, postCount: 10, authorCount: 3, messyShare: 0)
                    configuration.faults = try FaultRule.parseAll(["GET /v1/feed latency=10s"])
                    configuration.http.stopGracePeriod = .milliseconds(200)
                }, body)
        }

        private static func client(_ server: RunningServer, attempt: Duration) throws -> APIClient {
            APIClient(
                baseURL: server.baseURL, transport: try TestTransports.make().api, tokenProvider: nil,
                clock: ContinuousClock(),
                retryPolicy: .noRetries, timeouts: RequestTimeouts(attempt: attempt, overall: attempt * 2),
                logger: Logger(label: "test", handler: CapturingLogHandler()), requestIDs: { UUID().uuidString },
                jitter: .fixed(0), currentDate: { Date() })
        }

        private static let feed = Endpoint<EmptyResponse>(.get, "/v1/feed", authentication: .none)

        @Test("a 0.5 s deadline against a 10 s server delay ends with a timeout after 0.4 s and well before 2 s")
        func deadline() async throws {
            try await Self.withSlowServer { server in
                let client = try Self.client(server, attempt: .milliseconds(500))
                let clock = ContinuousClock()
                let start = clock.now
                await #expect(throws: APIError.timeout) { try await client.send(Self.feed) }
                let elapsed = clock.now - start
                #expect(elapsed >= .milliseconds(400), "ended after \(elapsed)")
                #expect(elapsed < .seconds(2), "ended after \(elapsed)")
            }
        }

        @Test("cancelling the calling task ends the request long before the server answers")
        func cancellation() async throws {
            try await Self.withSlowServer { server in
                let client = try Self.client(server, attempt: .seconds(30))
                let request = Task { try await client.send(Self.feed) }
                let clock = ContinuousClock()
                let waitStart = clock.now
                while server.requestsInFlight == 0, clock.now - waitStart < .seconds(5) {
                    try await Task.sleep(for: .milliseconds(10))
                }
                try #require(server.requestsInFlight > 0, "the request never reached the server")
                let cancelledAt = clock.now
                request.cancel()
                await #expect(throws: CancellationError.self) { try await request.value }
                #expect(clock.now - cancelledAt < .seconds(2), "ended \(clock.now - cancelledAt) after the cancel")
            }
        }
    }
}
