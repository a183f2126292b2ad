import Foundation

/// Thrown when a bounded wait runs out: the code under test never produced what the test waited for.
struct WaitTimedOut: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
}

/// Runs `body` (which must end by resuming the continuation it is given) with a real-time safety net: when
/// `timeout` passes first, the wait throws `WaitTimedOut` so a broken test fails instead of hanging. It is never how
/// a wait ends normally.
func boundedWait(
    for what: String, timeout: Duration = .seconds(30),
    _ body: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
) async throws {
    let once = ResumeOnce()
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        once.install(continuation)
        let timer = Task {
            do {
                try await ContinuousClock().sleep(for: timeout)
                once.resume(with: .failure(WaitTimedOut(what: what)))
            } catch {
                // Cancelled: the wait ended in time.
            }
        }
        body {
            once.resume(with: .success(()))
            timer.cancel()
        }
    }
}

extension Task where Success == Void, Failure == Never {
    /// Waits for the task to end, failing after `timeout` of real time instead of hanging.
    func finish(within timeout: Duration = .seconds(30)) async throws {
        try await boundedWait(for: "a task to end", timeout: timeout) { done in
            Task<Void, Never> {
                await self.value
                done()
            }
        }
    }
}

/// Resumes a continuation exactly once, whoever comes first.
///
/// `@unchecked Sendable` is sound: `continuation` is only read or written while holding `lock`, and it is taken out
/// (set to nil) before it is resumed, so it is resumed at most once.
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, any Error>?

    func install(_ continuation: CheckedContinuation<Void, any Error>) {
        lock.lock()
        defer { lock.unlock() }
        self.continuation = continuation
    }

    func resume(with result: Result<Void, any Error>) {
        lock.lock()
        let taken = continuation
        continuation = nil
        lock.unlock()
        taken?.resume(with: result)
    }
}
