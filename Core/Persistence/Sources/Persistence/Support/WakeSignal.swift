import Primitives

/// A level-triggered wake-up for one waiting task: `signal()` wakes the waiter, or makes the next `wait()` return at
/// once when nobody waits, so a signal sent between two waits is never lost.
final class WakeSignal: Sendable {
    private struct State {
        var isPending = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Locked(State())

    /// Wakes the waiter, or leaves the signal pending.
    func signal() {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter else {
                state.isPending = true
                return nil as CheckedContinuation<Void, Never>?
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns when a signal is pending or arrives (consuming it), or when the task is cancelled.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.isPending || Task.isCancelled {
                        state.isPending = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}

/// Lets one task at a time through, in arrival order, across suspension points.
final class AsyncGate: Sendable {
    private struct State {
        var isBusy = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Runs `body` once every earlier caller's body has finished.
    func run<Value>(_ body: () async throws -> Value) async rethrows -> Value {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let enterNow = state.withLock { state in
                guard state.isBusy else {
                    state.isBusy = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if enterNow { continuation.resume() }
        }
        defer {
            let next = state.withLock { state in
                guard !state.waiters.isEmpty else {
                    state.isBusy = false
                    return nil as CheckedContinuation<Void, Never>?
                }
                return state.waiters.removeFirst()
            }
            next?.resume()
        }
        return try await body()
    }
}
