import Testing

extension ManualClock {
    /// Suspends until `now` reaches `deadline`; returns at once when it already has. `tolerance` is ignored.
    ///
    /// - Throws: `CancellationError` at once when the task is cancelled before or while it sleeps; the sleeper is
    ///   removed and no longer counts in `sleeperCount`.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await suspend(
            enqueue: { state, id, continuation in
                guard deadline > state.now else { return [continuation] }
                let index = state.sleepers.firstIndex { $0.deadline > deadline } ?? state.sleepers.endIndex
                state.sleepers.insert(Sleeper(id: id, deadline: deadline, continuation: continuation), at: index)
                return state.takeSatisfiedCountWaiters()
            },
            dequeue: { state, id in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index).continuation
            }
        )
    }

    /// Moves `now` forward by `duration` and wakes the sleepers whose deadline has been reached, in deadline order
    /// (equal deadlines in registration order). Returns without waiting for the woken tasks to run.
    ///
    /// A negative duration is a test bug: it records an issue at the caller and leaves the clock unchanged.
    public func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) {
        guard duration >= .zero else {
            Issue.record("ManualClock cannot go back in time (advance by \(duration))", sourceLocation: sourceLocation)
            return
        }
        moveNow { $0.advanced(by: duration) }
    }

    /// Moves `now` to `instant` and wakes the sleepers whose deadline has been reached, like `advance(by:)`.
    ///
    /// An instant before `now` is a test bug: it records an issue at the caller and leaves the clock unchanged.
    public func advance(to instant: Instant, sourceLocation: SourceLocation = #_sourceLocation) {
        let moved = moveNow { max($0, instant) }
        if moved != instant {
            Issue.record("ManualClock cannot go back in time (\(moved) to \(instant))", sourceLocation: sourceLocation)
        }
    }

    /// Sets `now` to `target(now)` and resumes the due sleepers, in order, outside the lock; returns the new `now`.
    @discardableResult
    private func moveNow(_ target: @Sendable (Instant) -> Instant) -> Instant {
        let (now, due) = state.withLock { state in
            state.now = target(state.now)
            let dueCount = state.sleepers.prefix { $0.deadline <= state.now }.count
            let due = state.sleepers.prefix(dueCount).map(\.continuation)
            state.sleepers.removeFirst(dueCount)
            return (state.now, due)
        }
        for continuation in due {
            continuation.resume()
        }
        return now
    }

    /// Suspends the current task until its continuation is resumed, registering it atomically.
    ///
    /// `enqueue` runs under the lock with a fresh id; it stores the continuation (returning continuations to resume
    /// now, such as satisfied waiters) or returns it in the result to resume it at once. `dequeue` removes the
    /// stored continuation by id, or returns nil when someone already took it. Cancellation is race-free: the task's
    /// cancelled flag is set before the cancellation handler runs, and both the handler and `enqueue`'s check of
    /// that flag hold the lock, so either the handler finds the stored continuation, or `enqueue` never stores it.
    func suspend(
        enqueue: (inout State, UInt64, Continuation) -> [Continuation],
        dequeue: @Sendable (inout State, UInt64) -> Continuation?
    ) async throws {
        try Task.checkCancellation()
        let id = state.withLock { $0.takeID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Continuation) in
                let resumeNow: [Continuation]? = state.withLock { state in
                    Task.isCancelled ? nil : enqueue(&state, id, continuation)
                }
                guard let resumeNow else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                for waiting in resumeNow {
                    waiting.resume()
                }
            }
        } onCancel: {
            state.withLock { dequeue(&$0, id) }?.resume(throwing: CancellationError())
        }
    }
}
