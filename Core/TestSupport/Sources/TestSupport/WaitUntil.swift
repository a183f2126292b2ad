import Observation
import Testing

/// Thrown by `waitUntil` when its condition still did not hold after the timeout: the code under test never got
/// there, and the test fails with this instead of hanging.
public struct ConditionTimeout: Error, CustomStringConvertible {
    /// What the test waited for, as the caller described it.
    public let what: String
    /// The real-time bound that passed.
    public let timeout: Duration
    /// Where the test called `waitUntil`.
    public let sourceLocation: SourceLocation

    /// "timed out after 30.0 seconds waiting until <what> (FeedTests/FeedFeatureLikeTests.swift:42:9)".
    public var description: String {
        "timed out after \(timeout) waiting until \(what) (\(sourceLocation))"
    }
}

/// Returns once `condition` holds (at once when it already does), for effects of work the code under test starts on
/// its own: a task a view model started, a handler running on a server thread.
///
/// `condition` runs on the caller's actor (a `@MainActor` test reads main-actor state directly) and is checked
/// again as soon as any `@Observable` property it read changes (Observation), and otherwise every millisecond, so
/// state that is not observable (a counter behind a lock, a server's flag) is seen too. Between checks the caller's
/// actor is free, so the work being waited for runs. `timeout` is a real-time safety net, never how a wait normally
/// ends: nothing depends on a guess of how long the work takes.
///
/// - Parameters:
///   - what: the state waited for, for the failure message ("the results arrive").
///   - timeout: the real-time bound.
/// - Throws: `ConditionTimeout` naming `what`, `timeout` and the call site when `timeout` passes first;
///   `CancellationError` when the waiting task is cancelled.
public func waitUntil(
    _ what: String = "the condition holds",
    timeout: Duration = .seconds(30),
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
        try Task.checkCancellation()
        let (changes, changed) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let holds = withObservationTracking(condition) {
            changed.yield()
        }
        if holds { return }
        guard clock.now < deadline else {
            throw ConditionTimeout(what: what, timeout: timeout, sourceLocation: sourceLocation)
        }
        let recheck = min(clock.now.advanced(by: recheckInterval), deadline)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in changes { return }
            }
            group.addTask {
                try? await clock.sleep(until: recheck)
            }
            await group.next()
            group.cancelAll()
        }
        changed.finish()
    }
}

/// How often `waitUntil` checks a condition that no observable change woke it for.
private let recheckInterval = Duration.milliseconds(1)
