import Foundation
import TestSupport
import Testing

extension IntegrationTests {
    /// The first command on a new data directory, where the embedded server seeds its database before it can answer:
    /// the request's deadline starts once the server is ready, so a busy machine makes the first run slow, never a
    /// timeout.
    @Suite("the first run on a fresh data directory under CPU load", .timeLimit(.minutes(4)))
    struct FirstRunUnderLoadTests {
        @Test("beside two CPU-bound loops, a first `login` with a 1 s request timeout succeeds while the server seeds")
        func firstLoginUnderLoad() async throws {
            let load = try CPULoad(count: 2, bound: .seconds(200))
            defer { load.stop() }
            for round in 1...3 {
                let process = try StorefrontProcess()
                let started = ContinuousClock.now
                let login = try await process.run(["--request-timeout", "1", "--json", "login", "ada-\(round)"])
                let took = ContinuousClock.now - started
                #expect(login.status == 0, "round \(round), after \(took): \(login)")
                #expect(!login.standardOutput.contains("timeout"), "round \(round): \(login)")
                let feed = try await process.run(["--request-timeout", "1", "feed", "--limit", "3"])
                #expect(feed.status == 0, "round \(round), the second command: \(feed)")
            }
            #expect(load.isRunning, "the loops ran beside every round")
        }
    }
}
