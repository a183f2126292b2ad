import Primitives

/// Shares one run of asynchronous work among every caller asking for the same key at the same time.
///
/// - The first caller for a key starts the work in a new task; later callers wait for the same result.
/// - A caller whose task is cancelled stops waiting at once (its cancellation handler resumes it with
///   `CancellationError` synchronously); the others keep waiting.
/// - When the last waiter has gone, the work's task is cancelled and forgotten, so the next caller starts afresh.
///   That cancel is handed to a task of its own: a leaving caller (a screen's prefetch, often on the main actor)
///   returns at once, even while the work's own cancellation (a transport's cancel) is still blocked.
/// - Results reach only the waiters of the key they were computed for.
final class CoalescingTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var generation: Int
        var task: Task<Void, Never>?
        var waiters: [Int: CheckedContinuation<Value, any Error>]
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var nextID = 0
        var started = 0
    }

    private let state = Locked(State())

    /// How many runs of work were started, over the table's life.
    var startedCount: Int { state.withLock { $0.started } }

    /// How many keys have work in flight.
    var inFlightCount: Int { state.withLock { $0.entries.count } }

    /// How many callers wait for `key`.
    func waiterCount(for key: Key) -> Int { state.withLock { $0.entries[key]?.waiters.count ?? 0 } }

    /// The result of `work` for `key`, shared with every concurrent caller for the same key.
    ///
    /// - Throws: what `work` threw, or `CancellationError` when the calling task is cancelled.
    func value(for key: Key, work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let cancelledAlready: Bool = state.withLock { state in
                    if Task.isCancelled { return true }
                    if state.entries[key] != nil {
                        state.entries[key]?.waiters[id] = continuation
                        return false
                    }
                    state.started += 1
                    let generation = id
                    state.entries[key] = Entry(generation: generation, task: nil, waiters: [id: continuation])
                    state.entries[key]?.task = Task {
                        let result: Result<Value, any Error>
                        do {
                            result = .success(try await work())
                        } catch {
                            result = .failure(error)
                        }
                        self.finish(key, generation: generation, with: result)
                    }
                    return false
                }
                if cancelledAlready { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            self.leave(key, waiter: id)
        }
    }

    private func finish(_ key: Key, generation: Int, with result: Result<Value, any Error>) {
        let waiters: [CheckedContinuation<Value, any Error>] = state.withLock { state in
            guard let entry = state.entries[key], entry.generation == generation else { return [] }
            state.entries[key] = nil
            return Array(entry.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    private func leave(_ key: Key, waiter id: Int) {
        let (continuation, abandoned): (CheckedContinuation<Value, any Error>?, Task<Void, Never>?) =
            state.withLock { state in
                guard let continuation = state.entries[key]?.waiters.removeValue(forKey: id) else { return (nil, nil) }
                guard state.entries[key]?.waiters.isEmpty == true else { return (continuation, nil) }
                let task = state.entries[key]?.task
                state.entries[key] = nil
                return (continuation, task)
            }
        continuation?.resume(throwing: CancellationError())
        // This runs inside the leaving waiter's cancellation handler, so on the thread that cancelled it and under
        // its task's status lock. Cancelling the work here would run the work's cancellation handlers (a
        // transport's cancel, which may wait for the transport's own queue) right there, nested under that lock:
        // a lock-order inversion against a transport completing the same transfer. A task of its own cancels it.
        if let abandoned { Task.detached { abandoned.cancel() } }
    }
}
