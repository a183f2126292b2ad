import Primitives

/// A counting semaphore for tasks: at most `limit` holders at once, the rest wait in arrival order. A waiter whose
/// task is cancelled leaves the queue at once with `CancellationError`.
final class ConcurrencyLimiter: Sendable {
    private struct State {
        var available: Int
        var queue: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID = 0
        var peak = 0
        var limit: Int
    }

    private let state: Locked<State>

    /// A limiter admitting `limit` (at least 1) holders at once.
    init(limit: Int) {
        state = Locked(State(available: max(1, limit), limit: max(1, limit)))
    }

    /// The most holders seen at once.
    var peakHolders: Int { state.withLock { $0.peak } }

    /// Runs `body` while holding a permit.
    ///
    /// - Throws: `CancellationError` when cancelled while waiting; whatever `body` throws.
    func withPermit<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Bool? = state.withLock { state in
                    if Task.isCancelled { return false }
                    if state.available > 0 {
                        state.available -= 1
                        state.peak = max(state.peak, state.limit - state.available)
                        return true
                    }
                    state.queue.append((id, continuation))
                    return nil
                }
                switch outcome {
                case true: continuation.resume()
                case false: continuation.resume(throwing: CancellationError())
                default: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.queue.firstIndex(where: { $0.id == id }) else { return nil }
                return state.queue.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if state.queue.isEmpty {
                state.available += 1
                return nil
            }
            return state.queue.removeFirst().continuation
        }
        next?.resume()
    }
}
