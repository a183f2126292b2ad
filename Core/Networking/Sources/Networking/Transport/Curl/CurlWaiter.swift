import Primitives

/// The caller of a transport waiting for a transfer's first result (the whole answer, or a stream's head): resumed
/// exactly once, with the result the driver's thread delivers or, at once when its task is cancelled, with
/// `CancellationError` (never waiting for the driver's thread).
///
/// Sendable without `@unchecked`: the continuation and the cancelled flag live in a `Locked`; continuations are
/// resumed outside it.
final class CurlWaiter<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var cancelled = false
    }

    private let state = Locked(State())

    /// Calls `start` (unless the task is cancelled already) and waits for `resume(with:)`; when the task is
    /// cancelled, returns at once with `CancellationError` and calls `onCancel` (which posts the cancel message).
    ///
    /// - Throws: what `resume(with:)` delivers; `CancellationError` when the calling task is cancelled.
    func wait(start: () -> Void, onCancel: @escaping @Sendable () -> Void) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = state.withLock { state in
                    if !state.cancelled { state.continuation = continuation }
                    return state.cancelled
                }
                if cancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    start()
                }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                state.cancelled = true
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(throwing: CancellationError())
            onCancel()
        }
    }

    /// Resumes the waiting caller with `result`; nothing when it was resumed already (cancelled).
    func resume(with result: Result<Value, any Error>) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}
