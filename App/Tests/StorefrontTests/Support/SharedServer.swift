import Foundation
import Logging
import SampleBackend

/// Runs `body` with a sample backend started in this process on loopback (a server several `storefront` processes
/// share through `--api-url`, or a client under test talks to), stopping it afterwards whether `body` throws or not.
///
/// - Parameter configure: Changes the defaults (in memory, a log nobody reads, the wall clock) for the test.
/// - Throws: `SampleServerError` when the server cannot start; `body`'s error.
func withSampleServer(
    _ configure: (inout SampleServerConfiguration) throws -> Void, _ body: (RunningServer) async throws -> Void
) async throws {
    var configuration = SampleServerConfiguration(
        dataDirectory: nil, logger: Logger(label: "test", handler: CapturingLogHandler()), now: { Date() })
    try configure(&configuration)
    let server = try await SampleServer.start(configuration)
    do {
        try await body(server)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}
