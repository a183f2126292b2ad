import Primitives
import TestSupport
import Testing

/// Thrown by `boundedValue(of:_:within:)` when the task had not finished within its real-time bound.
struct TaskTimeout: Error, CustomStringConvertible {
    /// What was waited for.
    let what: String
    /// The real-time bound that ran out.
    let timeout: Duration
    /// Where the test waited.
    let sourceLocation: SourceLocation

    var description: String { "\(what) did not finish within \(timeout) (waited at \(sourceLocation))" }
}

/// The value of `task`, waited for at most `timeout` of real time. Past it, `task` is cancelled and the wait throws
/// `TaskTimeout`, so a test whose work never ends (a clock nobody advances, an answer never given) fails with its
/// name instead of suspending the whole test process. The bound is a safety net, never how a wait normally ends.
func boundedValue<Success: Sendable>(
    of task: Task<Success, Never>,
    _ what: String = "the task",
    within timeout: Duration = .seconds(30),
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> Success {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Success, any Error>) in
        let pending = Locked<CheckedContinuation<Success, any Error>?>(continuation)
        let resume: @Sendable (Result<Success, any Error>) -> Void = { result in
            pending.withLock { waiting in
                defer { waiting = nil }
                return waiting
            }?.resume(with: result)
        }
        let timer = Task {
            do {
                try await ContinuousClock().sleep(for: timeout)
            } catch {
                return  // NB: cancelled: the task finished first.
            }
            task.cancel()
            resume(.failure(TaskTimeout(what: what, timeout: timeout, sourceLocation: sourceLocation)))
        }
        Task {
            let value = await task.value
            timer.cancel()
            resume(.success(value))
        }
    }
}

extension ManualClock {
    /// Returns once a sleeper with exactly `deadline` is registered: the one wait a test means to end, told apart
    /// from other sleepers on the same clock (an API client's attempt deadline while a request is in flight).
    /// `waitForSleepers(count:)` cannot tell them apart: advancing on the wrong sleeper lets the awaited wait start
    /// after the advance, and nothing ends it. Bounded by `waitUntil`'s real-time `timeout`.
    func waitForSleeper(
        until deadline: Instant, timeout: Duration = .seconds(30),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await waitUntil("a sleeper until \(deadline)", timeout: timeout, sourceLocation: sourceLocation) {
            pendingDeadlines.contains(deadline)
        }
    }
}
