import Observation

/// Thrown by `waitUntil(_:timeout:)` when the condition did not become true in time.
struct ConditionTimeout: Error, CustomStringConvertible {
    let timeout: Duration
    var description: String { "the condition did not become true within \(timeout)" }
}

/// Returns once `condition` is true, re-checking it whenever observable state it reads changes (a view model's
/// property set by a task a view started). `timeout` is a real-time safety net so that a test whose code never gets
/// there fails instead of hanging; it is not how the wait normally ends.
@MainActor
func waitUntil(_ condition: @escaping @MainActor () -> Bool, timeout: Duration = .seconds(30)) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        guard clock.now < deadline else { throw ConditionTimeout(timeout: timeout) }
        let (changes, continuation) = AsyncStream<Void>.makeStream()
        withObservationTracking {
            _ = condition()
        } onChange: {
            continuation.yield()
            continuation.finish()
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in changes { break }
            }
            group.addTask {
                try? await clock.sleep(until: deadline)
            }
            await group.next()
            group.cancelAll()
        }
    }
}
