import Dispatch

/// Runs synchronous work that blocks its thread (SQLite reads through `Database.readBlocking`) from async code, on
/// a global dispatch queue, so no thread of Swift's cooperative pool waits for it.
enum BlockingWork {
    /// `body`'s result (or error), computed on a global queue.
    static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try body() })
            }
        }
    }
}
