/// Waits, yielding between checks, until `condition` holds on the main actor; fails after `timeout`.
///
/// - Throws: `WaitTimeout` naming what did not happen in time.
@MainActor
func waitUntil(
    _ what: String, timeout: Duration = .seconds(30), _ condition: @MainActor () -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        guard clock.now < deadline else { throw WaitTimeout(what: what) }
        try await clock.sleep(for: .milliseconds(5))
    }
}

/// What `waitUntil` throws when the condition did not hold in time.
struct WaitTimeout: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting until \(what)" }
}
