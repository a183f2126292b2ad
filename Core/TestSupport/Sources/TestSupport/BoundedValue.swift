import Primitives
import Testing

/// Thrown by `boundedValue(of:_:within:)` when the task had not finished within its real-time bound.
public struct TaskTimeout: Error, CustomStringConvertible {
    /// What was waited for.
    public let what: String
    /// The real-time bound that ran out.
    public let timeout: Duration
    /// Where the test waited.
    public let sourceLocation: SourceLocation

    /// `<what> did not finish within <timeout> (waited at <file:line>)`.
    public var description: String { "\(what) did not finish within \(timeout) (waited at \(sourceLocation))" }
}

/// The value of `task`, waited for at most `timeout` of real time. Past it, `task` is cancelled and the wait throws
/// `TaskTimeout`, so a test whose work never ends (a clock nobody advances, an answer never given) fails with its
/// name instead of suspending the whole test process. The bound is a safety net, never how a wait normally ends.
///
/// - Throws: `TaskTimeout` when `timeout` of real time passes before `task` finishes.
public func boundedValue<Success: Sendable>(
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
            // The failure first: a task that ends on cancellation must not answer in its place.
            resume(.failure(TaskTimeout(what: what, timeout: timeout, sourceLocation: sourceLocation)))
            task.cancel()
        }
        Task {
            let value = await task.value
            timer.cancel()
            resume(.success(value))
        }
    }
}
