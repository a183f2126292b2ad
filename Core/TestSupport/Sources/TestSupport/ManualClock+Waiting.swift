import Testing

extension ManualClock {
    /// Returns as soon as at least `count` sleepers are registered (and at once when they already are), so a test
    /// can advance the clock knowing the code under test has reached its sleep.
    ///
    /// Only sleepers still waiting count: a sleep whose deadline had already passed returns without registering,
    /// and woken or cancelled sleepers leave the count. `timeout` is a real-time safety net for a test whose code
    /// never sleeps as often as expected (the test fails instead of hanging); it is not how the wait ends normally.
    ///
    /// - Throws: `ManualClock.WaitTimeout` when `timeout` of real time passes first; `CancellationError` when the
    ///   waiting task is cancelled.
    public func waitForSleepers(count: Int, timeout: Duration = .seconds(30)) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await self.suspend(
                    enqueue: { state, id, continuation in
                        guard state.sleepers.count < count else { return [continuation] }
                        state.countWaiters.append(CountWaiter(id: id, count: count, continuation: continuation))
                        return []
                    },
                    dequeue: { state, id in
                        guard let index = state.countWaiters.firstIndex(where: { $0.id == id }) else { return nil }
                        return state.countWaiters.remove(at: index).continuation
                    }
                )
            }
            group.addTask {
                try await ContinuousClock().sleep(for: timeout)
                throw WaitTimeout(expected: count, registered: self.sleeperCount, timeout: timeout)
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }
}

extension ManualClock {
    /// Returns once a sleeper with exactly `deadline` is registered: the one wait a test means to end, told apart
    /// from other sleepers on the same clock (an API client's attempt deadline while a request is in flight).
    /// `waitForSleepers(count:)` cannot tell them apart: advancing on the wrong sleeper lets the awaited wait start
    /// after the advance, and nothing ends it. Bounded by `waitUntil`'s real-time `timeout`.
    ///
    /// - Throws: what `waitUntil` throws when `timeout` of real time passes first.
    public func waitForSleeper(
        until deadline: Instant, timeout: Duration = .seconds(30),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await waitUntil("a sleeper until \(deadline)", timeout: timeout, sourceLocation: sourceLocation) {
            pendingDeadlines.contains(deadline)
        }
    }
}
