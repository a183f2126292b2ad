/// The injected clock seen as time elapsed since the client was created, so the client can hold any
/// `Clock<Duration>` (a `ContinuousClock` in the App, a manual clock in tests) without being generic over it.
struct ClockTimer: Sendable {
    /// The time elapsed on the clock since the timer was made.
    let now: @Sendable () -> Duration
    /// Sleeps until the clock reaches the given elapsed time; returns at once when it already has.
    /// Throws `CancellationError` when the task is cancelled.
    let sleepUntil: @Sendable (Duration) async throws -> Void

    init<C: Clock<Duration>>(_ clock: C) {
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
        sleepUntil = { elapsed in
            try await clock.sleep(until: origin.advanced(by: elapsed), tolerance: nil)
        }
    }

    /// Thrown by `race(until:_:)` when the deadline came first.
    struct DeadlineExceeded: Error {}

    /// Runs `operation` against the clock: returns its value if it finishes before the clock reaches `deadline`
    /// (elapsed time), and otherwise cancels it, waits for it to stop, and throws `DeadlineExceeded`.
    ///
    /// This is how deadlines hold at sub-second precision whatever the transport does with its own timeouts.
    /// Cancelling the calling task cancels both; the operation's error (or the clock's `CancellationError`) is then
    /// thrown.
    func race<Value: Sendable>(
        until deadline: Duration,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Outcome<Value>.self) { group in
            group.addTask {
                .finished(try await operation())
            }
            group.addTask {
                try await sleepUntil(deadline)
                return .deadlineReached
            }
            defer { group.cancelAll() }
            guard case .finished(let value) = try await group.next() else {
                throw DeadlineExceeded()
            }
            return value
        }
    }

    private enum Outcome<Value: Sendable>: Sendable {
        case finished(Value)
        case deadlineReached
    }
}
